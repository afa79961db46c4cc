import Foundation
import Testing
import RebutCore
@testable import Extraction

/// The total: anchor words, traps, and the receipt's own arithmetic.
struct TotalTests {
    @Test func subtotalTaxCashAndChangeAreTraps() {
        let fields = extract("""
        CORNER HARDWARE SDN BHD
        HAMMER 1 18.00 18.00
        NAILS 2 3.50 7.00
        SUBTOTAL 25.00
        GST 6% 1.50
        TOTAL 26.50
        CASH 50.00
        CHANGE 23.50
        """)
        #expect(fields.total == amount("26.50"))
        #expect(fields.values(.total).contains("25.00"))
        #expect(fields.candidates[.total]?.first?.lineIndex == 5)
    }

    @Test func grandTotalBeatsTotalAndSubtotal() {
        let fields = extract("""
        SUB TOTAL 40.00
        SERVICE CHARGE 10% 4.00
        TOTAL 44.00
        DISCOUNT -4.00
        GRAND TOTAL 40.00
        VISA 40.00
        """)
        #expect(fields.total == amount("40.00"))
    }

    @Test func roundedTotalAfterRoundingAdjustment() {
        let fields = extract("""
        TOTAL RM 33.92
        ROUNDING ADJUSTMENT -RM 0.02
        TOTAL ROUNDED RM 33.90
        CASH RM 50.00
        CHANGE RM 16.10
        """)
        #expect(fields.total == amount("33.90"))
        #expect(fields.values(.total).contains("33.92"))
    }

    /// The total after a rounding line is what was due, even when a misread digit in the total
    /// before it (1.42 for 7.42) keeps the sum from closing, and the later label is itself half
    /// misread (a plain TOTAL, where the first says "incl GST").
    @Test func theTotalAfterTheRoundingLineWinsWhenTheSumDoesNotClose() {
        let fields = extract("""
        SIMILI GLASS @ 7.60 7.49 SR
        Total Amt incl GST @ 6% - 1.42
        Rounding Adjustment : (0.02)
        Fotal Ant Pevable - 7.40
        Paid Amount: 20.00
        """)
        #expect(fields.total == amount("7.40"))
        #expect(fields.values(.total).contains("1.42"))
    }

    @Test func lastCentDigitSplitOff() {
        #expect(extract("ITEM 1.00\nTOTAL 55.1 0\nCASH 60.00\nCHANGE 4.90").total == amount("55.10"))
    }

    @Test func taxQualifierInBracketsAfterTotal() {
        let fields = extract("SUBTOTAL 11.32\nTOTAL (GST INL) 12.00\nCash 15.00\nChange 3.00")
        #expect(fields.total == amount("12.00"))
    }

    @Test func misreadAnchorWords() {
        #expect(extract("ITEM 4.00\nTOTAI 12.40\nCASH 20.00").total == amount("12.40"))
        #expect(extract("ITEM 4.00\nT0TAL 12.40\nCASH 20.00").total == amount("12.40"))
        #expect(extract("ITEM 4.00\nTotalSales 12.40\nCASH 20.00").total == amount("12.40"))
    }

    @Test func punctuationGluedToTheAmount() {
        #expect(extract("ITEM 2.00\nTOTAL:9.00\nCASH:10.00\nCHANGE:1.00").total == amount("9.00"))
        #expect(extract("ITEM 2.00\nTOTAL 9.00\nCASH —/10.00\nCHANGE 1.00").payment == .cash)
    }

    @Test func nettTotalIsNotANetSubtotal() {
        let fields = extract("GROSS 7.40\nDISCOUNT 0.30\nNETT TOTAL: 7.10\nCASH 10.00\nCHANGE 2.90")
        #expect(fields.total == amount("7.10"))
    }

    @Test func amountOnTheNextLine() {
        let fields = extract("""
        ITEM A 3.00
        ITEM B 4.50
        TOTAL AMOUNT DUE
        RM 7.50
        THANK YOU
        """)
        #expect(fields.total == amount("7.50"))
    }

    @Test func labelsThenValuesInColumns() {
        // Column layouts can come out as a block of labels followed by a block of values.
        let fields = extract("""
        Sub Total
        Tax
        Total
        10.00
        0.60
        10.60
        """)
        #expect(fields.total == amount("10.60"))
        #expect(fields.tax == amount("0.60"))
    }

    @Test func cashMinusChangeWhenTheTotalIsUnreadable() {
        let fields = extract("""
        PLASTIC BAG 2 15.50 31.00
        Total Amount:
        Cash Received 101.00
        Change : 70.00
        """)
        #expect(fields.total == amount("31.00"))
    }

    @Test func aCardGivesNoChangeSoCardLessChangeIsNoTotal() {
        // The change under a card payment is a misread of 0.00: the card's amount is the total.
        let text = """
        2x 11.50 23.00
        1 x 4.45 4.45
        Total Incl. GST:RM
        Master xxxx 113: 50.45
        Change:RM 0.08
        """
        #expect(extract(text).total == amount("50.45"))
        #expect(!extract(text).values(.total).contains("50.37"))
        // Cash less change stays an equation.
        #expect(extract(text.replacingOccurrences(of: "Master xxxx 113:", with: "Cash")).total == amount("50.37"))
    }

    @Test func aChangeOneDigitOffGivesWayToTheBetterReadTotal() {
        // 100.00 − 18.10 = 81.90 is printed nowhere; 80.90 is one digit away and read more surely
        // than the change, so the change's 9 was read as 8.
        let slip = """
        Total GST 0.00
        Total Sales (Inclusive of GST) : 80.90@88
        CASH : 100.00@95
        Change : 18.10@76
        """
        #expect(extractRead(slip).total == amount("80.90"))
        // Read less surely than the change, the total is the likelier misread: the sum stands.
        #expect(extractRead(slip.replacingOccurrences(of: "80.90@88", with: "80.90@60")).total == amount("81.90"))
    }

    @Test func anAmountMissingADigitOfItsCentsIsDoubted() {
        // "6.0" among amounts printed with full cents lost a digit: the final total's label alone
        // no longer outweighs the total printed in full above it.
        let slip = """
        Sub total 70.75
        Total Sales Incl GST 75.00
        Total After Adj Incl GST 6.0
        CASH 100.00
        """
        #expect(extract(slip).total == amount("75.00"))
        #expect(extract(slip.replacingOccurrences(of: "6.0", with: "75.00")).total == amount("75.00"))
        // Read with its cents in full, the same final total is believed.
        #expect(extract(slip.replacingOccurrences(of: "6.0", with: "6.00")).total == amount("6.00"))
    }

    @Test func aRoundingPrintedAboveTheTotalRoundsItToTheExactPayment() {
        // The rounding stands above the unrounded total; the cash paid with no change is what was due.
        let fields = extract("""
        Total Sales (Excluding GST) : 96.00
        Total GST : 5.76
        Rounding : -0.01
        Total Sales (Inclusive of GST) : 101.76
        CASH : 101.75
        Change : 0.00
        """)
        #expect(fields.total == amount("101.75"))
        // A tax table's gross below a rounded total is the unrounded amount, not what was due.
        let table = extract("""
        SUBTOTAL 40.56
        Cash Rounding -0.01
        TOTAL AUD 40.55
        Cash Tendered 45.00
        CHANGE 4.45
        GST Net GST Total
        # 10% 36.87 3.69 40.56
        """)
        #expect(table.total == amount("40.55"))
    }

    @Test func quantityLinesAndItemCountsAreTraps() {
        let fields = extract("""
        Item(s) : 4 Qty(s) : 4
        TOTAL QTY 12.00
        TOTAL 8.80
        """)
        #expect(fields.total == amount("8.80"))
    }

    @Test func depositAndDiscountAreTraps() {
        let fields = extract("""
        WATER 6 x 0.50 3.00
        PFAND 1.50
        RABATT -0.30
        SUMME 4.20
        """)
        #expect(fields.total == amount("4.20"))
    }

    @Test func taxBreakdownTableRowsAreNotTheTotal() {
        let fields = extract("""
        Total (Inclusive of GST) 53.00
        CASH 100.00
        CHANGE 47.00
        GST SUMMARY Amount(RM) Tax(RM)
        SR @ 6% 50.00 3.00
        Total 50.00 3.00
        """)
        #expect(fields.total == amount("53.00"))
        #expect(fields.tax == amount("3.00"))
    }

    @Test func theSameAmountPrintedTwiceWins() {
        let fields = extract("""
        AMOUNT 12.00
        BALANCE 15.50
        TOTAL 15.50
        MASTERCARD 15.50
        """)
        #expect(fields.total == amount("15.50"))
    }

    @Test func totalsAreDecimalsInCanonicalForm() throws {
        let fields = extract("TOTAL 1.234,50 €")
        #expect(fields.total == amount("1234.50"))
        #expect(fields.candidates[.total]?.first?.value == "1234.50")
        #expect((fields.confidence[.total] ?? 0) >= ReceiptExtractor.reviewThreshold)
    }

    @Test func noAmountMeansNoTotal() {
        let fields = extract("THANK YOU\nPLEASE COME AGAIN")
        #expect(fields.total == nil)
        #expect(fields.confidence[.total] == nil)
    }

    @Test func atMostFiveCandidatesBestFirst() {
        let fields = extract("""
        A 1.00
        B 2.00
        C 3.00
        D 4.00
        E 5.00
        F 6.00
        TOTAL 21.00
        """)
        let candidates = fields.candidates[.total] ?? []
        #expect(candidates.count == 5)
        #expect(candidates.first?.value == "21.00")
        #expect(zip(candidates, candidates.dropFirst()).allSatisfy { $0.score >= $1.score })
    }
}

/// Every anchor the brief names, each against a subtotal, a tax line and a tendered amount.
struct TotalAnchorTests {
    @Test("anchor words", arguments: [
        "TOTAL", "GRAND TOTAL", "AMOUNT DUE", "NETT TOTAL", "TOTAL A PAGAR", "IMPORTE", "IMPORT", "SUMME",
        "ZU ZAHLEN", "GESAMT", "NET À PAYER", "TOTAL TTC", "JUMLAH", "TOTAL (RM)", "Total Sales (Inclusive of GST)",
    ])
    func anchor(word: String) {
        let fields = extract("""
        ITEM ONE 7,00
        ITEM TWO 6,00
        SUBTOTAL 12,00
        TAX 0,72
        \(word) 12,72
        CASH 20,00
        CHANGE 7,28
        """)
        #expect(fields.total == amount("12.72"))
    }

    @Test func ocrNoiseInTheNameNeverChangesTheAmount() {
        // "¥" here is a misread letter, not yen; the cents must survive.
        let fields = extract("MR D.I.¥. SDN BHD\nTOTAL 23.25\nCASH 50.00\nCHANGE 26.75")
        #expect(fields.total == amount("23.25"))
        #expect(fields.candidates[.total]?.first?.value == "23.25")
        #expect(fields.vendor == "MR D.I.Y. SDN BHD")
    }

    @Test func contradictedTotalGoesToReview() {
        // Cash − change says 15.30, printed nowhere; the TOTAL line says 45.90: one of them is misread.
        let fields = extract("ITEM 9.90\nTOTAL 45.90\nCASH 50.00\nCHANGE 34.70")
        #expect((fields.confidence[.total] ?? 1) < ReceiptExtractor.reviewThreshold)
    }

    @Test func aContradictionThatClosesOnAPrintedAmountIsResolved() {
        // Here 15.30 is printed (as the subtotal): two lines agree against one, so the sum wins.
        let fields = extract("SUBTOTAL 15.30\nTOTAL 45.90\nCASH 50.00\nCHANGE 34.70")
        #expect(fields.total == amount("15.30"))
        #expect(fields.values(.total).contains("45.90"))
    }
}

/// Labels as printed outside Malaysia: a short word in a phrase is read whole, and a tax said to
/// be included in the total is the tax, not the total.
struct TotalLabelPhraseTests {
    /// "Total to pay" is not the French "TOTAL HT" (before tax) with one OCR error, so the VAT
    /// below it is not added to it.
    @Test func totalToPayIsTheTotal() {
        let fields = extract("""
        TESCO EXPRESS
        MILK 2L                 6.66
        SUBTOTAL               17.78
        Total to pay          £17.78
        Total VAT               1.26
        MASTERCARD             17.78
        """)
        #expect(fields.total == amount("17.78"))
    }

    @Test("a tax included in the total is the tax", arguments: ["Total includes GST", "GST INCLUDED", "VAT included"])
    func taxIncludedLine(label: String) {
        let fields = extract("""
        BANKSIA CAFE
        1x CHEESEBURGER          24.60
        2x CLUB SANDWICH         53.89
        TOTAL
        78.49
        \(label)                7.14
        EFTPOS                   78.49
        """)
        #expect(fields.total == amount("78.49"))
        #expect(fields.tax == amount("7.14"))
    }

    /// "Inclusive of GST: 42.00" with its TOTAL word lost still names the total.
    @Test func inclusiveOfTaxWithoutTotalIsTheTotal() {
        let fields = extract("""
        KEDAI MAWAR
        NASI LEMAK               42.00
        (Inclusive of GST):      42.00
        CASH                     50.00
        CHANGE                    8.00
        """)
        #expect(fields.total == amount("42.00"))
    }
}

/// A US card slip: the tip written in is added after the bill's total, and the total after it
/// is what the card was charged; a printed tip guide adds nothing.
struct TipTests {
    @Test("a written-in tip", arguments: ["Tip:", "Gratuity:"])
    func totalAfterATip(label: String) {
        let fields = extract("""
        THE GOLDEN STATE TAVERN
        Sub-Total                   97.41
        TAX                          9.25
        TOTAL                      106.66
        \(label)                    23.47
        TOTAL                      130.13
        MASTERCARD XXXX2753        130.13
        """)
        #expect(fields.total == amount("130.13"))
    }

    @Test func aTipGuideIsNoTip() {
        let fields = extract("""
        BLUE MOON CAFE
        SUBTOTAL                    96.76
        Sales Tax                    7.02
        TOTAL                     $103.78
        Tip Guide:
        15% = 15.57                       Total 119.35
        20% = 20.76                       Total 124.54
        AMEX ****1717              103.78
        """)
        #expect(fields.total == amount("103.78"))
    }
}

/// German receipts say the tax is contained in the amount paid: that line is the tax.
struct ContainedTaxTests {
    @Test("the tax contained", arguments: ["enthaltene MwSt", "darin MwSt", "darin enthaltene MwSt"])
    func containedTaxIsTheTax(label: String) {
        let fields = extract("""
        EDEKA Schäfer
        1x Apfelsaft 1L         1,79 A
        1x Roggenbrot 750g     17,04 B
        Gegeben Bar            18,83
        \(label)          2,47
        """)
        #expect(fields.total == amount("18.83"))
        #expect(fields.tax == amount("2.47"))
    }
}

/// German "inkl. MwSt 4,21" on a line of its own is the tax the total contains; with SUMME it
/// is the total. And a decimal point OCR read as a degree sign is still a point.
struct GermanInclusiveAndDegreePointTests {
    @Test func inklMwStAloneIsTheTax() {
        let fields = extract("""
        REWE Markt GmbH
        1 x Butter 250g        2,25 B
        SUMME                 26,39 EUR
        inkl. MwSt             4,21
        Gegeben BAR           40,00 EUR
        Rückgeld              13,61 EUR
        """)
        #expect(fields.total == amount("26.39"))
        #expect(fields.tax == amount("4.21"))
    }

    @Test func summeInklMwStIsTheTotal() {
        let fields = extract("""
        REWE Markt GmbH
        1 x Butter 250g        2,25 B
        Summe inkl. MwSt      26,39 EUR
        """)
        #expect(fields.total == amount("26.39"))
    }

    @Test func aDegreeSignBetweenDigitsIsAPoint() {
        let fields = extract("""
        Austin Yellow Cab
        Sub-Total 33.20
        TOTAL 33°20
        """)
        #expect(fields.total == amount("33.20"))
    }
}

/// The rows under "Suggested Gratuity:" are suggestions: their totals were never charged.
struct TipGuideRowTests {
    @Test func suggestedTotalsAreNotTheTotal() {
        let fields = extract("""
        AUSTIN TAQUERIA
        Sub-Total                         28.79
        Sales Tax (9.5%)                   2.74
        Suggested Gratuity:
        18% = 5.68                  Total 37.21
        20% = 6.31                  Total 37.84
        22% = 6.94                  Total 38.47
        VISA CREDIT                       31.53
        """)
        #expect(fields.total == amount("31.53"))
    }

    /// Catalan's tax word "IMPOST" is a letter from the amount words "IMPORTE" and "IMPORT": a
    /// total named with them is no tax line.
    @Test("totals named with an amount word", arguments: [
        ("TOTAL IMPORTE FACTURA 55,55 EUR", "55.55"),
        ("IMPORT TOTAL 55,55 €", "55.55"),
    ])
    func aTotalNamedWithAnAmountWordIsNoTax(label: String, total: String) {
        let fields = extract("""
        COMERCIALIZADORA SOLAR LEVANTE S.A.
        Potencia contratada 9,84 EUR
        Energia consumida 182 kWh 33,15 EUR
        Impuesto electricidad 2,21 EUR
        Alquiler de equipos 0,81 EUR
        IVA 21% 9,54 EUR
        \(label)
        """)
        #expect(fields.total == amount(total))
        #expect(fields.tax == amount("9.54"))
    }
}
