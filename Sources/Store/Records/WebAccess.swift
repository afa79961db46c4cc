import Foundation
import GRDB

/// A bearer token for the web API (`rebut tokens create`). Only the SHA-256 of the token is
/// kept: the token itself is shown once, when it is made.
public struct APIToken: Codable, Sendable, Hashable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "apiToken"

    public var id: Int64?
    public var name: String
    public var tokenHash: String
    public var createdAt: Date
    public var lastUsedAt: Date?
    /// Set by `rebut tokens revoke`; a revoked token is refused but kept, so the list shows it.
    public var revokedAt: Date?

    public init(id: Int64? = nil, name: String, tokenHash: String, createdAt: Date = Date(),
                lastUsedAt: Date? = nil, revokedAt: Date? = nil) {
        self.id = id
        self.name = name
        self.tokenHash = tokenHash
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.revokedAt = revokedAt
    }

    public enum Columns {
        public static let id = Column("id")
        public static let tokenHash = Column("tokenHash")
        public static let revokedAt = Column("revokedAt")
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// A browser's login, named by the SHA-256 of its cookie.
public struct WebSession: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "webSession"

    public var tokenHash: String
    public var createdAt: Date
    public var expiresAt: Date

    public init(tokenHash: String, createdAt: Date = Date(), expiresAt: Date) {
        self.tokenHash = tokenHash
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}
