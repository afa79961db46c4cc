import ArgumentParser

struct EventsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: "Manage events: the trips, flats and projects receipts are filed under.",
        discussion: """
        An event has a name, a kind (trip, property, project, other), an optional place, \
        start and end dates and a default currency (used when a receipt shows none).

        Examples:
          rebut events create "London, March" --kind trip --place London --start 2026-03-02 --end 2026-03-06 --currency GBP
          rebut events show "London, March"
        """,
        subcommands: [EventsList.self, EventsCreate.self, EventsShow.self, EventsEdit.self, EventsDelete.self],
        defaultSubcommand: EventsList.self)
}
