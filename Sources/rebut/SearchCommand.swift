import ArgumentParser
import Foundation
import RebutCore
import Reports
import Store

struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "search",
        abstract: "Find receipts by what they say: vendor, OCR text, note or category.",
        discussion: """
        Every word must match, each as the start of a word ("resta" finds "Restaurant"); accents \
        and case are ignored. Best matches first (SQLite FTS5), each with the line that matched.

        Examples:
          rebut search "blue door"
          rebut search taxi --event "London, March"
          rebut search hotel --from 2024-01-01 --to 2024-06-30 --min 100
          rebut search client --category meals --json
        """)

    @Argument(help: "Words to find.") var text: String
    @Option(name: .long, help: "Only this event's receipts.") var event: String?
    @Option(name: .long, help: "Only receipts dated on or after this day (YYYY-MM-DD).") var from: LocalDate?
    @Option(name: .long, help: "Only receipts dated on or before this day.") var to: LocalDate?
    @Option(name: .long, help: "Only totals of at least this amount (in the receipt's currency).") var min: String?
    @Option(name: .long, help: "Only totals of at most this amount.") var max: String?
    @Option(name: .long, help: "Only this category.") var category: String?
    @Option(name: .long, help: "At most this many results.") var limit = 50
    @Flag(name: .long, help: "Print JSON.") var json = false
    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if text.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("give words to search for") }
        for (name, value) in [("--min", min), ("--max", max)] {
            if let value, MoneyFormat.parse(value) == nil { throw ValidationError("\(name) '\(value)' is not an amount such as 12.50") }
        }
        if limit < 1 { throw ValidationError("--limit must be at least 1") }
    }

    func run() async throws {
        let store = try storeOptions.open(.readOnly)
        let eventId = try event.map { try EventLookup.find($0, in: store).id }
        let filter = SearchFilter(eventId: eventId ?? nil, from: from, to: to, minTotal: min.flatMap(MoneyFormat.parse),
                                  maxTotal: max.flatMap(MoneyFormat.parse), category: category)
        let results = try store.search(text, filter: filter, limit: limit).map { SearchResult(receipt: $0, query: text) }
        let events = Dictionary(try store.events().compactMap { e in e.id.map { ($0, e.name) } }, uniquingKeysWith: { a, _ in a })
        if json {
            struct Hit: Encodable {
                var receipt: ReceiptRow
                var field: String
                var line: String
            }
            print(JSONOutput.pretty(results.map {
                Hit(receipt: ReceiptRow($0.receipt, event: events[$0.receipt.eventId] ?? ""), field: $0.field, line: $0.line)
            }))
            return
        }
        if results.isEmpty { print("No receipts match '\(text)'."); return }
        for result in results {
            print(ReceiptFormatting.row(result.receipt) + "  (\(events[result.receipt.eventId] ?? ""))")
            if !result.line.isEmpty { print("    \(result.field): \(TextSanitising.withoutControls(result.line))") }
        }
    }
}
