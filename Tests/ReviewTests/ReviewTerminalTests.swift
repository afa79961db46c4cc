import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Pipeline
import RebutCore
import RebutTestSupport
import Review
import Store
import Testing

/// `rebut review` as a person uses it: the built binary on a pseudo-terminal, keys typed into
/// it, and the store checked afterwards. Seeded through the real pipeline (Tesseract, Leptonica).
@Suite(.serialized) struct ReviewTerminalTests {
    static let down = "\u{1B}[B"

    /// Files `formats/<name>` through the real pipeline, then clears the named fields so the
    /// receipt needs review with the OCR's candidates still there.
    static func seed(_ filer: ReceiptFiler, _ name: String, into event: Event,
                     clearing fields: [ReceiptField]) async throws -> Receipt {
        let result = await filer.file(Fixtures.url("formats/\(name)"), into: event)
        var receipt = try #require(result.receipt, "the pipeline could not file \(name): \(result.outcome)")
        for field in fields {
            receipt = try filer.store.setField(field, to: nil, receiptId: receipt.id!)
        }
        #expect(receipt.status == .needsReview)
        return receipt
    }

    static func makeFiler(_ folder: TemporaryDirectory) throws -> ReceiptFiler {
        let store = try ExpenseStore(path: folder.file("store/rebut.sqlite"))
        let analyser = try ReceiptAnalyser(configuration: PipelineConfiguration(languages: "eng", jobs: 1))
        return ReceiptFiler(analyser: analyser, store: store)
    }

    @Test func pickingByNumberArrowsAndTypingFilesTheReceiptAndTheCategoryIsLearned() async throws {
        let folder = try TemporaryDirectory("rebut-review-pty")
        let filer = try Self.makeFiler(folder)
        let store = filer.store
        let event = try store.ensureEvent(named: "Café crawl", kind: .trip)
        let image = Fixtures.url("formats/receipt.png")
        let truth = try Fixtures.truth(for: image)
        let seeded = try await Self.seed(filer, "receipt.png", into: event, clearing: [.total, .date])
        let id = try #require(seeded.id)
        let correctionsBefore = try store.corrections(receiptId: id).count

        let totals = seeded.candidates["total"] ?? []
        let dates = seeded.candidates["date"] ?? []
        let totalIndex = try #require(totals.firstIndex { $0.value == truth.total },
                                      "the OCR offered no total \(truth.total): \(totals.map(\.value))")
        let dateIndex = try #require(dates.firstIndex { $0.value == truth.date },
                                     "the OCR offered no date \(truth.date): \(dates.map(\.value))")
        try #require(totalIndex < 9)
        let fields = ReviewSession.fieldsToReview(seeded, threshold: store.reviewThreshold)
        #expect(fields.contains(.total) && fields.contains(.date))

        let pty = try PseudoTerminal(width: 80, height: 24)
        try pty.run(RebutExecutable.url, ["review", "--store", folder.file("store/rebut.sqlite").path],
                    environment: RebutExecutable.environment())
        try pty.waitFor("Review 1/1  #\(id)  receipt.png")
        try pty.waitFor(ReviewRenderer.keyMap)

        // Fields come in ReceiptField order and focus moves on after each choice.
        for field in fields {
            let mark = pty.mark
            switch field {
            case .vendor:
                pty.send("e")
                try pty.waitFor("vendor> ", after: mark)
                pty.send(truth.vendor + "\r")
                try pty.waitFor("vendor ← \(truth.vendor)", after: mark)
            case .date:
                pty.send(String(repeating: Self.down, count: dateIndex) + "\r")
                try pty.waitFor("date ← \(truth.date) (candidate \(dateIndex + 1)", after: mark)
            case .total:
                pty.send("\(totalIndex + 1)")
                try pty.waitFor("total ← \(truth.total) (candidate \(totalIndex + 1)", after: mark)
            default:
                Issue.record("unexpected field \(field)")
            }
        }
        var mark = pty.mark
        pty.send("c")
        try pty.waitFor("Category: ↑↓ move", after: mark)
        mark = pty.mark
        pty.send("offi\r")
        try pty.waitFor("category ← office", after: mark)
        pty.send("s")
        #expect(try pty.waitForExit() == 0)
        #expect(pty.screenText.contains("Reviewed: 1 saved (1 filed), 0 skipped."))
        #expect(pty.screenText.hasSuffix("\r\n"))   // the summary is printed after the screen closed

        let saved = try #require(try store.receipt(id: id))
        #expect(saved.value(of: .total) == truth.total)
        #expect(saved.date?.iso8601 == truth.date)
        #expect(saved.category == "office")
        #expect(saved.status == .filed)
        let corrections = Array(try store.corrections(receiptId: id).dropFirst(correctionsBefore))
        #expect(corrections.map(\.field) == fields.map(\.rawValue) + ["category"])
        #expect(corrections.first { $0.field == "total" }?.newValue == truth.total)
        let vendor = try #require(saved.vendor)
        #expect(try store.learnedCategories()[VendorKey.make(vendor)] == "office")

        // The same receipt photographed again (another file, another hash): the categoriser
        // now gives the vendor the category chosen in review, not what its rules would.
        let again = await filer.file(Fixtures.url("formats/receipt.jpg"), into: event)
        let next = try #require(again.receipt, "\(again.outcome)")
        #expect(next.id != id)
        #expect(next.category == "office", "vendor \(next.vendor ?? "nil") got \(next.category ?? "nil")")
    }

    @Test func skippingAndQuittingWriteNothingAndQuitSaysWhatItDropped() async throws {
        let folder = try TemporaryDirectory("rebut-review-pty")
        let filer = try Self.makeFiler(folder)
        let event = try filer.store.ensureEvent(named: "Skips", kind: .other)
        let first = try await Self.seed(filer, "receipt.png", into: event, clearing: [.total])
        let second = try await Self.seed(filer, "receipt.tif", into: event, clearing: [.total])
        let before = try [first, second].map { try filer.store.corrections(receiptId: $0.id!).count }
        let queue = try filer.store.receipts(status: .needsReview).map(\.id!)
        #expect(queue.count == 2)

        let pty = try PseudoTerminal()
        try pty.run(RebutExecutable.url, ["review", "--event", "Skips", "--store", folder.file("store/rebut.sqlite").path],
                    environment: RebutExecutable.environment())
        try pty.waitFor("Review 1/2  #\(queue[0])")
        var mark = pty.mark
        pty.send("1")
        try pty.waitFor("(candidate 1; s saves)", after: mark)
        mark = pty.mark
        pty.send("n")
        try pty.waitFor("Review 2/2  #\(queue[1])", after: mark)
        try pty.waitFor("skipped #\(queue[0]) (unsaved choices dropped)", after: mark)
        mark = pty.mark
        pty.send("1")
        try pty.waitFor("(candidate 1; s saves)", after: mark)
        pty.send("q")
        #expect(try pty.waitForExit() == 0)
        #expect(pty.screenText.contains("Discarded unsaved changes to receipt #\(queue[1]): "))
        #expect(pty.screenText.contains("Reviewed: 0 saved (0 filed), 1 skipped, 1 not reached."))

        for (receipt, count) in zip([first, second], before) {
            #expect(try filer.store.corrections(receiptId: receipt.id!).count == count)
            let now = try #require(try filer.store.receipt(id: receipt.id!))
            #expect(now.total == nil)
            #expect(now.status == .needsReview)
        }
    }

    @Test func theTerminalIsRestoredWhenReviewIsTerminated() throws {
        let fixture = try ReviewStoreFixture()
        try fixture.fileSynthetic(seed: 1)
        let pty = try PseudoTerminal(width: 100, height: 30)
        let cooked = try pty.slaveSettings()
        #expect(cooked.c_lflag & tcflag_t(ICANON) != 0)

        try pty.run(RebutExecutable.url, ["review", "--store", fixture.storePath.path],
                    environment: RebutExecutable.environment())
        try pty.waitFor("Review 1/1")
        #expect(try pty.slaveSettings().c_lflag & tcflag_t(ICANON | ECHO) == 0)   // raw while shown

        pty.process.terminate()   // SIGTERM
        _ = try pty.waitForExit()
        #expect(pty.process.terminationReason == .uncaughtSignal)
        let restored = try pty.slaveSettings()
        #expect(restored.c_lflag & tcflag_t(ICANON | ECHO) == tcflag_t(ICANON | ECHO))
        #expect(String(decoding: pty.output.suffix(64), as: UTF8.self).contains("\u{1B}[?1049l"))
    }

    @Test func aResizedTerminalIsRedrawnToTheNewSize() throws {
        let fixture = try ReviewStoreFixture()
        try fixture.fileSynthetic(seed: 1, ocrLines: (1...40).map { "LINE \($0)" })
        let pty = try PseudoTerminal(width: 80, height: 24)
        try pty.run(RebutExecutable.url, ["review", "--store", fixture.storePath.path],
                    environment: RebutExecutable.environment())
        try pty.waitFor("lines 1–13 of 49")
        let mark = pty.mark
        try pty.resize(width: 120, height: 40)
        try pty.waitFor("lines 1–25 of 49", after: mark)
        pty.send("q")
        #expect(try pty.waitForExit() == 0)
    }

    @Test func withoutATerminalItRefusesAndPointsToTheScriptableCommands() throws {
        let fixture = try ReviewStoreFixture()
        try fixture.fileSynthetic(seed: 1)
        let process = Process()
        process.executableURL = RebutExecutable.url
        process.arguments = ["review", "--store", fixture.storePath.path]
        process.environment = RebutExecutable.environment()
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = Pipe()
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        _ = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(stderr.contains("rebut review needs a terminal; use `rebut receipts candidates` and `rebut receipts set`"))
        #expect(try fixture.store.corrections(receiptId: fixture.store.receipts().first!.id!).isEmpty)
    }
}
