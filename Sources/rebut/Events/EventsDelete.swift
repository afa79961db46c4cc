import ArgumentParser
import Foundation
import Store
#if canImport(Glibc)
import Glibc
#endif

struct EventsDelete: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete",
        abstract: "Delete an event and every receipt filed under it (and their images).",
        discussion: """
        On a terminal it asks you to type the event's name; elsewhere (scripts, pipes) it needs \
        --yes, and without it deletes nothing and exits 64.
        """)

    @Argument(help: "The event's name.") var name: String
    @Flag(name: .long, help: "Do not ask for confirmation.") var yes = false
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = try storeOptions.open(.existing)
        let event = try EventLookup.find(name, in: store)
        let count = try store.receipts(eventId: event.id).count
        // A flat's bookings and a project's manual costs go with it: say so before, not after.
        let bookings = try store.bookings(eventId: event.id!).count, costs = try store.projectCosts(eventId: event.id!).count
        let also = (bookings > 0 ? " and \(bookings) bookings" : "") + (costs > 0 ? " and \(costs) manual costs" : "")
        if !yes {
            guard isatty(STDIN_FILENO) == 1 else {
                printError("rebut: deleting '\(event.name)' removes \(count) receipts\(also); add --yes to confirm (nothing was deleted)")
                throw ExitCode.validationFailure
            }
            print("Delete '\(event.name)' and its \(count) receipts\(also)? Type the event's name to confirm: ", terminator: "")
            guard readLine()?.trimmingCharacters(in: .whitespaces) == event.name else {
                print("Not deleted.")
                return
            }
        }
        let removed = try store.deleteEvent(id: event.id!)
        print("deleted event \(event.name) and \(removed) receipts\(also)")
    }
}
