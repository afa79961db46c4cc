import ArgumentParser
import Foundation
import RebutCore
import Store

struct EventsShow: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show",
        abstract: "Show an event, its totals per category and its receipts.")

    @Argument(help: "The event's name.") var name: String
    @Flag(name: .long, help: "Print JSON.") var json = false
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = try storeOptions.open(.readOnly)
        let event = try EventLookup.find(name, in: store)
        let receipts = try store.receipts(eventId: event.id)
        let summary = EventSummary(event, receipts: receipts)
        if json {
            struct Shown: Encodable { var event: EventSummary; var details: EventDetailsJSON?; var receipts: [ReceiptRow] }
            print(JSONOutput.pretty(Shown(event: summary, details: try EventDetailsJSON.of(event, in: store),
                                          receipts: receipts.map { ReceiptRow($0, event: event.name) })))
            return
        }
        print(summary.oneLine)
        if let details = try EventDetailsText.line(event, in: store) { print(details) }
        var byCategory: [String: [String: Decimal]] = [:]
        for r in receipts {
            guard let total = r.total else { continue }
            byCategory[r.category ?? "uncategorised", default: [:]][r.currency ?? event.currency ?? "?", default: 0] += total
        }
        if !byCategory.isEmpty {
            print("\nBy category:")
            for (category, sums) in byCategory.sorted(by: { $0.key < $1.key }) {
                let money = sums.sorted { $0.key < $1.key }.map { "\(MoneyFormat.canonical($0.value)) \($0.key)" }
                print("  \(category.padding(toLength: 16, withPad: " ", startingAt: 0)) \(money.joined(separator: " + "))")
            }
        }
        if !receipts.isEmpty {
            print("\nReceipts:")
            for r in receipts { print("  " + ReceiptFormatting.row(r)) }
        }
    }
}
