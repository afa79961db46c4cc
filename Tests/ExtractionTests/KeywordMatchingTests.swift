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

    /// OCR drops the tail of a Q: "Oty" is the quantity word, its amount no total.
    @Test func aQReadAsOStillNamesTheQuantity() {
        #expect(ReceiptLine.classify(MatchableLine("fotal Oty = 1.00")) == .quantity)
        #expect(ReceiptLine.classify(MatchableLine("Item Oty Total")) == .quantity)
        #expect(!MatchableLine("OTTO BOOKS").contains(KeywordPattern("QTY")))
        #expect(!MatchableLine("WELCOME TO BOOK CITY").contains(KeywordPattern("TQ")))
        let fields = extract("""
        RESTORAN HASSAN BISTRO
        NASI LEMAK 1 15.00 15.00
        fotal Oty = 1.00
        Total Incl. 6% GST RM 15.00
        """)
        #expect(fields.total == amount("15.00"))
    }

    /// "Qty 8 25.15": a summary line with the count and then the money; the money stays money.
    @Test func moneyAfterTheCountOnAQuantityLineIsNoQuantity() {
        let fields = extract("""
        KING'S CONFECTIONERY S/B
        CHEESE TART 1 9.50 9.50
        KAYA PUFF 4 1.40 5.60
        SLICE CAKE 1 5.70 5.70
        BUTTER CAKE 1 4.35 4.35
        Qty 8 25.15
        (Total Included GST @ 6% : 1.42)
        """)
        #expect(fields.total == amount("25.15"))
    }

    /// The bracket that closes after the tax word survives when its opening and the word
    /// INCLUSIVE are misread: the line is still the total, not the tax.
    @Test func aTaxWordClosingABracketQualifiesTheTotal() {
        #expect(ReceiptLine.classify(MatchableLine("Total Sajestiochusivc of GST) : 80.90")) == .finalTotal)
        #expect(ReceiptLine.classify(MatchableLine("TOTAL (INCL. VAT) 12.00")) == .finalTotal)
        #expect(ReceiptLine.classify(MatchableLine("Total GST 0.00")) == .tax)
        #expect(ReceiptLine.classify(MatchableLine("TOTAL GST 6% 1.20")) == .tax)
        let fields = extract("""
        YONGFATT ENTERPRISE
        ELEGANT SCH TR BAG 1 80.91
        Total GST 0.00
        Rounding -0.01
        Total Sajestiochusivc of GST) : 80.90
        CASH 100.00
        Change 18.10
        """)
        #expect(fields.total == amount("80.90"))
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
