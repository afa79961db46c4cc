import ArgumentParser
import Store

struct ReceiptsDelete: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete",
        abstract: "Delete a receipt and the store's copy of its image.")

    @OptionGroup var receipt: ReceiptID
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = try storeOptions.open(.existing)
        let r = try ReceiptLookup.find(receipt.id, in: store)
        try store.deleteReceipt(id: r.id!)
        print("deleted receipt #\(r.id!) (\(r.fileName))")
    }
}
