import Foundation
import Testing
import RebutCore
@testable import Extraction

/// Closed sums: an equation between printed amounts that lands on another printed amount.
/// Cases are shaped on misreads seen in sroie-dev OCR (text rewritten, amounts kept).
struct ReceiptSumsTests {
    @Test func changeHandedBackOutvotesAMisreadRoundedTotal() {
        // "15.90" was read on a line whose label OCR garbled into a tax line; the rounded total is misread.
        let fields = extract("""
        1.00 X 15.90 15.90 SR
        Subtotal : 75.90
        Tota! tnicl. of GST 15.90
        TotalAmtRounded 45.90
        Payment : 50.00
        Change Due : 34.10
        """)
        #expect(fields.total == amount("15.90"))
        #expect(fields.values(.total).contains("45.90"))
    }

    @Test func subtotalPlusServiceChargeTaxAndRoundingClosesOnTheTotal() {
        // The TOTAL label is unreadable; 324.50 is the tax base printed in the summary (subtotal + service only).
        let fields = extract("""
        SUB TOTAL 295.00
        SERVICE CHARGE 10% 29.50
        GST 6% 19.47
        ROUNDING ADJ -0.02
        Nha {UTAL 343.95
        GST SUMMARY Amount Tax
        SR GS: fk 324.50
        """)
        #expect(fields.total == amount("343.95"))
    }

    @Test func aTaxRowUnderItsHeaderKeepsBothAmountsAndClosesOnTheTotal() {
        // The header is a label line of its own, so the row below is paired with it; the row's
        // base must survive the pairing for base + tax to close on the unlabelled total.
        let fields = extract("""
        PLASTIC BAG RM0.20 EA
        : 21.40
        ;’ 0.00
        asn 50.00
        CHANGE 28 60
        GST Rate Amt Excl GST(RM) Tax(RM)
        S = 6% 20.19 1,21
        """)
        #expect(fields.total == amount("21.40"))
    }

    @Test func cardPaymentEqualToTheTotalBeatsALaterMisreadTotal() {
        let fields = extract("""
        FuelSave 95 RM 88.17
        Total RM = 88.17
        Visa RM = 88.17
        Relief GST RM 0.00
        Total Gross RM 86.17
        """)
        #expect(fields.total == amount("88.17"))
    }

    @Test func subtotalPlusTaxLandingOnTheCashLineBeatsAMisreadTotal() {
        let fields = extract("""
        3122 1 29.68 29.68 SR
        Total Sales (Excluding GST) : 28.00
        Total GST : 1.68
        Total Sales (Inclusive of GST) : 28.68
        CASH : 29.68
        Change : 0.00
        """)
        #expect(fields.total == amount("29.68"))
    }

    @Test func zeroRoundingMeansTheRoundedTotalEqualsTheTotal() {
        let fields = extract("""
        1PC MODELLING CLAY 9.00
        Total : 9.00
        Rounding Adjustment: 0.00
        Rounded Total (RM): 9.60
        """)
        #expect(fields.total == amount("9.00"))
    }

    @Test func sumsProvingTheUnroundedTotalCountForTheRoundedOne() {
        // Subtotal + GST = 248.04; rounded to 248.05 and paid so. The change line is misread.
        let fields = extract("""
        107636 3 78.00 82.68 248.04
        Sub Total : 234.00
        Total GST : 14.04
        Rounding : 0.01
        Total : 248.05
        CASH : 248.05
        Change : 0.01
        """)
        #expect(fields.total == amount("248.05"))
    }

    @Test func exactCashWithZeroChangeWitnessesTheTotal() {
        let fields = extract("""
        Total Sales (Excluding GST) 565.50
        GST: 33.93
        Rounding 0.02
        Kapeefos (Inclusive of GST). 598.45
        CASH : 599.45
        Change : 0.00
        """)
        #expect(fields.total == amount("599.45"))
    }

    @Test func aDecimalPointReadAsASpaceOnAMoneyLine() {
        let lines = ReceiptLine.analyse(TextLine.lines(fromPlainText: "TOTAL 21.40\nCASH 50.00\nCHANGE 28 60\nQTY 2 50"))
        #expect(TotalExtractor.spacedDecimal(lines[2]) == amount("28.60"))
        // Only as the last two numbers, never where a decimal amount is printed.
        #expect(TotalExtractor.spacedDecimal(lines[0]) == nil)
        let witnesses = ClosedSums.witnesses(TotalExtractor().labelledAmounts(lines))
        #expect(witnesses.contains { $0.kind == .paidMinusChange && $0.value == amount("21.40") })
    }

    @Test func aSumMustLandOnAnAmountPrintedElsewhere() {
        // 50.00 − 30.00 = 20.00 is printed nowhere: no witness, however plausible.
        let lines = ReceiptLine.analyse(TextLine.lines(fromPlainText: "TOTAL 19.90\nCASH 50.00\nCHANGE 30.00"))
        #expect(ClosedSums.witnesses(TotalExtractor().labelledAmounts(lines)).isEmpty)
    }

    @Test func aPartialSumIsWeakerThanACompleteOne() {
        let lines = ReceiptLine.analyse(TextLine.lines(fromPlainText: """
        SUBTOTAL 100.00
        SERVICE CHARGE 10.00
        GST 6.60
        TOTAL 116.60
        SUMMARY 110.00
        """))
        let witnesses = ClosedSums.witnesses(TotalExtractor().labelledAmounts(lines))
        let complete = witnesses.first { $0.value == amount("116.60") }
        let partial = witnesses.first { $0.value == amount("110.00") }
        #expect(complete?.weight == 1)
        #expect((partial?.weight ?? 1) < 1)
    }

    // MARK: Sums that correct a misread total

    @Test func aCompleteSumOneDigitFromAnUncertainTotalCorrectsIt() {
        // sroie-dev shape: 106.10 + 0.00 + 6.37 − 0.02 = 112.45, the total's 5 read as 6 at lower confidence.
        let fields = extractRead("""
        Sub Total (RM) : 106.10@83
        Discount(RM) : 0.00@87
        Total GST (RM) : 6.37@93
        Rounding (RM) : -0.02@81
        Total (RM): 112.46@79
        """)
        #expect(fields.total == amount("112.45"))
        #expect(fields.values(.total).contains("112.46"))
    }

    @Test func aTaxRowCorrectsAMisreadDigitBeforeThePoint() {
        // "174.90" read as "114.90": the GST row's base + tax says which.
        let fields = extractRead("""
        SUB TOTAL 159.00@63
        NET TOTAL 114.90@73
        CHANGE 2.10@73
        GST SUMMARY Amount Tax
        SR GST 6% 165.00@96 9.90@91
        """)
        #expect(fields.total == amount("174.90"))
    }

    @Test func aTotalReadMoreSurelyThanTheTermsIsKept() {
        // Same digits, but here the total is the surer reading: the tax is the likelier misread.
        let fields = extractRead("""
        Sub Total (RM) : 106.10@83
        Total GST (RM) : 6.37@70
        Total (RM): 112.46@92
        """)
        #expect(fields.total == amount("112.46"))
    }

    @Test func centsOfATaxRowNeverCorrectATotal() {
        // 52.00 + 3.12 = 55.12 before cash rounding; 55.10 is right.
        let fields = extractRead("""
        SUB-TOTAL (EX) 52.00@95
        TOTAL TAX 3.12@95
        TOTAL 55.10@60
        GST SUMMARY Amount Tax
        SR 6.00 52.00@95 3.12@95
        """)
        #expect(fields.total == amount("55.10"))
    }

    @Test func roundingExplainsATotalFiveCentsFromTheSum() {
        let fields = extractRead("""
        Subtotal 20.00@95
        GST 6% 1.27@95
        Total 21.25@60
        """)
        #expect(fields.total == amount("21.25"))
    }

    @Test func aTotalThatClosesAnotherSumIsNoMisread() {
        // Subtotal + a misread GST (2.60 for 3.60) lands one digit from 63.60, which the tax row proves.
        let fields = extractRead("""
        Total Sales (Excl GST) 60.00@95
        Total GST 2.60@95
        Total Sales (Incl GST) : 63.60@60
        GST SUMMARY Amount Tax
        SR 6 60.00@95 3.60@95
        """)
        #expect(fields.total == amount("63.60"))
    }

    @Test func plainTextNeverCorrectsATotal() {
        // Without OCR confidences there is no telling which reading is the misread.
        let fields = extract("""
        Sub Total (RM) : 106.10
        Total GST (RM) : 6.37
        Rounding (RM) : -0.02
        Total (RM): 112.46
        """)
        #expect(fields.total == amount("112.46"))
    }

    // MARK: Cash rounding whose adjustment OCR lost

    @Test func aRoundingLineWithItsAdjustmentLostRoundsTheTotalToFiveCents() {
        // "-0.01" read as "~0.0)": the till rounded 23.26 to 23.25.
        let fields = extract("""
        Total (Excluding GST): 21.30
        Serv. Charge (3%): 0.65
        GST payable (6%): 1.31
        Total (Inclusive of GST): 23.26
        Rounding ~0.0)
        Closed: 29-10-2017
        """)
        #expect(fields.total == amount("23.25"))
        #expect(fields.values(.total).contains("23.26"))
    }

    @Test func aTotalPaidByCardIsNotRounded() {
        let fields = extract("""
        Total (Inclusive of GST): 23.26
        Rounding 0.00
        VISA 23.26
        """)
        #expect(fields.total == amount("23.26"))
    }

    @Test func aRoundedTotalPrintedAfterTheRoundingLineIsTakenAsPrinted() {
        let fields = extract("""
        Total: 23.26
        Rounding
        Total Payable 23.25
        """)
        #expect(fields.total == amount("23.25"))
        #expect(CashRounding.nearest(amount("23.27")) == amount("23.25"))
        #expect(CashRounding.nearest(amount("23.28")) == amount("23.30"))
    }

    @Test func combinationsAreSmallFirstAndBounded() {
        let all = ClosedSums.combinations(of: 4, upTo: 2)
        #expect(all.count == 4 + 6)
        #expect(all.first == [0])
        #expect(all.allSatisfy { $0.count <= 2 && $0 == $0.sorted() })
    }
}
