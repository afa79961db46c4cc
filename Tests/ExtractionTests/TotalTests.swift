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

    @Test func roundingWithoutLabelOnTheRoundedLine() {
        // The rounded total is only printed on the card line; the rounding line says how.
        let fields = extract("""
        Total (Inclusive of GST): 65.53
        Rounding Adj: 0.02
        VISA 65.55
        """)
        #expect(fields.total == amount("65.55"))
    }

    @Test func totalAfterServiceChargeAndTaxSupersedesTheFirst() {
        let fields = extract("""
        SUBTOTAL 70.60
        DISCOUNT -21.00
        Total Amount 49.60
        Serv Charge 10% 4.96
        GST @ 6% 3.27
        Rounding Adj -0.03
        TOTAL: RM 57.80
        """)
        #expect(fields.total == amount("57.80"))
    }

    @Test func roundedAmountAfterAnUnreadableRoundingLine() {
        let fields = extract("""
        TOTAL RM 60.31
        ROUNDING ADJ. -0. 91
        RM 60.30
        """)
        #expect(fields.total == amount("60.30"))
    }

    @Test func twoTotalsFiveCentsApartWithoutARoundingLine() {
        // Read out of order (the large-print total came first), no rounding line: the rounded
        // total is what was due.
        let fields = extract("""
        Tatal 102.40
        PINEAPPLE JUICE 12.95
        Subtotal 87.30
        10% Srv Chg 8.73
        GST 6% 6.36
        Total: 102.39
        """)
        #expect(fields.total == amount("102.40"))
        #expect(fields.values(.total).contains("102.39"))
    }

    @Test func anUnroundedTotalPaidByCardStaysAsPrinted() {
        let fields = extract("""
        Total 102.40
        Subtotal 87.30
        Total: 102.39
        VISA 102.39
        """)
        #expect(fields.total == amount("102.39"))
    }

    @Test func aNumberedLabelIsNotTheTotal() {
        // The total and payment lines are unreadable; "pwe.7" is an OCR fragment, not 7.00.
        let fields = extract("""
        Parking Time 1:45
        Parking Fee Rate A RM4.00
        Amount [4-61 & pwe.7
        GST 6.00 % BO
        Total se RMA 00
        Paid ico. FM4.00
        """)
        #expect(fields.total == amount("4.00"))
    }

    @Test func subtotalPlusChargesWhenTheTotalsAmountIsUnreadable() {
        let fields = extract("""
        9555017370017 7 28.00 7.14 26.00
        Total Qty. : 1 26.00
        SUB-TOTAL (EX) : 26.00
        TOTAL TAX : 1.56
        ROUNDING : -0.01
        TOTAL m~ TA Tp wal 55
        CASH ‘0 )) JE, ) ¢ ) fl ;
        SR 6.00 26.00 1.56
        """)
        #expect(fields.total == amount("27.55"))
    }

    @Test func anIncludedTaxIsNotAddedToTheSubtotal() {
        let fields = extract("""
        SUBTOTAL 28.10
        INC 6% GST 1.62
        TOTAL m~ TA wal
        """)
        #expect(fields.total == amount("28.10"))
    }

    @Test func aSpeckReadAsAThirdDecimal() {
        // "30.906" is 30.90 with a speck; cash − change and the rounding agree on it.
        let fields = extract("""
        Total RM 30.89
        ROUNDING ADJUSTMENT RM 0.01
        TOTAL ROUNDED RM 30.906
        CASH RM 51.00
        CHANGE RM 20.10
        """)
        #expect(fields.total == amount("30.90"))
    }

    @Test func guessedReadingsNeverEnterTheSums() {
        // "z21.Co" reads as 221; its guessed 2.21 must not make cash − change = 1.71 the total.
        let fields = extract("""
        Total Sales (Excluding GST) 19.34
        Total GST 1.16
        Total Sales (Inclusive of GST) 20.50
        CASH z21.Co
        Change 0.50
        """)
        #expect(fields.total == amount("20.50"))
    }

    @Test func lastCentDigitSplitOff() {
        #expect(extract("ITEM 1.00\nTOTAL 55.1 0\nCASH 60.00\nCHANGE 4.90").total == amount("55.10"))
    }

    @Test func strayDigitAfterTheAmount() {
        let fields = extract("Total Amt Incl. GST 12.90\nRounding Adjustment :\nTotal Amt Payable : 12.00 7\nPaid 20.00\nChange 8.00")
        #expect(fields.total == amount("12.00"))
    }

    @Test func exactPaymentWithZeroChange() {
        let fields = extract("SUB-TOTAL 16.98\nTOTAL 48.00\nCASH 18.00\nCHANGE 0.00")
        #expect(fields.values(.total).prefix(2).contains("18.00"))
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
