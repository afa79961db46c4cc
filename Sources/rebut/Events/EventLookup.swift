import Store

enum EventLookup {
    /// The event of that name, or a clear error (exit 2) listing what exists.
    static func find(_ name: String, in store: ExpenseStore) throws -> Event {
        if let event = try store.event(named: name) { return event }
        let names = (try? store.events().map(\.name)) ?? []
        printError("rebut: no event named '\(name)'" + (names.isEmpty ? "" : "; events: \(names.joined(separator: ", "))"))
        throw RebutExit.notFound
    }
}
