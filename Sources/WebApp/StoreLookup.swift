import Store

/// What a request names by id, looked up off the event loops, or the 404 the app answers with:
/// shared by the pages and the API so both refuse an unknown id the same way.
protocol StoreLookup: Sendable {
    var store: ExpenseStore { get }
}

extension StoreLookup {
    func event(_ id: Int64) async throws -> Event {
        guard let event = try await store.nonBlocking.run({ try $0.event(id: id) }) else {
            throw WebError.notFound("no event with id \(id)")
        }
        return event
    }

    func receipt(_ id: Int64) async throws -> Receipt {
        guard let receipt = try await store.nonBlocking.run({ try $0.receipt(id: id) }) else {
            throw WebError.notFound("no receipt with id \(id)")
        }
        return receipt
    }
}
