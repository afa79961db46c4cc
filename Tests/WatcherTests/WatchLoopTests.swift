import Foundation
import Ingest
import Pipeline
import RebutCore
import RebutTestSupport
import Store
import Testing
@testable import Watcher

/// The watch loop in this process on a real folder, real Tesseract, a real SQLite file.
@Suite(.serialized) struct WatchLoopTests {
    static let quick = WatchOptions(settle: .milliseconds(300), rescan: .seconds(60), concurrency: 2)

    @Test func aFileWrittenSlowlyIsFiledOnceAndComplete() async throws {
        let bed = try WatchBed()
        let running = RunningWatcher(FolderWatcher(folder: bed.folder, filer: try bed.filer(), options: Self.quick))
        try await eventually("the watcher to be watching") { running.watcher.isWatching }
        // Written in chunks with pauses longer than the settle interval, the file held open
        // throughout, as a slow scanner does: only the closed, complete file may be read.
        let bytes = try Data(contentsOf: Fixtures.url("receipts/eng-restaurant-clean.png"))
        let target = bed.inbox.appendingPathComponent("scan.png")
        _ = FileManager.default.createFile(atPath: target.path, contents: nil)
        let handle = try FileHandle(forWritingTo: target)
        let chunk = bytes.count / 4 + 1
        for start in stride(from: 0, to: bytes.count, by: chunk) {
            try handle.write(contentsOf: bytes[start..<min(bytes.count, start + chunk)])
            try await Task.sleep(for: .milliseconds(700))   // the scanner's pace, not a wait for the watcher
        }
        try handle.close()

        try await eventually("the scan to be filed and removed") {
            try bed.receipts().count == 1 && bed.files().isEmpty
        }
        let summary = try await running.stop()
        let receipt = try #require(try bed.receipts().first)
        let expected = Ingestor.sha256Hex(bytes)
        #expect(receipt.sha256 == expected)
        #expect(try Data(contentsOf: bed.store.imageURL(for: receipt)) == bytes)
        #expect(summary.failed == 0 && summary.filed + summary.needsReview == 1)
        #expect(bed.contents().isEmpty, "\(bed.contents())")
    }

    @Test func duplicatesGoToDuplicatesAndJunkIsLeftAlone() async throws {
        let bed = try WatchBed()
        let running = RunningWatcher(FolderWatcher(folder: bed.folder, filer: try bed.filer(), options: Self.quick))
        try bed.drop("receipts/eng-petrol-clean.png")
        try await eventually("the first copy to be filed") { try bed.receipts().count == 1 && bed.files().isEmpty }
        try bed.drop("receipts/eng-petrol-clean.png", as: "again.png")
        for junk in [".DS_Store", "Thumbs.db", "._again.png", "scan.png.part", "photo.crdownload", "notes~"] {
            try Data("junk".utf8).write(to: bed.inbox.appendingPathComponent(junk))
        }
        try await eventually("the second copy to be set aside") { bed.files(under: "duplicates") == ["duplicates/again.png"] }
        _ = try await running.stop()

        #expect(try bed.receipts().count == 1)
        #expect(bed.files() == ["Thumbs.db", "duplicates/again.png", "notes~", "photo.crdownload", "scan.png.part"])
        for junk in [".DS_Store", "._again.png"] {
            #expect(FileManager.default.fileExists(atPath: bed.inbox.appendingPathComponent(junk).path))
        }
    }

    @Test func subfoldersNameEventsAndTopLevelFilesFollowTheFixedEvent() async throws {
        let bed = try WatchBed()
        var options = Self.quick
        options.event = "Office"
        options.once = true
        try bed.drop("receipts/eng-petrol-clean.png", into: "Paris trip")
        try bed.drop("receipts/cat-restaurant-clean.png", into: "Flat 2B/2024")
        try bed.drop("receipts/spa-supermarket-clean.png")
        let summary = try await FolderWatcher(folder: bed.folder, filer: try bed.filer(jobs: 2), options: options).run()

        #expect(summary.failed == 0 && summary.filed + summary.needsReview == 3)
        let byFile = Dictionary(uniqueKeysWithValues: try bed.receipts().map { ($0.fileName, $0.eventId) })
        #expect(try byFile["eng-petrol-clean.png"] == bed.store.event(named: "Paris trip")?.id)
        #expect(try byFile["cat-restaurant-clean.png"] == bed.store.event(named: "Flat 2B")?.id)
        #expect(try byFile["spa-supermarket-clean.png"] == bed.store.event(named: "Office")?.id)
        #expect(bed.files().isEmpty, "\(bed.files())")
        #expect(try bed.store.event(named: "failed") == nil && bed.store.event(named: "duplicates") == nil)
    }

    @Test func topLevelReceiptsGoToTheEventContainingTheirDateElseInbox() async throws {
        let bed = try WatchBed()
        let petrol = try Fixtures.truth(for: Fixtures.url("receipts/eng-petrol-clean.png"))
        let day = try #require(LocalDate(iso8601: petrol.date))
        let trip = try bed.store.createEvent(Event(name: "KL trip", kind: .trip, startDate: day, endDate: day))
        try bed.drop("receipts/eng-petrol-clean.png")
        var options = Self.quick
        options.once = true
        _ = try await FolderWatcher(folder: bed.folder, filer: try bed.filer(), options: options).run()
        let receipt = try #require(try bed.receipts().first)
        #expect(receipt.date == day)
        #expect(receipt.eventId == trip.id)
        // Another receipt, whose date no event contains, goes to Inbox.
        try bed.drop("receipts/eng-restaurant-clean.png")
        _ = try await FolderWatcher(folder: bed.folder, filer: try bed.filer(), options: options).run()
        let second = try #require(try bed.receipts().first { $0.fileName == "eng-restaurant-clean.png" })
        #expect(try second.eventId == bed.store.event(named: EventRouter.inboxName)?.id)
    }

    /// What a restart finds after a crash between the store commit and the file's removal.
    @Test func aFileFiledBeforeACrashIsRemovedAndADifferentCopyIsADuplicate() async throws {
        let bed = try WatchBed()
        let filer = try bed.filer()
        let file = try bed.drop("receipts/eng-petrol-clean.png")
        let processor = ReceiptProcessor(filer: filer, router: EventRouter(folder: bed.folder))
        let committed = await processor.process(file, snapshot: try #require(FileSnapshot(file)))
        guard case .filed(let receipt, _) = committed else {
            if case .needsReview = committed {} else { Issue.record("not filed: \(committed)"); return }
            return
        }
        #expect(receipt.sourcePath == file.path)
        // ...crash here: the file is still in the folder. Meanwhile the same image arrives
        // under another name.
        try bed.drop("receipts/eng-petrol-clean.png", into: "Paris")
        var options = Self.quick
        options.once = true
        let summary = try await FolderWatcher(folder: bed.folder, filer: filer, options: options).run()
        #expect(summary.alreadyFiled == 1)
        #expect(summary.duplicates == 1)
        #expect(try bed.receipts().count == 1)
        #expect(bed.files() == ["duplicates/Paris/eng-petrol-clean.png"])
    }
}

/// Both event sources see a subfolder created while the watcher runs and the file put in it.
@Suite(.serialized) struct FolderEventSourceTests {
    @Test(arguments: [false, true])
    func aNewSubfolderAndItsFileAreSeen(polling: Bool) async throws {
        let bed = try WatchBed()
        var options = WatchLoopTests.quick
        if polling { options.poll = .milliseconds(200) }
        let running = RunningWatcher(FolderWatcher(folder: bed.folder, filer: try bed.filer(), options: options))
        try await eventually("the watcher to be watching") { running.watcher.isWatching }
        try bed.drop("receipts/spa-supermarket-clean.png", into: "Madrid")
        try await eventually("the receipt to be filed") { try bed.receipts().count == 1 && bed.files().isEmpty }
        _ = try await running.stop()
        #expect(try bed.receipts().first?.eventId == bed.store.event(named: "Madrid")?.id)
    }
}
