import Extraction
import Foundation
import Imaging
import Ingest
import OCR
@testable import Pipeline
import RebutCore
import RebutTestSupport
import Testing

/// Targeted re-reading through real Leptonica and Tesseract.
@Suite struct RereadPipelineTests {
    static let lines = ["HARDWARE CORNER SDN BHD", "NO 12 JALAN MERANTI", "RECEIPT CS0393921 DATE: 15/06/2017",
                        "HAMMER 1 12.00", "SCREWS 2 3.50", "TOTAL 15.50", "CASH 20.00", "CHANGE 4.50"]

    static func image(in dir: TemporaryDirectory) throws -> URL {
        let url = dir.file("receipt.png")
        try #require(LeptonicaImage.renderedText(lines, fontSize: 12)).encoded(as: .png).write(to: url)
        return url
    }

    /// The pool re-reads the date line on its worker; a first reading of that line damaged the way
    /// SROIE scans damage it ("OATES 43/06/2017") gives no date, and the vote over both readings does.
    @Test func aRereadOfTheDateLineRepairsADamagedFirstReading() async throws {
        let dir = try TemporaryDirectory()
        let file = try Ingestor().read(Self.image(in: dir))
        let pool = try OCRWorkerPool(workers: 1, settings: .default(), cleaning: .default)
        defer { pool.shutdown() }
        let outcome = try await pool.process(file) { page in
            let fields = ReceiptExtractor().extract(from: page.lines)
            return LineHints.lines(for: [.date], in: page.lines, extracted: fields)
                .map { LineRereadRequest(lineIndex: $0.lineIndex, content: .date) }
        }
        let page = outcome.page
        let dateLine = try #require(page.lines.firstIndex { $0.text.contains("15/06/2017") }, "\(page.text)")
        #expect(page.rereads.contains { $0.lineIndex == dateLine && $0.text.contains("15/06/2017") }, "\(page.rereads)")

        var damaged = page.lines
        damaged[dateLine].text = "RECEIPT Hs CS0393921 OATES 43/06/2017"
        let extractor = ReceiptExtractor()
        let firstOnly = extractor.extract(from: damaged)
        // "43/06/2017" is no day: at most an unsure guess a digit away (13 June).
        #expect(firstOnly.date?.iso8601 != "2017-06-15" && (firstOnly.confidence[.date] ?? 0) < ReceiptExtractor.reviewThreshold)
        let alternatives = page.rereads.map { AlternativeReading(lineIndex: $0.lineIndex, text: $0.text, confidence: $0.confidence) }
        let merged = extractor.extract(from: damaged, alternatives: alternatives, merging: [.date])
        #expect(merged.date?.iso8601 == "2017-06-15")
        #expect((merged.confidence[.date] ?? 0) >= ReceiptExtractor.reviewThreshold)
        #expect(merged.total == firstOnly.total)
    }

    /// A receipt read confidently the first time costs no re-read.
    @Test func aConfidentReceiptIsNotReread() async throws {
        let dir = try TemporaryDirectory()
        var configuration = PipelineConfiguration(languages: "eng", jobs: 1)
        configuration.referenceDate = Date(timeIntervalSince1970: 1_600_000_000)
        #expect(configuration.rereadUncertainFields)
        let analysed = try await ReceiptAnalyser(configuration: configuration).analyse(Self.image(in: dir))
        #expect(analysed.uncertainFields.isEmpty, "\(analysed.fields)")
        #expect(analysed.page.rereads.isEmpty)
        #expect(analysed.fields.date?.iso8601 == "2017-06-15")
        #expect(analysed.fields.total.map { MoneyFormat.canonical($0) } == "15.50")
    }

    static func line(_ words: [(String, Double)], y: Int) -> TextLine {
        let box = Box(x: 10, y: y, width: 300, height: 30)
        return TextLine(text: words.map(\.0).joined(separator: " "), confidence: words.map(\.1).reduce(0, +) / Double(words.count),
                        box: box, words: words.map { Word(text: $0.0, confidence: $0.1, box: box) })
    }

    static func verificationPage(dateConfidence: Double, totalConfidence: Double = 96, rereads: [String]) -> OCRPage {
        let lines = [line([("KEDAI", 95), ("MAJU", 95), ("SDN", 95), ("BHD", 95)], y: 0),
                     line([("DATE:", 95), ("07/03/18", dateConfidence)], y: 40),
                     line([("TOTAL", 95), ("31.45", totalConfidence)], y: 80),
                     line([("CASH", 95), ("50.00", 96)], y: 120),
                     line([("CHANGE", 95), ("18.55", 96)], y: 160)]
        return OCRPage(lines: lines, meanConfidence: 90, width: 400, height: 200,
                       rereads: rereads.map { LineReread(lineIndex: 1, text: $0, confidence: 80, variant: "test") })
    }

    /// A date picked confidently but from a word Tesseract itself doubts is read again at the
    /// verification sizes; a total read with sure digits is not.
    @Test func doubtedDigitsAreVerifiedAtSeveralSizes() {
        let context = ExtractionContext(referenceDate: LocalDate(year: 2020, month: 1, day: 1))
        let planner = RereadPlanner(extraction: context, verificationLineHeights: [16, 24, 30])
        let requests = planner.requests(Self.verificationPage(dateConfidence: 48, rereads: []))
        #expect(requests.contains { $0.lineIndex == 1 && $0.lineHeights == [16, 24, 30] }, "\(requests)")
        #expect(!requests.contains { $0.lineIndex == 2 })
        let sure = planner.requests(Self.verificationPage(dateConfidence: 93, rereads: []))
        #expect(!sure.contains { $0.lineHeights != nil })
    }

    /// Only the words printing the date count: a doubted time or till number beside a surely read
    /// date is no reason to read the date again, a doubted date beside a sure time is.
    @Test func aDoubtedTimeBesideASureDateIsNoDoubtAboutTheDate() {
        let context = ExtractionContext(referenceDate: LocalDate(year: 2020, month: 1, day: 1))
        let planner = RereadPlanner(extraction: context, verificationLineHeights: [24, 30])
        func page(date: Double, time: Double) -> OCRPage {
            OCRPage(lines: [Self.line([("KEDAI", 95), ("MAJU", 95), ("SDN", 95), ("BHD", 95)], y: 0),
                            Self.line([("09/03/2018", date), ("21:26", time), ("0001", time)], y: 40),
                            Self.line([("TOTAL", 95), ("31.45", 96)], y: 80)],
                    meanConfidence: 90, width: 400, height: 200)
        }
        let sureDate = planner.requests(page(date: 93, time: 40))
        #expect(!sureDate.contains { $0.lineIndex == 1 && $0.lineHeights != nil }, "\(sureDate)")
        let doubtedDate = planner.requests(page(date: 60, time: 96))
        #expect(doubtedDate.contains { $0.lineIndex == 1 && $0.lineHeights == [24, 30] }, "\(doubtedDate)")
        #expect(RereadPlanner.printsValue(.total, "$8,60") && !RereadPlanner.printsValue(.total, "21:26"))
    }

    /// A total whose digits Tesseract doubts is verified like a date: its line is read again at
    /// the verification sizes; a total read with sure digits is not.
    @Test func aDoubtedTotalIsVerifiedAtSeveralSizes() {
        let context = ExtractionContext(referenceDate: LocalDate(year: 2020, month: 1, day: 1))
        let planner = RereadPlanner(extraction: context, verificationLineHeights: [24, 30])
        let doubted = planner.requests(Self.verificationPage(dateConfidence: 93, totalConfidence: 30, rereads: []))
        #expect(doubted.contains { $0.lineIndex == 2 && $0.lineHeights == [24, 30] && $0.content == .amount }, "\(doubted)")
        let sure = planner.requests(Self.verificationPage(dateConfidence: 93, totalConfidence: 96, rereads: []))
        #expect(!sure.contains { $0.lineIndex == 2 }, "\(sure)")
    }

    /// Two readings of the total's line at other sizes agreeing outvote a doubted first reading
    /// (a faint 9 read as a 2), when no sum on the receipt says otherwise.
    @Test func agreeingRereadsOutvoteADoubtedTotal() {
        let context = ExtractionContext(referenceDate: LocalDate(year: 2020, month: 1, day: 1))
        let planner = RereadPlanner(extraction: context)
        let lines = [Self.line([("KEDAI", 95), ("MAJU", 95), ("SDN", 95), ("BHD", 95)], y: 0),
                     Self.line([("DATE:", 95), ("07/03/18", 95)], y: 40),
                     Self.line([("TOTAL", 95), ("24.00", 35)], y: 80)]
        func page(_ rereads: [String]) -> OCRPage {
            OCRPage(lines: lines, meanConfidence: 90, width: 400, height: 200,
                    rereads: rereads.map { LineReread(lineIndex: 2, text: $0, confidence: 80, variant: "test") })
        }
        let verified = planner.merge(page(["TOTAL 94.00", "TOTAL 94.00"]))
        #expect(verified.total.map { MoneyFormat.canonical($0) } == "94.00")
        #expect(verified.values(.total).contains("24.00"))
        #expect(planner.merge(page(["TOTAL 94.00"])).total.map { MoneyFormat.canonical($0) } == "24.00")
    }

    /// A total and a card payment one digit apart, both read with sure digits: one of them is a
    /// misread, so both lines are read again at the verification sizes, and re-reads of the card's
    /// line that agree with the total outvote the page's pick of the card. Amounts that differ in more than one digit are
    /// two amounts, and nothing is read again.
    @Test func totalsOneDigitApartAreBothReadAgainAndCounted() {
        let context = ExtractionContext(referenceDate: LocalDate(year: 2020, month: 1, day: 1))
        let planner = RereadPlanner(extraction: context, verificationLineHeights: [24, 30])
        func page(card: String, rereads: [String] = []) -> OCRPage {
            let lines = [Self.line([("KEDAI", 95), ("MAJU", 95), ("SDN", 95), ("BHD", 95)], y: 0),
                         Self.line([("DATE:", 95), ("07/03/18", 95)], y: 40),
                         Self.line([("TOTAL", 95), ("RM", 95), ("86.17", 96)], y: 80),
                         Self.line([("VISA", 95), ("RM", 95), (card, 96)], y: 120)]
            return OCRPage(lines: lines, meanConfidence: 90, width: 400, height: 200,
                           rereads: rereads.map { LineReread(lineIndex: 3, text: $0, confidence: 85, variant: "test") })
        }
        let apart = planner.requests(page(card: "88.17"))
        #expect(apart.contains { $0.lineIndex == 2 && $0.lineHeights == [24, 30] && $0.content == .amount }, "\(apart)")
        #expect(apart.contains { $0.lineIndex == 3 && $0.lineHeights == [24, 30] && $0.content == .amount }, "\(apart)")
        let unrelated = planner.requests(page(card: "68.19"))
        #expect(!unrelated.contains { $0.lineHeights != nil }, "\(unrelated)")

        #expect(planner.merge(page(card: "88.17")).total.map { MoneyFormat.canonical($0) } == "88.17")
        let reread = planner.merge(page(card: "88.17", rereads: ["VISA RM 86.17", "VISA RM 86.17"]))
        #expect(reread.total.map { MoneyFormat.canonical($0) } == "86.17")
        #expect(reread.values(.total).contains("88.17"))
    }

    /// Two re-reads agreeing outvote the page's doubted reading; against a sure one they do not count.
    @Test func agreeingRereadsOutvoteADoubtedReading() {
        let context = ExtractionContext(referenceDate: LocalDate(year: 2020, month: 1, day: 1))
        let planner = RereadPlanner(extraction: context)
        let rereads = ["DATE: 07/01/18", "DATE: 07/01/18", "DATE: 07/03/18"]
        let doubted = planner.merge(Self.verificationPage(dateConfidence: 48, rereads: rereads))
        #expect(doubted.date?.iso8601 == "2018-01-07")
        #expect(doubted.values(.date).contains("2018-03-07"))
        let sure = planner.merge(Self.verificationPage(dateConfidence: 93, rereads: rereads))
        #expect(sure.date?.iso8601 == "2018-03-07")
        // One dissenting re-read never outvotes the page.
        let single = planner.merge(Self.verificationPage(dateConfidence: 48, rereads: ["DATE: 07/01/18"]))
        #expect(single.date?.iso8601 == "2018-03-07")
    }
}

/// Whole-page fallback readings for receipts whose first reading has no date or total at all,
/// or is unsure of its total, date or vendor.
struct FallbackReadingTests {
    static let context = ExtractionContext(referenceDate: LocalDate(year: 2020, month: 1, day: 1))
    static let withoutDate = TextLine.lines(fromPlainText: "KEDAI MAJU SDN BHD\nTOTAL 31.45\nCASH 50.00\nCHANGE 18.55")
    static let withDate = TextLine.lines(fromPlainText: "KEDAI MAJU SDN BHD\nDate: 22/12/2017\nTOTAL 31.45")

    static func page(_ lines: [TextLine], fallbacks: [FallbackReading] = []) -> OCRPage {
        var page = OCRPage(lines: lines, meanConfidence: 90, width: 400, height: 400)
        page.fallbackReadings = fallbacks
        return page
    }

    @Test func oneWholePageReadingIsMadeOnlyWhileAFieldHasNoCandidateOrAnUnsureOne() {
        let planner = RereadPlanner(extraction: Self.context)
        #expect(planner.nextFallbackMode(Self.page(Self.withDate)) == nil)
        #expect(planner.nextFallbackMode(Self.page(Self.withoutDate)) == 6)
        let found = Self.page(Self.withoutDate, fallbacks: [FallbackReading(pageSegmentationMode: 6, lines: Self.withDate)])
        #expect(planner.nextFallbackMode(found) == nil)
        // Still nothing after mode 6: no third pass (the cost bound: about two readings a receipt).
        let stillNone = Self.page(Self.withoutDate, fallbacks: [FallbackReading(pageSegmentationMode: 6, lines: Self.withoutDate)])
        #expect(planner.nextFallbackMode(stillNone) == nil)
    }

    @Test func aLowerGateAsksForTheFallbackOnlyWhereAFieldIsMissingOrLessSure() {
        let extractor = ReceiptExtractor()
        let missing = extractor.extract(from: Self.withoutDate, context: Self.context)
        #expect(RereadPlanner.wantsFallback(missing, unsureBelow: 0))
        let unsure = extractor.extract(from: Self.unsureTotal, context: Self.context)
        let confidence = unsure.confidence[.total] ?? 0
        #expect(confidence < RereadPlanner.unsureConfidence)
        #expect(RereadPlanner.wantsFallback(unsure))
        #expect(!RereadPlanner.wantsFallback(unsure, unsureBelow: confidence / 2))
    }

    @Test func aMissingFieldComesFromTheFallbackAndTheRestFromThePage() {
        let planner = RereadPlanner(extraction: Self.context)
        let fallbackLines = TextLine.lines(fromPlainText: "KEDAI MAJU SDN BHD\nDate: 22/12/2017\nTOTAL 99.99")
        let merged = planner.merge(Self.page(Self.withoutDate, fallbacks: [FallbackReading(pageSegmentationMode: 6, lines: fallbackLines)]))
        #expect(merged.date?.iso8601 == "2017-12-22")
        // Line numbers of the fallback reading would point at the wrong page lines.
        #expect(merged.candidates[.date]?.allSatisfy { $0.lineIndex == nil } == true)
        // The page had a total: the fallback's is not taken.
        #expect(merged.total.map { MoneyFormat.canonical($0) } == "31.45")
    }

    /// A first reading that found every field but is unsure of one: its total is an amount at
    /// the foot whose label was read as noise, and nothing on the page checks it.
    static let unsureTotal = TextLine.lines(fromPlainText: "KEDAI MAJU SDN BHD\nDate: 22/12/2017\nNASI LEMAK 8.60\nTEH 2.85\n~~ 31.45")
    /// The same receipt read in another mode: the total line read, and the payment that proves it.
    static let provenTotal = TextLine.lines(fromPlainText: "KEDAI MAJU SDN BHD\nDate: 22/12/2017\nNASI LEMAK 8.60\nTOTAL 31.45\nCASH 50.00\nCHANGE 18.55")

    @Test func aFirstReadingUnsureOfAFieldIsReadAgainAndTheSurerReadingOfThatFieldWins() throws {
        let planner = RereadPlanner(extraction: Self.context)
        let first = Self.page(Self.unsureTotal)
        let unsure = try #require(ReceiptExtractor().extract(from: Self.unsureTotal, context: Self.context).confidence[.total] ?? 0)
        #expect(unsure < RereadPlanner.unsureConfidence)
        #expect(planner.nextFallbackMode(first) == 6)
        let merged = planner.merge(Self.page(Self.unsureTotal, fallbacks: [FallbackReading(pageSegmentationMode: 6, lines: Self.provenTotal)]))
        #expect(merged.total.map { MoneyFormat.canonical($0) } == "31.45")
        #expect((merged.confidence[.total] ?? 0) > unsure + RereadPlanner.takeoverMargin)
        #expect(merged.candidates[.total]?.allSatisfy { $0.lineIndex == nil } == true)
        // The fields the first reading was sure of stay the page's, with their lines.
        #expect(merged.date?.iso8601 == "2017-12-22")
        #expect(merged.candidates[.date]?.first?.lineIndex != nil)
    }

    @Test func aSureFirstReadingIsNotReadAgainAndKeepsItsFieldsAgainstALessSureFallback() {
        let planner = RereadPlanner(extraction: Self.context)
        #expect(planner.nextFallbackMode(Self.page(Self.provenTotal)) == nil)
        let merged = planner.merge(Self.page(Self.provenTotal, fallbacks: [FallbackReading(pageSegmentationMode: 6, lines: Self.unsureTotal)]))
        #expect(merged.total.map { MoneyFormat.canonical($0) } == "31.45")
        #expect(merged.candidates[.total]?.first?.lineIndex != nil)
    }
}

extension ReceiptFields {
    fileprivate func values(_ field: ReceiptField) -> [String] { (candidates[field] ?? []).map(\.value) }
}
