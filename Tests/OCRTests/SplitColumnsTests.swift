import Foundation
@testable import OCR
import RebutCore
import Testing

/// When a reading looks split into a column of labels and a column of cents, and what the
/// one-block reading replaces. Readings are stand-ins (the real engine reads the real slips in
/// `SplitColumnsEndToEndTests`).
@Suite struct SplitColumnsTests {
    static func page(_ rows: [String]) -> OCRPage {
        let lines = rows.enumerated().map { index, row in
            TextLine(text: row, confidence: 90, box: Box(x: 0, y: index * 30, width: 300, height: 25),
                     words: row.split(separator: " ").map {
                         Word(text: String($0), confidence: 90, box: Box(x: 0, y: index * 30, width: 40, height: 25))
                     })
        }
        return OCRPage(lines: lines, meanConfidence: 90, width: 400, height: rows.count * 30)
    }

    static let split = page(["JOO CHIAT PTE LTD", "2 x 10.50 Zi.", "4 x 14.55 58.", "Sub Total 239.", "NETT TOTAL 281",
                             "VISA 281.", "THANK YOU", "00", "20", "13", ".45"])
    static let whole = page(["JOO CHIAT PTE LTD", "2 x 10.50 21.00", "4 x 14.55 58.20", "Sub Total 239.13",
                             "NETT TOTAL 281.45", "VISA 281.45", "THANK YOU"])

    @Test func cutAmountsAndOrphanCentsAreSuspected() {
        #expect(SplitColumns.suspected(Self.split))
        #expect(!SplitColumns.suspected(Self.whole))
    }

    @Test func aPageOfLinesWithoutAnyAmountIsSuspected() {
        let amountless = Self.page(["KEDAI MAWAR", "TELUR GRED A", "MILO 1KG", "TISU MUKA", "TEH BOH 100S", "DUTCH LADY 1L",
                                    "SUB TOTAL", "Service Tax 6%", "NETT TOTAL", "TNG EWALLET", "THANK YOU"])
        #expect(SplitColumns.suspected(amountless))
    }

    @Test func theBlockReadingReplacesASplitPageWhenItHoldsMoreAmounts() throws {
        var reads = 0
        let kept = SplitColumns.rejoined(Self.split) { reads += 1; return Self.whole }
        #expect(reads == 1)
        #expect(kept.lines.map(\.text).contains("NETT TOTAL 281.45"))
        #expect(kept.fallbackReadings.map(\.pageSegmentationMode) == [6])
    }

    @Test func aBlockReadingWithNoMoreAmountsIsOnlyKeptAsTheFallback() throws {
        let kept = SplitColumns.rejoined(Self.split) { Self.split }
        #expect(kept.lines == Self.split.lines)
        #expect(kept.fallbackReadings.count == 1)
    }

    @Test func aWholePageIsNotReadAgain() throws {
        var reads = 0
        _ = SplitColumns.rejoined(Self.whole) { reads += 1; return Self.whole }
        #expect(reads == 0)
    }
}
