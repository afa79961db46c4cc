import Foundation
import Pipeline
import RebutCore
import RebutTestSupport
import Store
import Testing
@testable import Watcher

/// The stability rule on real files, with the observation times passed in.
@Suite struct StabilityGateTests {
    let settle = Duration.seconds(2)

    @Test func aFileGrowingBetweenObservationsIsNotReadyUntilItStopsGrowing() throws {
        let dir = try TemporaryDirectory()
        let file = dir.file("scan.jpg")
        let bytes = try Data(contentsOf: Fixtures.url("receipts/eng-petrol-clean.png"))
        try bytes.prefix(1000).write(to: file)
        var gate = StabilityGate(settle: settle)
        let t0 = ContinuousClock.now

        #expect(gate.check(file, now: t0) == .waiting)
        let handle = try FileHandle(forWritingTo: file)
        try handle.seekToEnd()
        try handle.write(contentsOf: bytes.dropFirst(1000).prefix(5000))
        // Long after the settle interval, but it grew since the last look: still waiting.
        #expect(gate.check(file, now: t0 + .seconds(10)) == .waiting)
        try handle.write(contentsOf: bytes.dropFirst(6000))
        try handle.close()
        #expect(gate.check(file, now: t0 + .seconds(11)) == .waiting)
        #expect(gate.check(file, now: t0 + .seconds(12)) == .waiting)
        guard case .ready(let snapshot) = gate.check(file, now: t0 + .seconds(13)) else {
            Issue.record("a file unchanged for the settle interval should be ready")
            return
        }
        #expect(snapshot.size == Int64(bytes.count))
    }

    @Test func partialDownloadsAndJunkAreNeverReady() throws {
        let dir = try TemporaryDirectory()
        var gate = StabilityGate(settle: settle)
        let t0 = ContinuousClock.now
        for name in ["scan.jpg.part", "photo.crdownload", "upload.filepart", "x.tmp", "scan.jpg~", ".DS_Store", "._scan.jpg", "Thumbs.db"] {
            let file = dir.file(name)
            try Data("not yet".utf8).write(to: file)
            #expect(gate.check(file, now: t0) == .ignored, "\(name)")
            #expect(gate.check(file, now: t0 + .seconds(3600)) == .ignored, "\(name)")
        }
    }

    @Test func aFileStillOpenForWritingWaitsForItsWriterToClose() throws {
        let dir = try TemporaryDirectory()
        let file = dir.file("scan.png")
        try FileManager.default.copyItem(at: Fixtures.url("receipts/eng-petrol-clean.png"), to: file)
        var gate = StabilityGate(settle: settle, openWriterTimeout: .seconds(300))
        let t0 = ContinuousClock.now
        gate.noteWriting(file)
        #expect(gate.check(file, now: t0) == .waiting)
        #expect(gate.check(file, now: t0 + .seconds(60)) == .waiting)
        gate.noteCompleted(file)
        #expect(gate.check(file, now: t0 + .seconds(61)) != .waiting)
        // A writer that never closes does not block the file for ever.
        var stuck = StabilityGate(settle: settle, openWriterTimeout: .seconds(300))
        stuck.noteWriting(file)
        #expect(stuck.check(file, now: t0) == .waiting)
        #expect(stuck.check(file, now: t0 + .seconds(299)) == .waiting)
        #expect(stuck.check(file, now: t0 + .seconds(301)) != .waiting)
    }

    @Test func aDeletedFileIsGone() throws {
        let dir = try TemporaryDirectory()
        let file = dir.file("scan.png")
        try Data([1, 2, 3]).write(to: file)
        var gate = StabilityGate(settle: settle)
        #expect(gate.check(file, now: .now) == .waiting)
        try FileManager.default.removeItem(at: file)
        #expect(gate.check(file, now: .now + .seconds(5)) == .gone)
    }
}

@Suite struct EventRouterTests {
    @Test func aSubfolderNamesTheEventEvenWithAFixedEvent() throws {
        let bed = try WatchBed()
        let router = EventRouter(folder: bed.folder, fixedEvent: "Office")
        let route = router.route(for: bed.inbox.appendingPathComponent("Paris trip/day 1/x.jpg"))
        #expect(route == .named("Paris trip"))
        let event = try router.event(for: route, date: nil, in: bed.store)
        #expect(event.name == "Paris trip")
        #expect(event.kind == .other)
        #expect(try bed.store.event(named: "paris trip")?.id == event.id)
    }

    @Test func topLevelFilesGoToTheFixedEvent() throws {
        let bed = try WatchBed()
        let router = EventRouter(folder: bed.folder, fixedEvent: "Flat 2B")
        let route = router.route(for: bed.inbox.appendingPathComponent("bill.jpg"))
        #expect(route == .named("Flat 2B"))
        #expect(try router.event(for: route, date: LocalDate(iso8601: "2019-01-01"), in: bed.store).name == "Flat 2B")
    }

    @Test func withoutAFixedEventTheReceiptDateChoosesTheActiveEventElseInbox() throws {
        let bed = try WatchBed()
        let lisbon = try bed.store.createEvent(Event(name: "Lisbon", kind: .trip,
                                                     startDate: LocalDate(iso8601: "2018-03-10"),
                                                     endDate: LocalDate(iso8601: "2018-03-20")))
        _ = try bed.store.createEvent(Event(name: "Old trip", kind: .trip,
                                            startDate: LocalDate(iso8601: "2018-03-01"),
                                            endDate: LocalDate(iso8601: "2018-03-31"), active: false))
        let router = EventRouter(folder: bed.folder)
        let route = router.route(for: bed.inbox.appendingPathComponent("x.jpg"))
        #expect(route == .byDate)
        #expect(try router.event(for: route, date: LocalDate(iso8601: "2018-03-15"), in: bed.store).id == lisbon.id)
        #expect(try router.event(for: route, date: LocalDate(iso8601: "2018-04-15"), in: bed.store).name == EventRouter.inboxName)
        #expect(try router.event(for: route, date: nil, in: bed.store).name == EventRouter.inboxName)
    }

    @Test func outputFoldersAreNeitherEventsNorInput() throws {
        let keep = try TemporaryDirectory()
        let bed = try WatchBed()
        let folder = WatchedFolder(root: bed.inbox, keep: bed.inbox.appendingPathComponent("kept"))
        #expect(!folder.isInputFile(bed.inbox.appendingPathComponent("failed/x.jpg")))
        #expect(!folder.isInputFile(bed.inbox.appendingPathComponent("duplicates/Paris/x.jpg")))
        #expect(!folder.isInputFile(bed.inbox.appendingPathComponent("kept/x.jpg")))
        #expect(!folder.isInputFile(bed.inbox.appendingPathComponent(".sync/x.jpg")))
        #expect(folder.isInputFile(bed.inbox.appendingPathComponent("Paris/x.jpg")))
        #expect(!WatchedFolder(root: bed.inbox, keep: keep.url).isInputFile(keep.url.appendingPathComponent("x.jpg")))
    }
}

@Suite struct DisposerTests {
    @Test func takenNamesGetASuffixAndNothingIsOverwritten() throws {
        let bed = try WatchBed()
        let disposer = Disposer(folder: bed.folder)
        var targets: [URL] = []
        for content in ["first", "second", "third"] {
            let file = bed.inbox.appendingPathComponent("Paris/scan.jpg")
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(content.utf8).write(to: file)
            targets.append(try disposer.setAsideDuplicate(file))
        }
        #expect(targets.map { bed.folder.relativePath(of: $0) } ==
                ["duplicates/Paris/scan.jpg", "duplicates/Paris/scan (2).jpg", "duplicates/Paris/scan (3).jpg"])
        #expect(try targets.map { String(decoding: try Data(contentsOf: $0), as: UTF8.self) } == ["first", "second", "third"])
    }

    @Test func aFailedFileGetsANoteSayingWhyAndRetryPutsItBack() throws {
        let bed = try WatchBed()
        let disposer = Disposer(folder: bed.folder)
        let file = try bed.drop("bad/truncated.jpg", into: "Paris")
        let time = Date(timeIntervalSince1970: 1_700_000_000)
        let failure = ReceiptFailure(file: file, stage: .clean, reason: "corrupt image")
        let first = try disposer.quarantine(file, failure: failure, at: time)
        #expect(bed.folder.relativePath(of: first) == "failed/Paris/truncated.jpg")
        let note = try String(contentsOf: first.appendingPathExtension("error.txt"), encoding: .utf8)
        #expect(note.contains("file: Paris/truncated.jpg"))
        #expect(note.contains("stage: clean"))
        #expect(note.contains("reason: corrupt image"))
        #expect(note.contains("time: 2023-11-14T22:13:20Z"))

        // The same name failing again does not overwrite the first file nor its note.
        try bed.drop("bad/empty.jpg", as: "truncated.jpg", into: "Paris")
        let second = try disposer.quarantine(file, failure: ReceiptFailure(file: file, stage: .ingest, reason: "empty"), at: time)
        #expect(bed.folder.relativePath(of: second) == "failed/Paris/truncated (2).jpg")
        #expect(try String(contentsOf: first.appendingPathExtension("error.txt"), encoding: .utf8) == note)

        let restored = try disposer.retryFailed()
        #expect(restored.map { bed.folder.relativePath(of: $0) ?? "" }.sorted() == ["Paris/truncated (2).jpg", "Paris/truncated.jpg"])
        #expect(bed.files(under: "failed").isEmpty)
        #expect(try Data(contentsOf: bed.inbox.appendingPathComponent("Paris/truncated.jpg")) ==
                Data(contentsOf: Fixtures.url("bad/truncated.jpg")))
    }

    @Test func keepMovesOriginalsOutKeepingTheirSubfolder() throws {
        let bed = try WatchBed()
        let keep = bed.temp.file("kept")
        let disposer = Disposer(folder: WatchedFolder(root: bed.inbox, keep: keep))
        let file = try bed.drop("receipts/eng-petrol-clean.png", into: "Flat 2B")
        let kept = try disposer.removeFiled(file)
        #expect(kept?.path == keep.appendingPathComponent("Flat 2B/eng-petrol-clean.png").path)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(try Data(contentsOf: kept!) == Data(contentsOf: Fixtures.url("receipts/eng-petrol-clean.png")))
    }
}
