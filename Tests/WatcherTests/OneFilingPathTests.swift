import Foundation
import Pipeline
import RebutCore
import RebutTestSupport
import Store
import Testing
@testable import Watcher

/// The watched folder and `rebut ingest` are one filing path: the same files give the same
/// records, and neither blocks Swift's cooperative pool with store calls.
@Suite(.serialized) struct OneFilingPathTests {
    static let fixtures = ["receipts/eng-petrol-clean.png", "receipts/spa-supermarket-clean.png", "receipts/eng-hotel-skewed.png"]

    @Test func theWatcherAndIngestFileIdenticalRecords() async throws {
        // A flat's event: its kind steers categories towards household costs, which is what
        // the watcher's own copy of the filing code used to forget.
        let ingestBed = try WatchBed()
        let flat = try ingestBed.store.createEvent(Event(name: "Flat 2B", kind: .property, currency: "EUR"))
        try FileManager.default.createDirectory(at: ingestBed.inbox, withIntermediateDirectories: true)
        let files = try Self.fixtures.map { try ingestBed.drop($0) }
        let before = ingestBed.store.blockingCallsInsideTasks
        let batch = await BatchIngest(filer: try ingestBed.filer(jobs: 2)).run(paths: files.map(\.path), event: flat)
        #expect(ingestBed.store.blockingCallsInsideTasks == before, "ingest blocked the cooperative pool")
        #expect(batch.failures.isEmpty)

        let watchBed = try WatchBed()
        _ = try watchBed.store.createEvent(Event(name: "Flat 2B", kind: .property, currency: "EUR"))
        for fixture in Self.fixtures { try watchBed.drop(fixture) }
        var options = WatchLoopTests.quick
        options.once = true
        options.event = "Flat 2B"
        let watcherBefore = watchBed.store.blockingCallsInsideTasks
        let summary = try await FolderWatcher(folder: watchBed.folder, filer: try watchBed.filer(jobs: 2), options: options).run()
        #expect(watchBed.store.blockingCallsInsideTasks == watcherBefore, "the watcher blocked the cooperative pool")
        #expect(summary.failed == 0)

        let ingested = try Dictionary(uniqueKeysWithValues: ingestBed.receipts().map { ($0.sha256, $0) })
        let watched = try watchBed.receipts()
        #expect(watched.count == Self.fixtures.count && ingested.count == Self.fixtures.count)
        for receipt in watched {
            let twin = try #require(ingested[receipt.sha256])
            #expect(receipt.vendor == twin.vendor)
            #expect(receipt.date == twin.date)
            #expect(receipt.total == twin.total)
            #expect(receipt.currency == twin.currency)
            #expect(receipt.payment == twin.payment)
            #expect(receipt.tax == twin.tax)
            #expect(receipt.category == twin.category, "\(receipt.fileName)")
            #expect(receipt.status == twin.status)
            #expect(receipt.ocrText == twin.ocrText)
            #expect(receipt.candidates == twin.candidates)
            #expect(receipt.confidence == twin.confidence)
        }
    }
}
