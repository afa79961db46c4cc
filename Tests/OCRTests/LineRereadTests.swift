import Foundation
import RebutTestSupport
import Imaging
import Ingest
import OCR
import RebutCore
import Testing

/// Re-reading chosen lines on the worker that read the page, through real Tesseract.
@Suite struct LineRereadTests {
    static let receipt = ["HARDWARE SHOP", "DATE: 15/06/2017 10:45", "HAMMER 12.00", "TOTAL 12.00"]

    @Test func requestedLinesAreReadAgainAndTheEngineIsLeftAsItWas() async throws {
        let folder = try TemporaryDirectory()
        let file = try folder.ingest(#require(LeptonicaImage.renderedText(Self.receipt, fontSize: 10)), named: "r")
        let pool = try OCRWorkerPool(workers: 1, settings: .default(), cleaning: .default)
        defer { pool.shutdown() }
        let plain = try await pool.recognize(file)
        #expect(plain.rereads.isEmpty)
        let dateLine = try #require(plain.lines.firstIndex { $0.text.contains("DATE") })
        let totalLine = try #require(plain.lines.firstIndex { $0.text.contains("TOTAL") })

        let options = LineRereadOptions(pageSegmentationModes: [7, 13], useWhitelists: true)
        let outcome = try await pool.process(file, rereading: options) { page in
            [LineRereadRequest(lineIndex: dateLine, content: .date),
             LineRereadRequest(lineIndex: totalLine, content: .amount),
             LineRereadRequest(lineIndex: page.lines.count + 5, content: .text)]  // no such line: skipped
        }
        #expect(outcome.page.lines == plain.lines)
        let rereads = outcome.page.rereads
        #expect(rereads.filter { $0.lineIndex == dateLine }.map(\.variant).sorted() == ["psm13@56px", "psm7@56px"])
        #expect(rereads.filter { $0.lineIndex == totalLine }.count == 2)
        #expect(rereads.allSatisfy { [dateLine, totalLine].contains($0.lineIndex) })
        #expect(rereads.contains { $0.lineIndex == dateLine && $0.text.contains("15/06/2017") }, "\(rereads)")
        #expect(rereads.contains { $0.lineIndex == totalLine && $0.text.contains("12.00") }, "\(rereads)")
        #expect(rereads.allSatisfy { $0.confidence > 0 && $0.confidence <= 100 })

        // Page mode and whitelist were restored: the next page reads exactly as before.
        let after = try await pool.recognize(file)
        #expect(after == plain)
    }

    /// A page that reads as a word or two is noise to the engine: it is not read again whole in
    /// another mode (mode 6 read a page of stretched lid grain for 12 s), while a legible page
    /// still gets the fallback its planner asks for.
    @Test func aPageThatReadsAsNoiseGetsNoFallbackReading() async throws {
        let folder = try TemporaryDirectory()
        let pool = try OCRWorkerPool(workers: 1, settings: .default(), cleaning: .default)
        defer { pool.shutdown() }
        let sparse = try folder.ingest(#require(LeptonicaImage.renderedText(["TOTAL 12.00"], fontSize: 10)), named: "sparse")
        let legible = try folder.ingest(#require(LeptonicaImage.renderedText(Self.receipt + Self.receipt, fontSize: 10)),
                                        named: "legible")
        let sparseOutcome = try await pool.process(sparse, refine: { _ in [] }, fallback: { _ in 6 })
        #expect(sparseOutcome.page.fallbackReadings.isEmpty)
        let legibleOutcome = try await pool.process(legible, refine: { _ in [] }, fallback: { _ in 6 })
        #expect(legibleOutcome.page.fallbackReadings.map(\.pageSegmentationMode) == [6])
    }

    /// A planner that asks for far too much is stopped by the page's budget, counted in the
    /// work of reading, not in seconds: the same receipt gets the same re-reads however busy
    /// the machine is.
    @Test func aGreedyPlannerIsStoppedByTheBudgetTheSameWayEachTime() async throws {
        let folder = try TemporaryDirectory()
        let file = try folder.ingest(#require(LeptonicaImage.renderedText(Self.receipt, fontSize: 10)), named: "r")
        let pool = try OCRWorkerPool(workers: 1, settings: .default(), cleaning: .default)
        defer { pool.shutdown() }
        let heights = [24, 30, 40, 48, 56, 64, 72, 80]
        let options = LineRereadOptions(pageSegmentationModes: [7, 13])
        let greedy: @Sendable (OCRPage) -> [LineRereadRequest] = { page in
            page.lines.indices.map { LineRereadRequest(lineIndex: $0, content: .text, lineHeights: heights) }
        }
        let first = try await pool.process(file, rereading: options, refine: greedy)
        let asked = first.page.lines.count * heights.count * 2
        let budget = RereadBudget(firstReading: first.page)
        #expect(budget.remaining == RereadBudget.minimum, "four short lines cost less than the floor")
        #expect(!first.page.rereads.isEmpty)
        #expect(first.page.rereads.count < asked, "\(first.page.rereads.count) of \(asked) readings made")
        let again = try await pool.process(file, rereading: options, refine: greedy)
        #expect(again.page.rereads == first.page.rereads)
    }

    @Test func theBudgetIsAShareOfThePageAndRefusesWhatItCannotPay() {
        let long = TextLine(text: "x", box: Box(x: 0, y: 0, width: 30_000, height: 100))
        let page = OCRPage(lines: [long, TextLine(text: "no box")], meanConfidence: 90, width: 30_000, height: 100)
        var budget = RereadBudget(firstReading: page)
        #expect(budget.remaining == 300 * RereadBudget.shareOfPage)
        let paid = budget.spend(width: 2_000, height: 10)
        #expect(paid)
        #expect(budget.remaining == 300 * RereadBudget.shareOfPage - 200)
        let overdrawn = budget.spend(width: 1_000, height: 10)
        #expect(!overdrawn, "a line it cannot pay for in full is not read")
        #expect(budget.remaining == 300 * RereadBudget.shareOfPage - 200)
    }

    @Test func noRequestsMeansNoRereads() async throws {
        let folder = try TemporaryDirectory()
        let file = try folder.ingest(#require(LeptonicaImage.renderedText(Self.receipt, fontSize: 10)), named: "r")
        let pool = try OCRWorkerPool(workers: 1, settings: .default(), cleaning: .default)
        defer { pool.shutdown() }
        let outcome = try await pool.process(file) { _ in [] }
        #expect(outcome.page.rereads.isEmpty)
        #expect(outcome.page.lines.contains { $0.text.contains("TOTAL") })
    }

    @Test func pagesSavedWithoutRereadsStillDecode() throws {
        let json = #"{"lines":[{"text":"TOTAL 1.00","words":[]}],"meanConfidence":90,"width":10,"height":10}"#
        let page = try JSONDecoder().decode(OCRPage.self, from: Data(json.utf8))
        #expect(page.rereads.isEmpty && page.lines.count == 1)
        var withRereads = page
        withRereads.rereads = [LineReread(lineIndex: 0, text: "TOTAL 7.00", confidence: 91, variant: "psm7")]
        let roundTrip = try JSONDecoder().decode(OCRPage.self, from: JSONEncoder().encode(withRereads))
        #expect(roundTrip == withRereads)
    }
}
