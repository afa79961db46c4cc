import ArgumentParser
import Foundation
import Store

struct EventsList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List events with their receipt counts.")

    @Flag(name: .long, help: "Print a JSON array.") var json = false
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = try storeOptions.open(.readOnly)
        let events = try store.events()
        let rows = try events.map { event in
            EventSummary(event, receipts: try store.receipts(eventId: event.id))
        }
        if json {
            print(JSONOutput.pretty(rows))
            return
        }
        if rows.isEmpty {
            print("No events yet. Create one with `rebut events create NAME` or `rebut ingest PATH --event NAME`.")
            return
        }
        for row in rows {
            print(row.oneLine)
        }
    }
}
