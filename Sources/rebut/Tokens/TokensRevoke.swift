import ArgumentParser

struct TokensRevoke: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "revoke",
        abstract: "Revoke an API token: requests with it are refused from now on.",
        discussion: """
        Examples:
          rebut tokens revoke 2
        """)

    @Argument(help: "The token's id (see `rebut tokens list`).") var id: Int64
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = try storeOptions.open(.existing)
        do {
            try store.revokeAPIToken(id: id)
            print("Token #\(id) revoked.")
        } catch {
            printError("rebut: \(error)")
            throw RebutExit.notFound
        }
    }
}
