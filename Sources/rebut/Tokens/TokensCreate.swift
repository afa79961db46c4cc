import ArgumentParser
import WebApp

struct TokensCreate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "create",
        abstract: "Make a new API token and print it (once).",
        discussion: """
        Examples:
          rebut tokens create "expense script"
          TOKEN=$(rebut tokens create ci | tail -1)
        """)

    @Argument(help: "A name to tell tokens apart.") var name: String
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = try storeOptions.open(.create)
        do {
            let (token, record) = try Credentials.createAPIToken(named: name, in: store)
            print("Token #\(record.id ?? 0) \"\(record.name)\" (shown only now; keep it safe):")
            print(token)
        } catch {
            printError("rebut: \(error)")
            throw RebutExit.notFound
        }
    }
}
