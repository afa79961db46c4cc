import Foundation
import RebutCore

extension ExpenseStore {
    /// The store's calls for async code: each runs on the blocking-I/O queue (`BlockingIO`),
    /// never on the cooperative pool, since a filing waits on fsync and on other writers.
    public var nonBlocking: NonBlockingStore { NonBlockingStore(store: self) }
}

public struct NonBlockingStore: Sendable {
    let store: ExpenseStore

    public func receipt(sha256: String) async throws -> Receipt? {
        try await BlockingIO.run { [store] in try store.receipt(sha256: sha256) }
    }

    public func file(_ new: NewReceipt, into eventId: Int64) async throws -> FilingOutcome {
        try await BlockingIO.run { [store] in try store.file(new, into: eventId) }
    }

    public func knownVendors() async throws -> [String] {
        try await BlockingIO.run { [store] in try store.knownVendors() }
    }

    public func learnedCategories() async throws -> [String: String] {
        try await BlockingIO.run { [store] in try store.learnedCategories() }
    }

    public func changeToken() async throws -> StoreChangeToken {
        try await BlockingIO.run { [store] in try store.changeToken() }
    }

    public func removeStrayImages() async throws -> Int {
        try await BlockingIO.run { [store] in try store.removeStrayImages() }
    }

    /// Any blocking work that needs the store (routing a receipt to an event, say).
    public func run<T: Sendable>(_ work: @escaping @Sendable (ExpenseStore) throws -> T) async throws -> T {
        try await BlockingIO.run { [store] in try work(store) }
    }
}

/// Changes when another process files a receipt or records a correction: what tells a batch
/// that the vendors and categories it read at its start are out of date.
public struct StoreChangeToken: Sendable, Equatable {
    public var lastReceiptId: Int64
    public var lastCorrectionId: Int64
}

extension ExpenseStore {
    public func changeToken() throws -> StoreChangeToken {
        try dbPool.read { db in
            StoreChangeToken(lastReceiptId: try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM receipt") ?? 0,
                             lastCorrectionId: try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM correction") ?? 0)
        }
    }
}
