import ArgumentParser
import RebutCore
import Store

struct ReceiptsList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List receipts.")

    @Option(name: .long, help: "Only this event's receipts.") var event: String?
    @Option(name: .long, help: "filed or needs_review.") var status: ReceiptStatus?
    @Option(name: .long, help: "Only this category (see `rebut categories`).") var category: String?
    @Option(name: .long, help: "Only receipts dated on or after this day (YYYY-MM-DD).") var from: LocalDate?
    @Option(name: .long, help: "Only receipts dated on or before this day (YYYY-MM-DD).") var to: LocalDate?
    @Flag(name: .long, help: "Print a JSON array.") var json = false
    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if let from, let to, to < from { throw ValidationError("--to \(to) is before --from \(from)") }
    }

    func run() async throws {
        let store = try storeOptions.open(.readOnly)
        let scope = try event.map { try EventLookup.find($0, in: store) }
        let names = Dictionary(uniqueKeysWithValues: try store.events().compactMap { e in e.id.map { ($0, e.name) } })
        let receipts = try store.receipts(eventId: scope?.id, status: status, category: category, from: from, to: to)
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
