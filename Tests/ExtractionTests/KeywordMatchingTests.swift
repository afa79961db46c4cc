import Testing
@testable import Extraction

/// Fuzzy keyword matching must forgive OCR but not turn ordinary words into keywords.
struct KeywordMatchingTests {
    @Test("OCR-mangled anchors still match", arguments: [
        ("TOTAI", "TOTAL"), ("T0TAL", "TOTAL"), ("TotalSales", "TOTAL SALES"), ("SUBT0TAL", "SUBTOTAL"),
        ("ROUNDlNG ADJ", "ROUNDING"), ("GST SUMMARV", "GST SUMMARY"), ("Rückgeld", "RUCKGELD"),
    ])
    func mangled(line: String, keyword: String) {
        #expect(MatchableLine(line).contains(KeywordPattern(keyword)))
    }

    @Test("ordinary words are not keywords", arguments: [
        ("Triple Six Point Enterprise", "TENDER"), ("Caste USER", "CARTE"),
        ("PRIVATE ROOM", "IVA"), ("TAXI RANK", "TAX"), ("SUMMER CUP", "SUMME"),
    ])
    func notKeywords(line: String, keyword: String) {
        #expect(!MatchableLine(line).contains(KeywordPattern(keyword)))
    }

    @Test func serviceChargeIsNotChange() {
        #expect(ReceiptLine.classify(MatchableLine("Serv Charge 10% 4.08")) != .change)
        #expect(ReceiptLine.classify(MatchableLine("CHANGE 4.08")) == .change)
    }

    @Test func noiseWithAShortLegalFormIsNotAVendor() {
        let fields = extract("i. Sas eS\nTEO BROTHERS STATIONERY & BOOKS\nNO. 5, JALAN BESAR\nTOTAL 3.00")
        #expect(fields.vendor == "TEO BROTHERS STATIONERY & BOOKS")
    }
}
