import Foundation
import Testing
import RebutCore
@testable import Extraction

/// The ledger of plain OCR text (or, with `read`, of lines with word confidences).
func totalLedger(_ text: String, read: Bool = false) -> TotalLedger {
    let lines = ReceiptLine.analyse(read ? readLines(text) : TextLine.lines(fromPlainText: text))
    return TotalExtractor().extract(lines, currency: nil).ledger
}

extension TotalLedger {
    func fired(_ rule: TotalRule, on value: String) -> Bool {
        accounts[amount(value)]?.entries.contains { $0.rule == rule } ?? false
    }
}

func witnesses(_ text: String) -> [ClosedSums.Witness] {
    ClosedSums.witnesses(TotalExtractor().labelledAmounts(ReceiptLine.analyse(TextLine.lines(fromPlainText: text))))
}

/// Closed sums: an equation between printed amounts that lands on another printed amount, on
/// receipts written for the test in the shapes tills print.
struct ClosedSumsTests {
    @Test func theTotalTenderedAndChangeCloseWithEveryLabelLost() {
        // A lamp's glare took the labels: total, cash handed over and change are three bare amounts
        // in a row, and cash less change is the total.
        let text = """
        1* 34.80 34,80 SR
        58.00 58.00 SR
        113.90 113.90 SR
        F : 362.50
        C2 : 400.00
        Cha : 37.50
        """
        #expect(witnesses(text).contains { $0.kind == .tenderedLessChange && $0.value == amount("362.50") })
        #expect(extract("SHOP SDN BHD\n" + text).total == amount("362.50"))
        // Item prices in a row where one less the next is the first are no payment block: the
        // middle one is not the receipt's largest amount.
        #expect(!witnesses("ITEM A 10.00\nITEM B 15.00\nITEM C 5.00\nX 40.00").contains { $0.kind == .tenderedLessChange })
    }

    @Test func changeHandedBackOutvotesAMisreadTotal() {
        // The rounded total's digits are misread; payment − change lands on the total printed above it.
        let fields = extract("""
        1.00 X 12.40 12.40 SR
        Subtotal : 72.40
        Tota! tnicl. of GST 12.40
        TotalAmtRounded 42.40
        Payment : 20.00
        Change Due : 7.60
        """)
        #expect(fields.total == amount("12.40"))
        #expect(fields.values(.total).contains("42.40"))
    }

    @Test func aClosedRoundingOutweighsChangeThatLandsOnNothingPrinted() {
        // CASH 50.00 read as 30.00: 30.00 − 18.55 = 11.45 is printed nowhere, while 31.47 − 0.02
        // lands on 31.45 to the cent. The total is not doubted for standing above the cash.
        let text = "Total RM Incl. of GST 31.47\nRounding Adj -0.02\nTotal RM 31.45\nCash 30.00\nCHANGE 18.55"
        #expect(extract(text).total == amount("31.45"))
        #expect(!totalLedger(text).fired(.abovePayment, on: "31.45"))
        // Change that closes on a printed amount still decides.
        #expect(extract("Total 31.47\nRounding Adj -0.02\nTotal 31.45\nCash 50.00\nCHANGE 18.55").total == amount("31.45"))
    }

    @Test func cashLessChangeOffTheFiveCentsOfACashRoundingProvesNothing() {
        // A 0 read as 9 on the cash and on the rounded total alike: 70.39 − 10.00 = 60.39 lands
        // on the misread "RM 60.39", but a till that rounds cash takes no coin under five cents.
        let text = """
        TOTAL ............ RM 60.31
        ROUNDING ADJ ..... -0.01
        RM 60.39
        CASH ............. RM 70.39
        CHANGE ........... RM 10.00
        """
        #expect(!witnesses(text).contains { $0.kind == .paidMinusChange })
        #expect(!totalLedger(text).fired(.paidMinusChange, on: "60.39"))
        #expect(extract(text).total != amount("60.39"))
        // Without a rounding line the same sum closes: nothing says the till rounds.
        let unrounded = text.replacingOccurrences(of: "ROUNDING ADJ ..... -0.01\n", with: "")
        #expect(witnesses(unrounded).contains { $0.kind == .paidMinusChange && $0.value == amount("60.39") })
        // And a sum on the five cents still closes under a rounding line.
        let read = text.replacingOccurrences(of: "39", with: "30")
        #expect(witnesses(read).contains { $0.kind == .paidMinusChange && $0.value == amount("60.30") })
        #expect(extract(read).total == amount("60.30"))
    }

    @Test func subtotalPlusServiceChargeTaxAndRoundingClosesOnTheTotal() {
        // The total's label is unreadable; the summary prints the tax base (subtotal + service only).
        let text = """
        SUB TOTAL 180.00
        SERVICE CHARGE 10% 18.00
        GST 6% 11.88
        ROUNDING ADJ 0.02
        Nha {UTAL 209.90
        GST SUMMARY Amount Tax
        SR GS: fk 198.00
        """
        #expect(extract(text).total == amount("209.90"))
        #expect(totalLedger(text).fired(.closedSubtotalPlusCharges, on: "209.90"))
    }

    /// German tills print the tax breakdown under the total: the net and its tax close on the
    /// total above them, and a tax the total includes adds no charge, so a second total line one
    /// glyph off ("Gesamt 48,10" for 43,10) is no total after charges.
    @Test func aBreakdownUnderTheTotalClosesOnIt() {
        let text = """
        1 x Schweinebraten 14,90
        Summe 43,10
        enth. MwSt 19% 6,88
        Netto 36,22
        Gesamt EUR 48,10
        Bezahlt: Kreditkarte
        """
        #expect(totalLedger(text).fired(.closedSubtotalPlusCharges, on: "43.10"))
        #expect(!totalLedger(text).fired(.totalAfterCharges, on: "48.10"))
        #expect(extract(text).total == amount("43.10"))
        // A tax added to the total still makes the later total the one after charges.
        let added = "Total 49.60\nService charge 10% 4.96\nGST 6% 3.27\nTotal 57.83"
        #expect(totalLedger(added).fired(.totalAfterCharges, on: "57.83"))
    }

    /// Cash misread ("8ar 70,00" for "Bar 20,00") less change lands one digit from the total,
    /// which OCR was less sure of; but the net line prints the tax at its rate, and 2,84 is 19%
    /// of 17,80, not of 67,80: the total stands.
    @Test func aNetLineWithItsTaxVetoesACorrectionItDoesNotBack() {
        let text = """
        1 Käsekuchen 4,80@95
        Zwischensumme 17,10@95
        Gesamt 17,80@80 €
        8ar 70,00@95 €
        Rückgeld 2,20@95 €
        MwSt 19% Netto 14,96@95 MwSt 2,84@95
        """
        #expect(extractRead(text).total == amount("17.80"))
        #expect(!totalLedger(text, read: true).fired(.closedCorrection, on: "67.80"))
    }

    @Test func aTaxRowUnderItsHeaderKeepsBothAmountsAndClosesOnTheTotal() {
        // The header is a label line of its own, so the row below is paired with it; the row's
        // base must survive the pairing for base + tax to close on the unlabelled total.
        let fields = extract("""
        CARRIER BAG RM0.20 EA
        : 14.80
        ;’ 0.00
        asn 20.00
        CHANGE 5 20
        GST Rate Amt Excl GST(RM) Tax(RM)
        S = 6% 13.96 0,84
        """)
        #expect(fields.total == amount("14.80"))
    }

    @Test func aCardPaymentEqualToTheTotalBeatsALaterMisreadTotal() {
        let fields = extract("""
        UNLEADED 95 RM 64.20
        Total RM = 64.20
        Visa RM = 64.20
        Relief GST RM 0.00
        Total Gross RM 61.20
        """)
        #expect(fields.total == amount("64.20"))
    }

    @Test func subtotalPlusTaxLandingOnTheCashLineBeatsAMisreadTotal() {
        let fields = extract("""
        A100 1 18.55 18.55 SR
        Total Sales (Excluding GST) : 17.50
        Total GST : 1.05
        Total Sales (Inclusive of GST) : 17.55
        CASH : 18.55
        Change : 0.00
        """)
        #expect(fields.total == amount("18.55"))
    }

    @Test func sumsProvingTheUnroundedTotalCountForTheRoundedOne() {
        // Subtotal + GST = 124.02, rounded to 124.05 and paid so; the change line is misread.
        let fields = extract("""
        A100 2 62.01 124.02
        Sub Total : 117.00
        Total GST : 7.02
        Rounding : 0.03
        Total : 124.05
        CASH : 124.05
        Change : 0.03
        """)
        #expect(fields.total == amount("124.05"))
    }

    @Test func exactCashWithZeroChangeWitnessesTheTotal() {
        // The total line's first digit is misread; the sums and the exact cash agree on 80.05.
        let fields = extract("""
        Total Sales (Excluding GST) 75.50
        GST: 4.53
        Rounding 0.02
        (Inclusive of GST). 30.05
        CASH : 80.05
        Change : 0.00
        """)
        #expect(fields.total == amount("80.05"))
    }

    @Test func aDecimalPointReadAsASpaceOnAMoneyLine() {
        let lines = ReceiptLine.analyse(TextLine.lines(fromPlainText: "TOTAL 14.80\nCASH 20.00\nCHANGE 5 20\nQTY 2 50"))
        #expect(TotalExtractor.spacedDecimal(lines[2]) == amount("5.20"))
        // Only as the last two numbers, never where a decimal amount is printed.
        #expect(TotalExtractor.spacedDecimal(lines[0]) == nil)
        #expect(witnesses("TOTAL 14.80\nCASH 20.00\nCHANGE 5 20").contains { $0.kind == .paidMinusChange && $0.value == amount("14.80") })
    }

    @Test func aSumMustLandOnAnAmountPrintedElsewhere() {
        // 50.00 − 30.00 = 20.00 is printed nowhere: no witness, however plausible.
        #expect(witnesses("TOTAL 19.90\nCASH 50.00\nCHANGE 30.00").isEmpty)
    }

    @Test func aPartialSumIsWeakerThanACompleteOne() {
        let found = witnesses("SUBTOTAL 100.00\nSERVICE CHARGE 10.00\nGST 6.60\nTOTAL 116.60\nSUMMARY 110.00")
        #expect(found.first { $0.value == amount("116.60") }?.weight == 1)
        #expect((found.first { $0.value == amount("110.00") }?.weight ?? 1) < 1)
    }

    @Test func combinationsAreSmallFirstAndBounded() {
        let all = ClosedSums.combinations(of: 4, upTo: 2)
        #expect(all.count == 4 + 6)
        #expect(all.first == [0])
        #expect(all.allSatisfy { $0.count <= 2 && $0 == $0.sorted() })
    }
}

/// Sums that correct a total OCR misread by one digit, judged by OCR's own confidences.
struct MisreadCorrectionTests {
    @Test func theTaxShareKeepsATotalAgainstCashReadADigitAway() {
        // "CHANGE 0.00" makes the cash the amount due, but the cash is the misread: the tax
        // printed at its rate is 6.90's share (0.39), not 8.90's (0.50).
        let text = """
        $2.00 1 $2.00
        $2.70 1 $2.70
        $1.10 2 $2.20
        Total Amount: $6.90
        GST @6%: $0.39
        Nett Total: $6.90
        CASH $8.90
        Change $0.00
        """
        #expect(extractRead(text).total == amount("6.90"))
        #expect(!totalLedger(text, read: true).fired(.misreadOfSum, on: "6.90"))
    }

    @Test func theTaxShareLeavesACorrectionItCannotTellApart() {
        // 6.96 and 6.90 both have 0.39 as their 6% share: the exact cash still corrects the total.
        let text = """
        Total Amount: 6.96@70
        GST @6%: 0.39
        CASH 6.90
        Change 0.00
        """
        #expect(extractRead(text).total == amount("6.90"))
    }

    @Test func aTaxShareIsTheTotalsShareAtTheRateToTheCent() {
        let share = ClosedSums.TaxShare(rate: 6, tax: amount("0.43"))
        #expect(share.backs(amount("7.60")))     // 0.4302
        #expect(!share.backs(amount("7.00")))    // 0.3962
        // VAT added to a net amount is the same share of the gross: 19% of 10.00 is 1.90 of 11.90.
        #expect(ClosedSums.TaxShare(rate: 19, tax: amount("1.90")).backs(amount("11.90")))
    }

    @Test func aCompleteSumOneDigitFromAnUncertainTotalCorrectsIt() {
        let text = """
        Sub Total (RM) : 84.20@85
        Discount(RM) : 0.00@88
        Total GST (RM) : 5.05@92
        Total (RM): 89.26@70
        """
        let fields = extractRead(text)
        #expect(fields.total == amount("89.25"))
        #expect(fields.values(.total).contains("89.26"))
        #expect(totalLedger(text, read: true).fired(.misreadOfSum, on: "89.26"))
    }

    @Test func aTaxRowCorrectsAMisreadDigitBeforeThePoint() {
        let fields = extractRead("""
        SUB TOTAL 150.00@63
        NET TOTAL 129.50@73
        CHANGE 0.50@73
        GST SUMMARY Amount Tax
        SR GST 6% 141.04@96 8.46@91
        """)
        #expect(fields.total == amount("149.50"))
    }

    @Test func aTotalReadMoreSurelyThanTheTermsIsKept() {
        // Same digits, but here the total is the surer reading: the tax is the likelier misread.
        let fields = extractRead("""
        Sub Total (RM) : 84.20@85
        Total GST (RM) : 5.05@70
        Total (RM): 89.26@92
        """)
        #expect(fields.total == amount("89.26"))
    }

    @Test func centsOfATaxRowWithoutItsRateNeverCorrectATotal() {
        // 61.00 + 3.66 = 64.66 before cash rounding; 64.65 is right.
        let fields = extractRead("""
        SUB-TOTAL (EX) 61.00@95
        TOTAL TAX 3.66@95
        TOTAL 64.65@60
        GST SUMMARY Amount Tax
        SR 6.00 61.00@95 3.66@95
        """)
        #expect(fields.total == amount("64.65"))
    }

    @Test func aTaxRowAtItsRateCorrectsTheCentsOfATotal() {
        // 165.00 at 6% is 9.90 to the cent, so the row is read right: 174.99 is 174.90 misread,
        // however sure OCR was of it.
        let row = "SR GST 6% 165.00@60 9.90@98"
        let text = "SUB TOTAL 169.06@90\nNET TOTAL 174.99@95\nCHANGE 25.10@90\nTax Summary Amount Tax\n"
        #expect(extractRead(text + row).total == amount("174.90"))
        // A tax off the rate (165.00 at 6% is not 9.91) proves nothing.
        #expect(extractRead(text + "SR GST 6% 165.00@60 9.91@98").total == amount("174.99"))
        // Nor does one of two rated rows: the total is their sum.
        #expect(extractRead(text + "SR GST 6% 165.00@60 9.90@98\nZR GST 0% 0.09@90 0.00@90").total == amount("174.99"))
    }

    @Test func taxRowsAtSeveralRatesCorrectATotalByTheirSum() {
        // 33,95 × 7/107 is 2,22 and 1,50 × 19/119 is 0,24, to the cent: both rows are read right,
        // and the total is their grosses' sum, 35,45, not the 35,46 read more surely.
        let head = "SUMME EUR 35,46@96\nIm Preis enthalten:\n"
        #expect(extractRead(head + "7% MwSt auf 33,95@80 2,22@85\n19% MwSt auf 1,50@80 0,24@85").total == amount("35.45"))
        // Net rows with their tax added: 31,73 + 2,22 and 1,26 + 0,24.
        #expect(extractRead(head + "MwSt 7% 31,73@80 2,22@85\nMwSt 19% 1,26@80 0,24@85").total == amount("35.45"))
        // One row off its rate (1,50 × 19/119 is not 0,25) and the sum proves nothing.
        #expect(extractRead(head + "7% MwSt auf 33,95@80 2,22@85\n19% MwSt auf 1,50@80 0,25@85").total == amount("35.46"))
        // Two rows at one rate are no breakdown by rate: one may repeat the other.
        #expect(extractRead(head + "7% MwSt auf 33,95@80 2,22@85\n7% MwSt auf 1,50@80 0,10@85").total == amount("35.46"))
    }

    @Test func aTaxLineAtItsRateCorrectsATotalWhoseTaxItIncludes() {
        // 538.00 × 6/106 is 30.45 to the cent: the tax line proves 538.00, read as 598 on the total.
        let text = "Total Rounded 598.00@96\nVisa 638.00@93\nGST SR 6% 538.00@80 30.45@90\n507.55@96"
        #expect(extractRead(text).total == amount("538.00"))
        // Read alike on two lines, the total is no misread.
        #expect(extractRead("Total 598.00@96\nVisa 598.00@93\nGST SR 6% 538.00@80 30.45@90").total == amount("598.00"))
    }

    @Test func aTaxRowAtItsRateLeavesATotalCashRoundingExplains() {
        let fields = extractRead("""
        SUB-TOTAL (EX) 61.00@95
        TOTAL 64.65@95
        GST SUMMARY Amount Tax
        SR 6% 61.00@95 3.66@95
        """)
        #expect(fields.total == amount("64.65"))
    }

    @Test func roundingExplainsATotalFiveCentsFromTheSum() {
        let fields = extractRead("Subtotal 35.00@95\nGST 6% 2.12@95\nTotal 37.10@60")
        #expect(fields.total == amount("37.10"))
    }

    @Test func aTotalThatClosesAnotherSumIsNoMisread() {
        // Subtotal + a misread GST (1.70 for 2.70) lands one digit from 47.70, which the tax row proves.
        let fields = extractRead("""
        Total Sales (Excl GST) 45.00@95
        Total GST 1.70@95
        Total Sales (Incl GST) : 47.70@60
        GST SUMMARY Amount Tax
        SR 6 45.00@95 2.70@95
        """)
        #expect(fields.total == amount("47.70"))
    }

    @Test func aRoundedSumRulesOutAnUnroundedTotalReadSurely() {
        // The till rounded (-0.02), so 112.46 cannot be due; Tesseract was sure of its wrong 6.
        let text = """
        Sub Total (RM) : 106.10@95
        Total GST (RM) : 6.37@95
        Rounding (RM) : -0.02@90
        Total (RM): 112.46@92
        """
        #expect(extractRead(text).total == amount("112.45"))
        // Without the rounding line nothing rules it out, and the surer total stands.
        #expect(extractRead("Sub Total (RM) : 106.10@95\nTotal GST (RM) : 6.37@90\nTotal (RM): 112.46@92").total
                == amount("112.46"))
    }

    @Test func aTotalBelowTheSubtotalLostItsLeadingDigits() {
        let text = """
        Total Sales (Excluding GST) 31.03@97
        Total GST 1.67@95
        Total Sales (Inclusive of GST) : 2.70@99
        CASH 40.00@95
        CHANGE 7.30@95
        """
        #expect(extractRead(text).total == amount("32.70"))
        #expect(MisreadCorrectionCheck.dropped("2.70", "32.70") == 1 && MisreadCorrectionCheck.dropped("2.70", "32.71") == nil)
    }

    @Test func aDiscountAllowsATotalBelowTheSubtotal() {
        let fields = extractRead("""
        SUBTOTAL 42.70@95
        DISCOUNT 40.00@95
        TOTAL 2.70@99
        CASH 5.00@95
        CHANGE 2.30@95
        """)
        #expect(fields.total == amount("2.70"))
    }

    @Test func aTaxRowAtItsRateBacksTheTotalAgainstAMisreadPayment() {
        // CASH 40.10 read as 49.10: paid − change says 39.10, one digit from the total. The
        // 6% row's base, 28.39 × 1.06 = 30.09, lands a cent from 30.10 and nowhere near 39.10.
        let text = """
        Total RM Incl. of GST 30.10@76
        Cash 49.10@90
        CHANGE 10.00@89
        GST Summary Amount Tax
        T @ 6% 28.39@84
        """
        #expect(extractRead(text).total == amount("30.10"))
        // Without the rate the row proves nothing, and the payment's sum corrects the doubtful total.
        #expect(extractRead(text.replacingOccurrences(of: "6% ", with: "")).total == amount("39.10"))
    }

    @Test func aTotalReadAlikeOnTwoLinesIsNoMisread() {
        // CASH 300.00 read as 300.06: paid − change is 250.06, but the one item and the total
        // both read 250.00.
        let text = """
        ALARM CLOCK 250.00@71
        TOTAL RM 250.00@47
        Cash RM 300.06@78
        Change RM 50.00@49
        """
        #expect(extractRead(text).total == amount("250.00"))
        #expect(extractRead(text.replacingOccurrences(of: "ALARM CLOCK 250.00@71", with: "ALARM CLOCK")).total
                == amount("250.06"))
    }

    @Test func aTotalAboveTheCashWhenChangeCameBackGainedALeadingDigit() {
        // "RM35.00" read as 835.00: more than the 55.00 handed over, with 20.00 given back.
        let text = """
        Total Sales Amount 33.00@95
        GST 6% 1.98@94
        Rounding Adjustment 0.02@96
        TOTAL 835.00@94
        CASH 55.00@98
        Change Returned 20.00@95
        """
        #expect(extractRead(text).total == amount("35.00"))
        #expect(MisreadCorrectionCheck.added("835.00", "35.00") == 0 && MisreadCorrectionCheck.added("836.00", "35.00") == nil)
    }

    @Test func cashWithNoChangeIsTheTotalToTheCent() {
        // "TOTAL 18.00" lost its leading digit; the cash handed over, with nothing back, says 18.00.
        let text = """
        2 TISSUE TAPE 6.60@90
        2 CORRECTION PEN 10.38@90
        TOTAL 8.00@87
        CASH 18.00@90
        CHANGE 0.00@92
        """
        #expect(extractRead(text).total == amount("18.00"))
        // With change given, the cash says nothing of the cent, and the printed total stands.
        #expect(extractRead(text.replacingOccurrences(of: "CASH 18.00@90\nCHANGE 0.00@92", with: "CASH 20.00@90\nCHANGE 12.00@92")).total
                == amount("8.00"))
    }

    @Test func exactCashOneGlyphOffDoesNotOverruleATotalReadSurely() {
        // With nothing back the cash is the total to the cent, but here the cash is the misread:
        // same length, one glyph apart, and read far less surely than the total.
        let text = """
        WELDING GLASS 1 108.00@80
        Rounding (RM): 0.01@61
        Total (RM) : 332.30@91
        CASH : 332.40@54
        Change(RM): 0.00@18
        """
        #expect(extractRead(text).total == amount("332.30"))
        // Read the other way round, the cash corrects the total.
        let unsure = text.replacingOccurrences(of: "332.30@91", with: "332.30@40").replacingOccurrences(of: "332.40@54", with: "332.40@90")
            .replacingOccurrences(of: "0.00@18", with: "0.00@92")
        #expect(extractRead(unsure).total == amount("332.40"))
    }

    @Test func plainTextNeverCorrectsATotal() {
        // Without OCR confidences there is no telling which reading is the misread.
        let fields = extract("Sub Total (RM) : 84.20\nTotal GST (RM) : 5.05\nTotal (RM): 89.26")
        #expect(fields.total == amount("89.26"))
    }
}

/// `ClosedSums.droppedLeadingDigits` on amounts written as text.
enum MisreadCorrectionCheck {
    static func dropped(_ shorter: String, _ longer: String) -> Int? {
        ClosedSums.droppedLeadingDigits(amount(shorter), amount(longer))
    }

    static func added(_ longer: String, _ shorter: String) -> Int? {
        ClosedSums.addedLeadingDigits(amount(longer), amount(shorter))
    }
}
