import ArgumentParser
import Store

struct ReceiptsList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List receipts.")

    @Option(name: .long, help: "Only this event's receipts.") var event: String?
    @Option(name: .long, help: "filed or needs_review.") var status: ReceiptStatus?
    @Flag(name: .long, help: "Print a JSON array.") var json = false
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = try storeOptions.open(.readOnly)
        let scope = try event.map { try EventLookup.find($0, in: store) }
        let names = Dictionary(uniqueKeysWithValues: try store.events().compactMap { e in e.id.map { ($0, e.name) } })
        let receipts = try store.receipts(eventId: scope?.id, status: status)
        if json {
            print(JSONOutput.pretty(receipts.map { ReceiptRow($0, event: names[$0.eventId] ?? "") }))
            return
        }
        if receipts.isEmpty { print("No receipts."); return }
        for r in receipts {
            print(ReceiptFormatting.row(r) + (scope == nil ? "  (\(names[r.eventId] ?? "?"))" : ""))
        }
    }
}
