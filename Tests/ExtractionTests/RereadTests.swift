import Foundation
import Testing
import RebutCore
@testable import Extraction

/// Which lines are worth a second reading, and how second readings vote with the first.
struct LineHintsTests {
    static let misreadDate = """
    AIK HUAT HARDWARE SDN BHD
    NO. 17-G, JALAN SETIA INDAH
    TEL: 012 - 4651783
    RECEIPT #: CSP0393921 OATES 43/06/2017
    CASHIER: ALI
    SALESPERSON : 10:45:12
    HAMMER 1 12.00
    TOTAL 12.00
    CASH 20.00
    CHANGE 8.00
    """

    static func lines(_ text: String) -> [TextLine] { TextLine.lines(fromPlainText: text) }

    @Test func aGarbledDateLineIsNamedForTheDate() {
        let lines = Self.lines(Self.misreadDate)
        let fields = ReceiptExtractor().extract(from: lines)
        let hints = LineHints.lines(for: [.date], in: lines, extracted: fields)
        #expect(hints.first?.lineIndex == 3)
        #expect(hints.allSatisfy { $0.field == .date })
        // The time line sits beside the date; the phone number is no date.
        #expect(hints.map(\.lineIndex).contains(5))
        #expect(!hints.map(\.lineIndex).contains(2))
    }

    @Test func aDateLabelWithoutDigitsStillCounts() {
        let lines = Self.lines("SHOP\nTARIKH: ab/cd/efgh\nTOTAL 3.00")
        let hints = LineHints.lines(for: [.date], in: lines, extracted: ReceiptExtractor().extract(from: lines))
        #expect(hints.map(\.lineIndex) == [1])
    }

    @Test func totalsAreLeftToTheReceiptsSums() {
        let lines = Self.lines("SHOP\nITEM 4.00\nGRAND TOTAL\n4.0O\nCASH 10.00\nCHANGE 6.00")
        let fields = ReceiptExtractor().extract(from: lines)
        #expect(LineHints.lines(for: [.total], in: lines, extracted: fields).isEmpty)
    }

    @Test func theHeaderIsNamedForTheVendor() {
        let lines = Self.lines(Self.misreadDate)
        let hints = LineHints.lines(for: [.vendor], in: lines, extracted: ReceiptExtractor().extract(from: lines))
        #expect(hints.first?.lineIndex == 0)
        #expect(hints.allSatisfy { $0.lineIndex < 3 })
    }

    @Test func fieldsShareTheLimitAndNoLineIsNamedTwice() {
        let lines = Self.lines(Self.misreadDate)
        let fields = ReceiptExtractor().extract(from: lines)
        let hints = LineHints.lines(for: [.vendor, .date], in: lines, extracted: fields, limit: 4)
        #expect(hints.count == 4)
        #expect(Set(hints.map(\.lineIndex)).count == 4)
        // Round robin: every field gets its best line before any gets a second.
        #expect(Set(hints.prefix(2).map(\.field)) == [.vendor, .date])
        #expect(LineHints.lines(for: [], in: lines, extracted: fields).isEmpty)
    }
}

struct RereadVoteTests {
    let lines = TextLine.lines(fromPlainText: LineHintsTests.misreadDate)

    @Test func aCorrectRereadOfTheDateLineFillsTheDate() {
        let first = ReceiptExtractor().extract(from: lines)
        // The misread line names no real day: at most an unsure guess a digit away.
        #expect(first.date != day("2017-06-15") && (first.confidence[.date] ?? 0) < ReceiptExtractor.reviewThreshold)
        let merged = ReceiptExtractor().extract(
            from: lines, alternatives: [AlternativeReading(lineIndex: 3, text: "RECEIPT #: CSP0393921 DATE: 15/06/2017", confidence: 90)],
            merging: [.date])
        #expect(merged.date == day("2017-06-15"))
        #expect((merged.confidence[.date] ?? 0) >= ReceiptExtractor.reviewThreshold)
        #expect(merged.candidates[.date]?.first?.lineIndex == 3)
        // The other fields are the first reading's.
        #expect(merged.total == first.total && merged.vendor == first.vendor)
    }

    @Test func aWorseRereadLosesToTheFirstReading() {
        let text = LineHintsTests.misreadDate.replacingOccurrences(of: "OATES 43/06/2017", with: "DATE: 15/06/2017")
        let good = TextLine.lines(fromPlainText: text)
        let first = ReceiptExtractor().extract(from: good)
        let merged = ReceiptExtractor().extract(
            from: good, alternatives: [AlternativeReading(lineIndex: 3, text: "RECEIPT CSP0393921 OATE 1S/O6/2O1", confidence: 40)],
            merging: [.date, .total, .vendor])
        #expect(merged.date == day("2017-06-15"))
        #expect(merged.total == first.total && merged.vendor == first.vendor)
        #expect(merged.confidence[.date] == first.confidence[.date])
        #expect(merged.candidates[.date]?.first == first.candidates[.date]?.first)
    }

    @Test func readingsThatAgreeBeatASingleReading() {
        // The first reading's total line lost a digit: 2.00 vs 12.00. Two re-reads agree on 12.00.
        let text = "SHOP SDN BHD\nHAMMER 12.00\nTOTAL 2.00\nTHANK YOU"
        let lines = TextLine.lines(fromPlainText: text)
        let merged = ReceiptExtractor().extract(from: lines, alternatives: [
            AlternativeReading(lineIndex: 2, text: "TOTAL 12.00", confidence: 88),
            AlternativeReading(lineIndex: 2, text: "TOTAL 12.00", confidence: 85),
        ], merging: [.total])
        #expect(merged.total == amount("12.00"))
        let values = merged.values(.total)
        #expect(values.first == "12.00" && values.contains("2.00"))
        #expect(values.count == Set(values).count && values.count <= 5)
    }

    @Test func thePickHeadsItsListAndNoOtherReadingsValueIsScoredAboveIt() {
        // The page reads 1.00 (its own ranking: 1.00 at 0.15, 0.50 at 0.10); one re-read of the
        // line reads 15.00, scored 0.25 by that reading's own sums. Counted, the page outweighs a
        // lone re-read, so 1.00 is the pick: the list must not show 15.00 above it.
        func reading(_ values: [(String, Double)], confidence: Double) -> ReceiptFields {
            var fields = ReceiptFields(total: amount(values[0].0))
            fields.candidates[.total] = values.map { Candidate(value: $0.0, score: $0.1, line: "TOTAL \($0.0)", lineIndex: 2) }
            fields.confidence[.total] = confidence
            return fields
        }
        let page = reading([("1.00", 0.15), ("0.50", 0.10)], confidence: 0.3)
        let reread = reading([("15.00", 0.25)], confidence: 0.4)
        let merged = RereadVote.merge([page, reread], changedLines: [nil, 2], fields: [.total], counted: [.total])
        let listed = merged.candidates[.total] ?? []
        #expect(merged.total == amount("1.00"))
        #expect(listed.map(\.value) == ["1.00", "0.50", "15.00"])
        #expect(listed.allSatisfy { $0.score <= listed[0].score })
        #expect(listed[1].score == 0.10)  // the pick's own reading keeps its scores
    }

    @Test func agreeingRereadsOutvoteThePageOnlyWhereTheReceiptTrustsThemAsMuch() {
        func reading(_ value: String, confidence: Double) -> ReceiptFields {
            var fields = ReceiptFields(total: amount(value))
            fields.candidates[.total] = [Candidate(value: value, score: confidence, line: "TOTAL \(value)", lineIndex: 2)]
            fields.confidence[.total] = confidence
            return fields
        }
        // The page's 31.45 is what its sums close on (sure, 1.0); two re-reads agree on 34.45,
        // which nothing else on the receipt backs (0.86): the page keeps its total.
        let proven = RereadVote.merge([reading("31.45", confidence: 1), reading("34.45", confidence: 0.86),
                                       reading("34.45", confidence: 0.84)],
                                      changedLines: [nil, 2, 2], fields: [.total], counted: [.total])
        #expect(proven.total == amount("31.45"))
        #expect(proven.values(.total) == ["31.45", "34.45"])
        // Judged alike, the two agreeing re-reads outvote the page.
        let alike = RereadVote.merge([reading("200.00", confidence: 0.8), reading("20.00", confidence: 0.8),
                                      reading("20.00", confidence: 0.8)],
                                     changedLines: [nil, 2, 2], fields: [.total], counted: [.total])
        #expect(alike.total == amount("20.00"))
    }

    @Test func aRereadThatLosesTheLabelCannotHandTheFieldToAnotherLine() {
        // Re-reading the total line loses its label; the receipt's sums then favour another amount,
        // but that pick does not come from the re-read line, so it gets no vote.
        let text = "SHOP SDN BHD\nNASI LEMAK 14.10\nTOTAL RM 14.10\nCASH RM 20.00\nCHANGE RM 9.99"
        let lines = TextLine.lines(fromPlainText: text)
        let first = ReceiptExtractor().extract(from: lines)
        var lost = lines
        lost[2].text = "ee os RM 14.10"
        let withoutLabel = ReceiptExtractor().extract(from: lost)
        #expect(withoutLabel.total != first.total)  // the premise: without its label the total moves
        let merged = ReceiptExtractor().extract(
            from: lines, alternatives: [AlternativeReading(lineIndex: 2, text: "ee os RM 14.10", confidence: 51)],
            merging: [.total])
        #expect(merged.total == first.total)
        #expect(merged.confidence[.total] == first.confidence[.total])
    }

    @Test func aRereadThatReadsTheMoneyAgainMayHandTheTotalToAnotherLine() {
        // "CASH 100.08" (for 100.00) less the change is a total printed nowhere; read again, the
        // cash line's money changes, and cash less change is the amount printed on another line.
        let lines = readLines("""
        PASAR MINI SRI JAYA
        18/03/18 09:03
        VEGETABLES 1.20
        FISH BALL 20.40
        TL RM 28.60
        CASH 100.08@80
        CASH CHANGE 71.40
        """)
        #expect(ReceiptExtractor().extract(from: lines).total == amount("28.68"))  // the premise
        #expect(Self.countedTotal(lines, line: 5, rereads: [("CASH 100.00", 68), ("CASH 100.00", 40)]) == amount("28.60"))
        // Not for a re-read that lost the money, nor for an uncounted (unsure) total.
        #expect(Self.countedTotal(lines, line: 5, rereads: [("CASH 8", 68), ("CASH 8", 40)]) == amount("28.68"))
        #expect(RereadVote.readsMoneyAgain("CASH 100.08", as: "CASH 100.00"))
        #expect(!RereadVote.readsMoneyAgain("NET TOTAL 67.85", as: "NET TOTAL a 8"))
        #expect(!RereadVote.readsMoneyAgain("TOTAL 12.00", as: "TOTAL: 12.00"))
    }

    @Test func aTotalLineMisreadAgainDoesNotHandTheTotalToAnAmountPrintedNowhere() {
        // The page's total closes on its rounding (31.47 − 0.02); read again as 34.45 it no longer
        // does, and cash less change (30.00 for 50.00, less 18.55) is printed on no line: the
        // re-reads do not vote for it.
        let lines = readLines("""
        POPULAR BOOK CO. (M) SDN BHD
        07/01/18 14:41
        BOOK 43.07
        Total RM Incl. of GST 31.47@95
        Rounding Adj -0.02@90
        Total RM 31.45@60
        Cash 30.00@80
        CHANGE 18.55@90
        """)
        #expect(ReceiptExtractor().extract(from: lines).total == amount("31.45"))  // the premise
        #expect(Self.countedTotal(lines, line: 5, rereads: [("Total RM 34.45", 60), ("Total RM 34.45", 63)]) == amount("31.45"))
    }

    /// The total when re-reads of one line vote on it, counted (a doubted total).
    static func countedTotal(_ lines: [TextLine], line: Int, rereads: [(text: String, confidence: Double)]) -> Decimal? {
        let first = ReceiptExtractor().extract(from: lines)
        return ReceiptExtractor().extract(from: lines, alternatives: rereads.map {
            AlternativeReading(lineIndex: line, text: $0.text, confidence: $0.confidence)
        }, merging: [.total], countingReadings: [.total], firstReading: first).total
    }

    @Test func agreeingReadingsOfTheSameLineDoNotRaiseConfidence() {
        let lines = TextLine.lines(fromPlainText: "SHOP SDN BHD\nHAMMER 45.90\nTOTAL 45.90")
        let first = ReceiptExtractor().extract(from: lines)
        let merged = ReceiptExtractor().extract(
            from: lines, alternatives: [AlternativeReading(lineIndex: 2, text: "TOTAL 45.90", confidence: 80),
                                        AlternativeReading(lineIndex: 2, text: "TOTAL: 45.90", confidence: 80)],
            merging: [.total])
        #expect(merged.total == first.total)
        #expect((merged.confidence[.total] ?? 0) <= (first.confidence[.total] ?? 0) + 1e-9)
    }

    @Test func onlyTheNamedFieldsAreMerged() {
        let merged = ReceiptExtractor().extract(
            from: lines, alternatives: [AlternativeReading(lineIndex: 3, text: "DATE: 15/06/2017", confidence: 90)],
            merging: [.total])
        #expect(merged.date == ReceiptExtractor().extract(from: lines).date && merged.date != day("2017-06-15"))
    }

    @Test func alternativesForMissingLinesAreIgnored() {
        let first = ReceiptExtractor().extract(from: lines)
        let merged = ReceiptExtractor().extract(
            from: lines, alternatives: [AlternativeReading(lineIndex: 99, text: "DATE: 15/06/2017")], merging: [.date])
        #expect(merged == first)
    }
}
