import Testing
@testable import Extraction
import RebutCore

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

    /// One look-alike letter in a four-letter label ("GASH" for CASH, "PAlD" for PAID): the cash
    /// handed over with no change still proves the total against sums of misread items.
    @Test func aFourLetterLabelReadWithOneLookalikeLetterStillMatches() {
        #expect(ReceiptLine.classify(MatchableLine("GASH 13.80")) == .cashPayment)
        #expect(MatchableLine("PAlD 7.50").contains(KeywordPattern("PAID")))
        #expect(!MatchableLine("CAR WASH 10.00").contains(KeywordPattern("CASH")))
        #expect(!MatchableLine("EACH 2.00").contains(KeywordPattern("CASH")))
        #expect(!MatchableLine("GAGH 2.00").contains(KeywordPattern("CASH")))
        #expect(!MatchableLine("TAK 2.00").contains(KeywordPattern("TAX")))
        // The item and the subtotal misread alike (1 as 4), read more surely than the total:
        // their sum would correct the total one glyph away, but for the cash.
        let fields = extractRead("""
        KEDAI MAKAN SRI
        NASI AYAM 1 40.00 40.00
        TEH O 1 3.00 3.00
        SUB-TOTAL : 43.00@97
        GOV TAX : 0.78
        ROUNDING : 0.02
        TOTAL 13.80@90
        GASH@85 13.80
        CHANGE 0.00
        """)
        #expect(fields.total == amount("13.80"))
    }

    /// A digit read for a letter of a four-letter label ("1NCL" for INCL, "PA1D", "T0TAL" aside):
    /// the total with its tax included stays the total, not the tax.
    @Test func aDigitReadForALetterOfAFourLetterLabelStillMatches() {
        #expect(MatchableLine("Total 1ncl. GST 112.90").contains(KeywordPattern("INCL")))
        #expect(MatchableLine("PA1D 7.50").contains(KeywordPattern("PAID")))
        #expect(!MatchableLine("2018 7.50").contains(KeywordPattern("PAID")))
        let fields = extract("""
        KEDAI KOMPUTER DIGITAL
        LOGITECH MOUSE 1 39.00
        USB DRIVE 2 58.00
        HDMI CABLE 1 15.90
        Total Excl. GST 106.51
        6ST 6% 6.39
        Total 1ncl. GST 112.90
        """)
        #expect(fields.total == amount("112.90"))
    }

    /// A quantity at its unit price ("38,52 l x 1,749 EUR/l") carries a currency word but no total:
    /// the fuel's litres never outrank the amount the slip says is due.
    @Test func aQuantityAtItsUnitPriceIsNoTotal() {
        #expect(ReceiptLine.classify(MatchableLine("38,52 l x 1,749 EUR/l")) == nil)
        #expect(ReceiptLine.classify(MatchableLine("0,812 kg x 1,75 EUR/kg")) == nil)
        #expect(ReceiptLine.classify(MatchableLine("Betrag 67,37 EUR")) == .weakTotal)
        let fields = extract("""
        ARAL Tankstelle
        Säule 3 Super E10
        38,52 l x 1,749 EUR/l
        Betrag 67,37 EUR
        Kartenzahlung girocard
        """)
        #expect(fields.total == amount("67.37"))
    }

    /// "Total Icl. GST 112.90", a letter of INCL lost, reads as the tax; but a tax above the
    /// subtotal it is levied on is no tax: it is the total with its tax.
    @Test func aTaxAboveTheSubtotalIsTheTotal() {
        let text = """
        KEDAI KOMPUTER DIGITAL
        LOGITECH MOUSE 1 39.00
        USB DRIVE 2 58.00
        HDMI CABLE 1 15.90
        Total Excl. GST 106.51
        """
        #expect(extract(text + "\nGST 6% 6.89\nTotal Icl. GST 112.90").total == amount("112.90"))
        // "TOTAL GST 6.39" under the subtotal is the tax.
        #expect(extract(text + "\nTOTAL GST 6.39\nNett Total 112.90").total == amount("112.90"))
        #expect(extract(text + "\nTOTAL GST 6.39\nNett Total 112.90").tax == amount("6.39"))
    }

    /// The phone wallets that pay as a card does are the payment keywords' wallets, less the
    /// words that also name goods.
    @Test func phoneWalletsAreThePaymentWalletsThatNameNoGoods() {
        #expect(ReceiptLine.phoneWallets.keywords.contains("APPLE PAY"))
        #expect(ReceiptLine.phoneWallets.keywords.contains("BIZUM"))
        #expect(!ReceiptLine.phoneWallets.keywords.contains("BOOST"))
        #expect(ReceiptLine.classify(MatchableLine("Touch 'n Go eWallet 17.30")) == .cardPayment)
        #expect(ReceiptLine.classify(MatchableLine("BOOST JUICE 17.30")) != .cardPayment)
    }

    /// "Total Charges" and "Service Charge" are charges made, not CHANGE handed back.
    @Test func chargesAreNoChange() {
        #expect(ReceiptLine.classify(MatchableLine("Total Charges 439.76")) != .change)
        #expect(ReceiptLine.classify(MatchableLine("SERV CHARGE 3.31")) != .change)
        #expect(ReceiptLine.classify(MatchableLine("CHANGE 11.40")) == .change)
        #expect(ReceiptLine.classify(MatchableLine("CHANGF 11.40")) == .change)
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

    /// A label wrapped onto the next line keeps its meaning: the bracket opened on the first
    /// line closes on the second.
    @Test func aLabelWrappedOntoTheNextLineIsOneLabel() {
        let fields = extract("""
        ASIA MART
        DELICIA CHOCOLATE 1 15.25
        GARDENIA JUMBO 1 3.55
        Total Sales (Excluding GST) : 31.03
        Total GST : 1.65
        Rounding : 0.02
        Total Sales (Inclusive of
        GST) : 32.70
        CASH 40.00
        Change : 7.30
        """)
        #expect(fields.total == amount("32.70"))
        let lines = ReceiptLine.analyse(["Total Sales (Inclusive of", "GST) : 32.70", "Total GST : 1.65"].map { TextLine(text: $0) })
        #expect(lines[1].role == AmountRole.finalTotal)
        #expect(lines[2].role == AmountRole.tax)
    }

    /// A label printed above a tax table's header does not reach across it to the table's rows:
    /// the tax line lost its tax word ("KGST @ 6% INCLUDED IN TOTAL"), and its TOTAL went to
    /// the row "SR 14.15 6 0.85" under "GST SUMMARY".
    @Test func aLabelDoesNotReachAcrossATableHeader() {
        let text = """
        TOTAL 15.00
        KGST @ 6% INCLUDED IN TOTAL
        GST SUMMARY
        CODE AMOUNT % TAX/AMT
        SR 14.15 6 0.85
        """
        let amounts = TotalExtractor().labelledAmounts(ReceiptLine.analyse(TextLine.lines(fromPlainText: text)))
        let totals = amounts.filter { [AmountRole.total, .finalTotal].contains($0.role) }.map(\.value)
        #expect(totals.contains(amount("15.00")))
        #expect(!totals.contains(amount("0.85")) && !totals.contains(amount("14.15")), "\(totals)")
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
