import Foundation
import GRDB

/// Who may use the web app: the password's hash, sessions and API tokens. Hashing is the web
/// layer's business; the store keeps what it is given and never sees a password or a token.
extension ExpenseStore {
    static let passwordHashKey = "passwordHash"

    /// The bcrypt hash set with `rebut serve --set-password`, nil when none is set.
    public func webPasswordHash() throws -> String? {
        try dbPool.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM webSetting WHERE key = ?", arguments: [Self.passwordHashKey])
        }
    }

    /// A new password ends every session opened with the old one.
    public func setWebPasswordHash(_ hash: String) throws {
        try dbPool.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO webSetting (key, value) VALUES (?, ?)",
                           arguments: [Self.passwordHashKey, hash])
            try db.execute(sql: "DELETE FROM webSession")
        }
    }

    public func createWebSession(_ session: WebSession) throws {
        try dbPool.write { db in
            try db.execute(sql: "DELETE FROM webSession WHERE expiresAt < ?", arguments: [Date()])
            try session.insert(db)
        }
    }

    /// The session with this hash if it has not expired.
    public func webSession(tokenHash: String) throws -> WebSession? {
        try dbPool.read { db in
            try WebSession.filter(Column("tokenHash") == tokenHash && Column("expiresAt") > Date()).fetchOne(db)
        }
    }

    public func deleteWebSession(tokenHash: String) throws {
        _ = try dbPool.write { db in try WebSession.deleteOne(db, key: tokenHash) }
    }

    public func createAPIToken(name: String, tokenHash: String) throws -> APIToken {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= 100 else {
            throw StoreError.invalidValue(field: "token name", value: name, reason: "1 to 100 characters")
        }
        var token = APIToken(name: name, tokenHash: tokenHash)
        try dbPool.write { db in try token.insert(db) }
        return token
    }

    /// Every token ever made, revoked ones included, oldest first.
    public func apiTokens() throws -> [APIToken] {
        try dbPool.read { db in try APIToken.order(APIToken.Columns.id).fetchAll(db) }
    }

    /// The live (not revoked) token with this hash; marks it used, at most once a minute, so a
    /// busy API client does not turn every read into a write.
    public func useAPIToken(tokenHash: String) throws -> APIToken? {
        let live = APIToken.filter(APIToken.Columns.tokenHash == tokenHash && APIToken.Columns.revokedAt == nil)
        guard var token = try dbPool.read({ db in try live.fetchOne(db) }) else { return nil }
        if let last = token.lastUsedAt, Date().timeIntervalSince(last) < 60 { return token }
        token.lastUsedAt = Date()
        try dbPool.write { db in try token.update(db) }
        return token
    }

    public func revokeAPIToken(id: Int64) throws {
        try dbPool.write { db in
            guard var token = try APIToken.fetchOne(db, key: id) else {
                throw StoreError.invalidValue(field: "token id", value: "\(id)", reason: "no such token")
            }
            if token.revokedAt == nil {
                token.revokedAt = Date()
                try token.update(db)
            }
        }
    }
}
