import ArgumentParser
import Foundation

struct TokensList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list",
        abstract: "List API tokens: id, name, made, last used, revoked.",
        discussion: """
        Examples:
          rebut tokens list
        """)

    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = try storeOptions.open(.readOnly)
        let tokens = try store.apiTokens()
        if tokens.isEmpty { print("No tokens; make one with `rebut tokens create NAME`.") }
        let format = ISO8601DateFormatter()
        for token in tokens {
            let used = token.lastUsedAt.map { "used \(format.string(from: $0))" } ?? "never used"
            let revoked = token.revokedAt.map { "  REVOKED \(format.string(from: $0))" } ?? ""
            print("#\(token.id ?? 0)  \(token.name)  made \(format.string(from: token.createdAt))  \(used)\(revoked)")
        }
    }
}
