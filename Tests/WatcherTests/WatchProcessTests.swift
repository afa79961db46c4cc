import Foundation
import Ingest
import RebutTestSupport
import Store
import Testing
import Watcher
#if canImport(Glibc)
import Glibc
#endif

/// The built `rebut watch` as a user (or systemd) runs it: signals, kill -9, retry.
@Suite(.serialized) struct WatchProcessTests {
    static let fixtures = ["eng-petrol-clean.png", "eng-restaurant-clean.png", "cat-restaurant-clean.png",
                           "spa-supermarket-clean.png", "eng-hotel-skewed.png", "spa-bar-skewed.png"]

    @Test func killedMidBatchAndRestartedEveryReceiptIsFiledExactlyOnce() async throws {
        let bed = try WatchBed()
        for (index, name) in Self.fixtures.enumerated() {
            try bed.drop("receipts/\(name)", into: index.isMultiple(of: 2) ? nil : "Trip")
        }
        let expected = Set(try Self.fixtures.map { Ingestor.sha256Hex(try Data(contentsOf: Fixtures.url("receipts/\($0)"))) })
        let log = bed.temp.file("watch.log")

        let first = try RebutExecutable.start(["watch", bed.inbox.path, "--settle", "0.2", "--lang", "eng+spa+cat"],
                                              store: bed.storeURL, log: log)
        // Kill it for real once it is part-way through.
        try await eventually("some receipts to be filed") { try bed.receipts().count >= 2 }
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()
        #expect(first.terminationReason == .uncaughtSignal)

        let second = try RebutExecutable.start(["watch", bed.inbox.path, "--once", "--settle", "0.2", "--lang", "eng+spa+cat"],
                                               store: bed.storeURL, log: log)
        let status = try await RebutExecutable.wait(second)
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(status == 0, "\(output)")

        let receipts = try bed.receipts()
        #expect(receipts.count == Self.fixtures.count, "\(output)")
        #expect(Set(receipts.map(\.sha256)) == expected)
        for receipt in receipts {
            #expect(FileManager.default.fileExists(atPath: bed.store.imageURL(for: receipt).path))
        }
        // Nothing left to file, nothing set aside: every file went into the store once.
        #expect(bed.files().isEmpty, "\(bed.contents())\n\(output)")
    }

    @Test func sigtermFinishesAndExitsZero() async throws {
        let bed = try WatchBed()
        let log = bed.temp.file("watch.log")
        let process = try RebutExecutable.start(["watch", bed.inbox.path, "--settle", "0.2", "--lang", "eng"],
                                                store: bed.storeURL, log: log)
        try bed.drop("receipts/eng-petrol-clean.png")
        try await eventually("the receipt to be filed") { try bed.receipts().count == 1 && bed.files().isEmpty }
        try bed.drop("receipts/eng-restaurant-clean.png")
        // Signalled whatever it is doing at this moment: it must end cleanly, the second
        // receipt either filed and removed or still waiting in the folder, never half-done.
        process.terminate()
        let status = try await RebutExecutable.wait(process)
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(status == 0, "\(output)")
        #expect(process.terminationReason == .exit)
        #expect(output.contains("eng-petrol-clean.png: filed #1 under Inbox") || output.contains("eng-petrol-clean.png: needs review (#1 under Inbox"), "\(output)")
        let filed = try bed.receipts().map(\.fileName)
        let left = bed.files()
        #expect(Set(filed + left) == ["eng-petrol-clean.png", "eng-restaurant-clean.png"])
        #expect(filed.count + left.count == 2)
    }

    @Test func aCorruptFileGoesToFailedWithItsReasonAndRetryPutsItBack() async throws {
        let bed = try WatchBed()
        let log = bed.temp.file("watch.log")
        try bed.drop("bad/truncated.jpg", into: "Paris trip")
        let process = try RebutExecutable.start(["watch", bed.inbox.path, "--once", "--settle", "0.2", "--lang", "eng"],
                                                store: bed.storeURL, log: log)
        let status = try await RebutExecutable.wait(process)
        #expect(status == 1)
        #expect(bed.files() == ["failed/Paris trip/truncated.jpg", "failed/Paris trip/truncated.jpg.error.txt"])
        let note = try String(contentsOf: bed.inbox.appendingPathComponent("failed/Paris trip/truncated.jpg.error.txt"), encoding: .utf8)
        #expect(note.contains("file: Paris trip/truncated.jpg"))
        #expect(note.contains("stage: ingest"))
        #expect(note.contains("reason: ") && note.contains("truncated"))
        #expect(try bed.receipts().isEmpty)

        let retry = try RebutExecutable.start(["retry", bed.inbox.path], store: nil, log: bed.temp.file("retry.log"))
        #expect(try await RebutExecutable.wait(retry) == 0)
        #expect(bed.files() == ["Paris trip/truncated.jpg"])
        #expect(try Data(contentsOf: bed.inbox.appendingPathComponent("Paris trip/truncated.jpg")) ==
                Data(contentsOf: Fixtures.url("bad/truncated.jpg")))
    }
}
