import Crypto
import Foundation
import HummingbirdBcrypt
import RebutCore
import Store

/// Passwords are kept as bcrypt hashes; session cookies and bearer tokens as SHA-256 hashes
/// of 256 random bits (enough entropy that a fast hash is safe).
public enum Credentials {
    /// bcrypt's cost: about a quarter of a second per check on this kind of machine.
    static let bcryptCost: UInt8 = 12

    /// 32 random bytes from the system's CSPRNG, as 64 hex digits.
    public static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }.joined()
    }

    public static func sha256(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// Sets the password (`rebut serve --set-password`); ends every open session.
    public static func setPassword(_ password: String, in store: ExpenseStore) throws {
        guard password.count >= 8 else {
            throw StoreError.invalidValue(field: "password", value: String(repeating: "*", count: password.count),
                                          reason: "use at least 8 characters")
        }
        try store.setWebPasswordHash(Bcrypt.hash(password, cost: bcryptCost))
    }

    /// bcrypt is a quarter of a second of CPU: it runs on its own serial queue, never on the
    /// cooperative pool (whose few threads serve every request) nor on the blocking-I/O queue
    /// (which adds threads as jobs block, so a burst of logins would take every core). One check
    /// at a time: a burst waits in line instead of starving the OCR workers.
    static let passwordQueue = DispatchQueue(label: "rebut.password-check", qos: .userInitiated)

    static func verifyPassword(_ password: String, in store: ExpenseStore) async throws -> Bool {
        guard let hash = try await store.nonBlocking.run({ try $0.webPasswordHash() }) else { return false }
        return await onPasswordQueue { Bcrypt.verify(password, hash: hash) }
    }

    static func onPasswordQueue<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            passwordQueue.async { continuation.resume(returning: work()) }
        }
    }

    /// A new API token: the token to show once, and what the store keeps.
    public static func createAPIToken(named name: String, in store: ExpenseStore) throws -> (token: String, record: APIToken) {
        let token = "rbt_" + randomToken()
        let record = try store.createAPIToken(name: name, tokenHash: sha256(token))
        return (token, record)
    }
}

/// What the middleware asks the store about a request's credentials.
struct AccessGate: Sendable {
    let store: ExpenseStore
    let requiresLogin: Bool
    let sessionLifetime: TimeInterval

    func token(_ presented: String) async throws -> APIToken? {
        let hash = Credentials.sha256(presented.trimmingCharacters(in: .whitespaces))
        return try await store.nonBlocking.run { try $0.useAPIToken(tokenHash: hash) }
    }

    func session(_ cookieValue: String) async throws -> WebSession? {
        let hash = Credentials.sha256(cookieValue)
        return try await store.nonBlocking.run { try $0.webSession(tokenHash: hash) }
    }
}
