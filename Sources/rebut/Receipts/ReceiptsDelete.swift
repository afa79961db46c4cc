import ArgumentParser
import Store

struct ReceiptsDelete: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete",
        abstract: "Delete receipts and the store's copies of their images.",
        discussion: """
        All or nothing: when one id does not exist, nothing is deleted.

        Examples:
          rebut receipts delete 12
          rebut receipts delete 12 13 17
        """)

    @Argument(help: "The receipts' ids (see `rebut receipts list`).") var ids: [Int64]
    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if ids.isEmpty { throw ValidationError("name at least one receipt id") }
    }

    func run() async throws {
        let store = try storeOptions.open(.existing)
        let unique = ids.reduce(into: [Int64]()) { if !$0.contains($1) { $0.append($1) } }
        let receipts = try unique.map { try ReceiptLookup.find($0, in: store) }
        do {
            try store.deleteReceipts(ids: unique)
        } catch {
            printError("rebut: \(error); nothing was deleted")
            throw RebutExit.notFound
        }
        for r in receipts { print("deleted receipt #\(r.id!) (\(r.fileName))") }
    }
}
