import Foundation
import RebutCore
import Testing
@testable import Store

/// Two `ExpenseStore`s on one file stand in for the watcher and the CLI running as two processes:
/// each has its own SQLite connections and only the file (and its locks) in common.
@Suite struct ConcurrencyTests {
    @Test func twoStoresOnOneFileSeeEachOthersWrites() throws {
        let folder = try TemporaryFolder()
        let watcher = try folder.makeStore()
        let cli = try folder.makeStore()
        let event = try watcher.createEvent(Event(name: "KL"))
        #expect(try cli.event(named: "kl")?.id == event.id)
        let filed = try cli.file(newReceipt(seed: 1), into: event.id!).receipt
        #expect(try watcher.receipt(sha256: hexKey(1))?.id == filed.id)
        #expect(try watcher.file(newReceipt(seed: 1), into: event.id!).isDuplicate)
        try watcher.setField(.total, to: "99.90", receiptId: filed.id!)
        #expect(try cli.receipt(id: filed.id!)?.total == Decimal(string: "99.9"))
    }

    @Test func concurrentFilingFromTwoStoresLosesNothingAndDuplicatesNothing() async throws {
        let folder = try TemporaryFolder()
        let stores = [try folder.makeStore(), try folder.makeStore()]
        let eventId = try stores[0].createEvent(Event(name: "KL")).id!
        // Each store files seeds 0..<24; both try every seed, so each seed races once.
        let outcomes = try await withThrowingTaskGroup(of: (Int, Bool).self) { group in
            for store in stores {
                for seed in 0..<24 {
                    group.addTask { (seed, try store.file(newReceipt(seed: seed), into: eventId).isDuplicate) }
                }
            }
            return try await group.reduce(into: [(Int, Bool)]()) { $0.append($1) }
        }
        #expect(outcomes.count == 48)
        for seed in 0..<24 {
            let forSeed = outcomes.filter { $0.0 == seed }.map(\.1)
            #expect(forSeed.sorted { !$0 && $1 } == [false, true], "seed \(seed): exactly one filing wins")
        }
        #expect(try stores[1].receipts().count == 24)
        #expect(folder.imageFiles().count == 24)
    }
}
