import Foundation
import Testing
import RebutCore
@testable import Extraction

/// One kind of receipt per total rule, on text written for the test.
struct TotalRuleTests {
    // MARK: Labels and layout

    @Test func withoutLabelsTheLargestAmountNotTenderedIsTheTotal() {
        let text = "COFFEE 3.50\nCAKE 4.20\n7.70"
        #expect(extract(text).total == amount("7.70"))
        #expect(totalLedger(text).fired(.largestAmount, on: "7.70"))
    }

    @Test func aNumberGluedToAWordByADotIsNoPrice() {
        // "Ticket No.7": a whole number glued to a word numbers something.
        let fields = extract("Parking Fee RM5.00\nTicket No.7\nPaid RM5.00")
        #expect(fields.total == amount("5.00"))
        #expect(!fields.values(.total).contains("7.00"))
    }

    @Test func aStrayDigitAfterTheAmountColumnDoesNotTakeItsPlace() {
        let fields = extract("Total Incl. GST 15.90\nRounding Adjustment :\nTotal Payable : 15.90 4\nPaid 20.00\nChange 4.10")
        #expect(fields.total == amount("15.90"))
    }

    // MARK: Payment and change

    @Test func theOneAmountChargedToACardOutranksASmallerIncludedTax() {
        let text = "Room Charge 407.45\nRoom Charge 407.45\nRoom Charge 407.45\nEFTPOS 1222.35\n*Incl. GST 111.12"
        #expect(extract(text).total == amount("1222.35"))
        #expect(totalLedger(text).fired(.belowCardPayment, on: "111.12"))
    }

    @Test func aCardAmountBesideCashOrChangeDoubtsNothing() {
        // Split between cash and card: the card's part is no total, and the total is not doubted.
        let text = "TOTAL 30.00\nCASH 10.00\nVISA 20.00"
        #expect(extract(text).total == amount("30.00"))
        #expect(!totalLedger(text).fired(.belowCardPayment, on: "10.00"))
        let tipped = "TOTAL 30.00\nTIP 3.00\nMASTERCARD 33.00"
        #expect(!totalLedger(tipped).fired(.belowCardPayment, on: "30.00"))
    }

    @Test func theUnlabelledAmountAboveTheChangeIsThePayment() {
        // The payment's label is unreadable; 20.00 − 10.80 closes on the total printed above.
        let text = "BREAD 4.10\nMILK 5.10\n9.20\n20.00\nCHANGE 10.80"
        #expect(ReceiptLine.analyse(TextLine.lines(fromPlainText: text))[3].role == .cashPayment)
        #expect(extract(text).total == amount("9.20"))
        #expect(totalLedger(text).fired(.paidMinusChange, on: "9.20"))
    }

    @Test func aPaymentPrintedAsTheSubtotalWasExactAndItsChangeAMisread() {
        // The total's label is garbled; the change's 0.00 was read as 9.00. Paid − change (93.00)
        // is printed nowhere, while the payment is the subtotal and the tax-inclusive amount.
        let text = """
        PINS 17.00 102.00
        Subtotal 102.00
        Tot nel. of GST 102.00
        Payment 102.00
        Change Due 9.00
        """
        #expect(extract(text).total == amount("102.00"))
        // The same with the total's label lost: the payment is an unlabelled amount printed above.
        #expect(extract("Qty 8 25.15\nRounding Adj 0.00\nDue 25.15\nPay 25.15\nChange 0.90").total == amount("25.15"))
    }

    @Test func aLineThatOnlyReadsLikeChangeMakesNoPayment() {
        // "Échange" holds "change" but gives nothing back: the tax row above it stays a tax row,
        // and the one card payment, beside no cash, outranks the total read off "S9,10".
        let slip = """
        Course 55,60 1
        Supplément 3,50 1
        A PAYER S9,10
        CB EMV 59,10
        Taux Mt HT Mt TVA Mt TTC
        1 10,00% 53,73 5,37 S9,10
        Échange possible jusqu'au 09/09/2021
        """
        let lines = ReceiptLine.analyse(slip.components(separatedBy: "\n").map { TextLine(text: $0) })
        #expect(lines[5].role != .cashPayment)
        #expect(extract(slip).total == amount("59.10"))
        // Change printed with its money, on its line or below it, still makes the line above a payment.
        for change in ["Change 0.90", "Change\n0.90"] {
            let paid = ReceiptLine.analyse("Total 9.10\n10.00\n\(change)".components(separatedBy: "\n").map { TextLine(text: $0) })
            #expect(paid[1].role == .cashPayment)
        }
    }

    @Test func aCardPaymentReadAlikeTwiceOutvotesATotalReadOnceADigitAway() {
        // The till's payment line and the terminal's "Umsatz" agree on 70,12; SUMME was read 79,12.
        let slip = "SUMME EUR 79,12 €\nenthaltene MwSt 5,79\nKartenzahlung\n70,12\nDEBIT ****4931\nUmsatz 70,12 €\nGENEHMIGT"
        #expect(extract(slip).total == amount("70.12"))
        // One reading against one: the labelled total stands.
        #expect(extract("SUMME EUR 79,12 €\nenthaltene MwSt 5,79\nKartenzahlung 70,12").total == amount("79.12"))
    }

    @Test func exactCashWithZeroChangeIsAPaymentInFull() {
        let fields = extract("SUB-TOTAL 11.32\nTOTAL 42.00\nCASH 12.00\nCHANGE 0.00")
        #expect(fields.values(.total).prefix(2).contains("12.00"))
    }

    @Test func guessedReadingsNeverEnterTheSums() {
        // "z15.Co" reads as 15; its guessed 0.15 must not make cash − change a total.
        let fields = extract("""
        Total Sales (Excluding GST) 13.68
        Total GST 0.82
        Total Sales (Inclusive of GST) 14.50
        CASH z15.Co
        Change 0.50
        """)
        #expect(fields.total == amount("14.50"))
    }

    @Test func aSpeckReadAsAThirdDecimalIsReadAsCents() {
        // "41.556": cash − change and the rounding agree on 41.55.
        let fields = extract("""
        Total RM 41.54
        ROUNDING ADJUSTMENT RM 0.01
        TOTAL ROUNDED RM 41.556
        CASH RM 50.00
        CHANGE RM 8.45
        """)
        #expect(fields.total == amount("41.55"))
    }

    // MARK: Cash rounding

    @Test func theRoundedAmountAfterARoundingLineIsTheTotal() {
        // The adjustment is unreadable and the rounded amount has no label left.
        let text = "TOTAL 18.47\nROUNDING ADJ. -0.0?\n18.45"
        #expect(extract(text).total == amount("18.45"))
        #expect(totalLedger(text).fired(.amountAfterRounding, on: "18.45"))
        #expect(totalLedger(text).fired(.superseded, on: "18.47"))
    }

    /// The total's label lost to OCR: the amount above the rounding line, adjusted by exactly
    /// the printed rounding, lands on the amount after it, which is the total. Without the
    /// exact closure nothing is inferred.
    @Test func aRoundingClosesOnTheAmountAboveItWhenTheLabelIsLost() {
        let text = "88888 1 10.00 10.00\n62483 1 55.90 55.90\nDISC 10.00% -5.59\nTOTh Pill ........ RM 60.31\nROUNDING ADJ -0.01\nRM 60.30\nCADHI RM 70.39\nCHANGL RM 10.00"
        #expect(extract(text).total == amount("60.30"))
        #expect(totalLedger(text).fired(.amountAfterRounding, on: "60.30"))
        let open = text.replacingOccurrences(of: "RM 60.30", with: "RM 60.20")
        #expect(!totalLedger(open).fired(.amountAfterRounding, on: "60.20"))
    }

    /// A speck read as a third decimal ("60.314"): the total is only a guessed reading, 60.31,
    /// and the rounded amount printed after the rounding line confirms it.
    @Test func aTotalReadWithAThirdDecimalIsRoundedToo() {
        let text = "TOTAL AMOUNT RM 60.314\nROUNDING ADJ -0.01\nRM 60.30\nTHANK YOU"
        #expect(extract(text).total == amount("60.30"))
        #expect(totalLedger(text).fired(.amountAfterRounding, on: "60.30"))
    }

    @Test func aSubtotalIncludingTaxIsRoundedToo() {
        let text = "SUBTOTAL INCL GST 12.58\nROUNDING ADJ. -0.0?\nJq#al 12.55"
        #expect(extract(text).total == amount("12.55"))
        #expect(totalLedger(text).fired(.amountAfterRounding, on: "12.55"))
    }

    @Test func theCardLineCarriesTheRoundedTotal() {
        let fields = extract("Total (Inclusive of GST): 38.42\nRounding Adj: 0.03\nVISA 38.45")
        #expect(fields.total == amount("38.45"))
    }

    @Test func aRoundingLineWithItsAdjustmentLostRoundsTheTotalToFiveCents() {
        let text = "Total before tax: 31.50\nService tax 6%: 1.89\nTotal: 33.39\nRounding Adj\nThank you"
        let fields = extract(text)
        #expect(fields.total == amount("33.40"))
        #expect(fields.values(.total).contains("33.39"))
        #expect(totalLedger(text).fired(.roundedTakesLabel, on: "33.40"))
    }

    @Test func aTotalPaidByCardIsNotRounded() {
        #expect(extract("Total: 33.39\nRounding 0.00\nVISA 33.39").total == amount("33.39"))
    }

    @Test func twoTotalsFiveCentsApartWithoutARoundingLine() {
        // Read out of order (the large-print total came first): the rounded total is what was due.
        let fields = extract("Total 56.15\nSubtotal 52.95\nTax 3.18\nTotal: 56.13")
        #expect(fields.total == amount("56.15"))
        #expect(fields.values(.total).contains("56.13"))
    }

    @Test func anUnroundedTotalPaidByCardStaysAsPrinted() {
        #expect(extract("Total 56.15\nSubtotal 52.95\nTotal: 56.13\nVISA 56.13").total == amount("56.13"))
    }

    @Test func zeroRoundingMeansTheRoundedTotalEqualsTheTotal() {
        let text = "1 BOX CRAYONS 7.50\nTotal : 7.50\nRounding Adjustment: 0.00\nRounded Total (RM): 7.80"
        #expect(extract(text).total == amount("7.50"))
        #expect(totalLedger(text).fired(.contradictsZeroRounding, on: "7.80"))
    }

    /// Under a cash rounding the amount due is a multiple of five cents: a total one digit from
    /// one is a misread of it, a total the rounding moves onto one is the unrounded amount; a
    /// card pays exactly, and a total two digits from the multiple is left as printed.
    @Test func aTotalUnderACashRoundingIsAMultipleOfFiveCents() {
        let misread = "ITEM 106.10\nSub Total 706.10\nGST 6.37\nRounding -0.02\nTotal (RM): 112.46"
        #expect(extract(misread).total == amount("112.45"))
        #expect(totalLedger(misread).fired(.notCashRounded, on: "112.46"))
        #expect(extract(misread).values(.total).contains("112.46"))
        #expect(extract("ITEM 101.76\nRounding -0.01\nTotal 101.76").total == amount("101.75"))
        #expect(extract("Rounding -0.02\nTotal 112.46\nVISA 112.46").total == amount("112.46"))
        let farther = "ITEM 112.49\nRounding -0.02\nTotal 112.49"
        #expect(extract(farther).total == amount("112.49"))
        #expect(!totalLedger(farther).fired(.notCashRounded, on: "112.49"))
        // A rounding printed after the total says nothing about it.
        #expect(extract("Total 112.46\nRounding -0.01\nCash 112.45").total == amount("112.45"))
    }

    /// A charge printed with its rate under the subtotal checks it: a subtotal read less surely,
    /// failing the check, is the one amount a digit away that passes, and the sums start from it.
    /// Read as surely as the charge, or passing the check, the subtotal stays as printed.
    @Test func aRatedChargeUnderTheSubtotalCorrectsItsMisreadDigit() {
        let receipt = { (subtotal: String) in
            "GUINNESS 12 GLASSES 150.00\nTIGER 12 GLASSES 145.00\n2 SUB TOTAL \(subtotal)\nSERVICE CHARGE 10% 29.50\nGST 6% 19.47\nROUNDING ADJ -0.02"
        }
        let misread = extractRead(receipt("296.00@75"))
        #expect(misread.total == amount("343.95"), "\(misread.values(.total))")
        let sure = extractRead(receipt("296.00@96"))
        #expect(sure.total != amount("343.95"), "\(sure.values(.total))")
        #expect(extractRead(receipt("295.00@75")).total == amount("343.95"))
    }

    /// A rounded total its total and rounding land on closes a sum of its own: cash less change
    /// one digit from it does not make it a misread, however unsure OCR was of it.
    @Test func aTotalClosedByItsRoundingIsNoMisreadOfCashLessChange() {
        let text = "BOOK 43.07\nTotal RM Incl. of GST 31.47@95\nRounding Adj -0.02@90\nTotal RM 31.45@60\nCash 30.00@80\nCHANGE 18.55@90"
        #expect(extractRead(text).total == amount("31.45"), "\(extractRead(text).values(.total))")
    }

    /// Rounding moves a total by cents: a rounded total read with doubt, whole units away from
    /// the total above it and one digit apart, is that total misread; read with more confidence
    /// than the total, it is not doubted.
    @Test func aRoundedTotalWholeUnitsAwayIsAMisread() {
        let text = "1.00 x 15.90 15.90\nSubtotal : 15.90\nTotal Incl. of GST 15.90\nTotal Amt Rounded 45.90@48\nPayment : 50.00"
        #expect(extractRead(text).total == amount("15.90"))
        #expect(extractRead(text, ExtractionContext(disabledTotalRules: ["roundedFarFromTotal"])).total == amount("45.90"))
        #expect(totalLedger(text, read: true).fired(.roundedFarFromTotal, on: "45.90"))
        let sure = "Total Incl. of GST 15.90@60\nTotal Amt Rounded 45.90@95\nPayment : 50.00"
        #expect(!totalLedger(sure, read: true).fired(.roundedFarFromTotal, on: "45.90"))
        // A real cash rounding a few cents away is no misread.
        #expect(!totalLedger("Total 15.92\nTotal Rounded 15.90@48", read: true).fired(.roundedFarFromTotal, on: "15.90"))
    }

    // MARK: Charges after a subtotal

    @Test func aTotalAfterServiceChargeAndTaxSupersedesTheFirst() {
        let text = """
        SUBTOTAL 84.00
        DISCOUNT -24.00
        Total Amount 60.00
        Serv Charge 10% 6.00
        GST 6% 3.96
        Rounding Adj -0.01
        TOTAL: RM 69.95
        """
        #expect(extract(text).total == amount("69.95"))
        #expect(totalLedger(text).fired(.superseded, on: "60.00"))
    }

    @Test func subtotalPlusChargesWhenTheTotalsAmountIsUnreadable() {
        let text = "SUB-TOTAL (EX) : 40.10\nSERVICE TAX 6% : 2.41\nROUNDING : -0.01\nTOTAL ::: %% ~~\nCASH"
        #expect(extract(text).total == amount("42.50"))
        #expect(totalLedger(text).fired(.subtotalPlusCharges, on: "42.50"))
    }

    /// The rounding line printed, its adjustment lost: the till rounded the sum to five cents.
    @Test func subtotalPlusChargesIsRoundedWhenTheRoundingIsUnreadable() {
        let text = "SUB TOTAL 295.00\nSERVICE CHARGE 10% 29.50\nGST 6% 19.47\nROUNDING ADJ Uy 02\nTotal Amount ~~"
        #expect(extract(text).total == amount("343.95"))
        #expect(totalLedger(text).fired(.subtotalPlusCharges, on: "343.95"))
        // Without a rounding line, or with "ROUNDING 0.00", nothing says the till rounded.
        #expect(extract("SUB TOTAL 295.00\nSERVICE CHARGE 10% 29.50\nGST 6% 19.47\nROUNDING 0.00\nTotal Amount ~~").total == amount("343.97"))
        #expect(extract("SUB TOTAL 295.00\nSERVICE CHARGE 10% 29.50\nGST 6% 19.47\nTotal Amount ~~").total == amount("343.97"))
    }

    /// Net, tax and gross on one line ("MWST 20,61 3,91 24,52") break down a total that
    /// includes the tax: nothing is added to the subtotal.
    @Test func aTaxBreakdownRowIsNoCharge() {
        let text = "Zwischensumme 24,52\nSumme EUR ~~\nMWST 20,61 3,91 24,52\nBar ~~"
        #expect(extract(text).total == amount("24.52"))
        #expect(!totalLedger(text).fired(.subtotalPlusCharges, on: "45.13"))
    }

    @Test func anIncludedTaxIsNotAddedToTheSubtotal() {
        #expect(extract("SUBTOTAL 30.00\nINC 6% GST 1.70\nTOTAL ~~").total == amount("30.00"))
    }
}

/// The ledger itself: what `--explain` prints and what `--without` switches off.
struct TotalLedgerTests {
    @Test func theExplanationNamesEveryRuleThatFired() {
        let explanation = totalLedger("SUBTOTAL 8.90\nTOTAL 3.90\nCASH 10.00\nCHANGE 1.10").explanation()
        #expect(explanation.first?.hasPrefix("8.9 score") == true)
        #expect(explanation.contains { $0.contains("paidMinusChange") && $0.contains("closes on a printed amount") })
        #expect(explanation.contains { $0.contains("contradictsClosedChange") && $0.contains("×0.50") })
    }

    @Test func aSwitchedOffRuleLeavesNoEntry() {
        let lines = ReceiptLine.analyse(TextLine.lines(fromPlainText: "COFFEE 3.50\nCAKE 4.20\n7.70"))
        let ledger = TotalExtractor(disabled: [.largestAmount]).extract(lines, currency: nil).ledger
        #expect(!ledger.fired(.largestAmount, on: "7.70"))
    }

    @Test func doubtsMultiplyEvidenceAndProofIsAddedAfterThem() {
        var ledger = TotalLedger()
        let source = LabelledAmount(value: 1, role: .total, hasFraction: true, lineIndex: 0, line: "", weight: 1)
        ledger.open(1, source: source, rule: .label, weight: 0.8)
        ledger.add(.closedPaidInFull, 0.3, to: 1)
        ledger.scale(.abovePayment, by: 0.5, 1)
        #expect(abs(ledger.score(of: 1) - (0.8 * 0.5 + 0.3)) < 1e-9)
    }

    @Test func everyRuleHasAWeight() {
        #expect(TotalRule.allCases.allSatisfy { TotalWeights.weight($0) >= 0 })
        #expect(Set(ExtractionContext.totalRuleNames).count == TotalRule.allCases.count)
    }
}

/// A rounded total whose own line was misread, recovered from the sums that agree on it.
struct MisreadRoundedTotalTests {
    @Test func theTotalRoundedByTheRoundingLineAndCashLessChangeAgree() {
        // 14.07 − 0.02 = 14.05 = 20.00 − 5.95; "Total 74.05" is the 1 read as 7.
        let text = """
        1 MAMEE MONSTER 4.79
        1 100PLUS 1.5L 3.99
        1 SUNLIGHT 900ML 5.29
        Total Sales (Inclusive of GST) 14.07
        Rounding adj -0.02
        Total 74.05@83
        Cash 20.00
        Change 5.95@85
        GST Summary Amount Tax
        SR 6% 13.27 0.80
        """
        #expect(extractRead(text).total == amount("14.05"))
        #expect(totalLedger(text, read: true).fired(.correctionTakesLabel, on: "14.05"))
    }

    @Test func cashLessChangeIsTheRoundingOfTheTotalAboveIt() {
        // No rounding line: "TOTAL ROUNDED" was read 75.30; 20.00 − 4.70 = 15.30 rounds 15.28.
        let text = "TOTAL INCL GST RM 15.28\nTOTAL ROUNDED RM 75.30@80\nCASH RM 20.00\nCHANGE RM 4.70\nSR = 6% 14.41 0.87"
        #expect(extractRead(text).total == amount("15.30"))
        // With nothing on the receipt saying the till rounds, cash less change proves no rounding.
        let unrounded = "TOTAL INCL GST RM 15.28\nCASH RM 20.00\nCHANGE RM 4.70"
        #expect(extractRead(unrounded).total == amount("15.28"))
    }

    @Test func aPhoneWalletPaysTheTotalAsACardDoes() {
        #expect(ReceiptLine.classify(MatchableLine("Touch 'n Go eWallet 17.30")) == .cardPayment)
        #expect(ReceiptLine.classify(MatchableLine("Apple Pay 12.00")) == .cardPayment)
        #expect(ReceiptLine.classify(MatchableLine("E-Wallet RM 9.00")) == .cardPayment)
        // Goods of the same name are no payment.
        #expect(ReceiptLine.classify(MatchableLine("LEATHER WALLET 59.90")) != .cardPayment)
        #expect(ReceiptLine.classify(MatchableLine("BOOST JUICE 8.90")) != .cardPayment)
    }
}

/// Labels read as one column and their amounts as the next (`labelRun`).
struct LabelColumnTests {
    @Test func aGarbledLabelKeepsItsPlaceInTheColumn() {
        // "GST 6%" read as "6ST 6%": no label, but still the third of five lines beside five amounts.
        let text = """
        1 FRIED RICE 12.00 SR
        2 KUNG PAO CHICKEN 36.00 SR
        1 CHINESE TEA POT 6.00 SR
        Sub Total
        Service Charge 10%
        6ST 6%
        Rounding Adj
        Grand Total
        54.00
        5.40
        3.56
        -0.01
        62.95
        """
        let labelled = TotalExtractor().labelledAmounts(ReceiptLine.analyse(TextLine.lines(fromPlainText: text)))
        #expect(labelled.first { $0.role == .finalTotal }?.value == amount("62.95"))
        #expect(labelled.first { $0.role == .rounding }?.value == amount("-0.01"))
        #expect(extract(text).total == amount("62.95"))
    }

    @Test func anExtraLineInTheLabelsLeavesThePairingToTheLabelsRead() {
        // Two labels, a speck between them, two amounts: the columns differ in length.
        let text = "Sub Total\n~\nTotal\n9.00\n9.54"
        let labelled = TotalExtractor().labelledAmounts(ReceiptLine.analyse(TextLine.lines(fromPlainText: text)))
        #expect(labelled.first { $0.role == .total }?.value == amount("9.54"))
    }
}

/// A card is charged the amount due to the cent.
struct CardChargeTests {
    @Test func aCardChargeOneGlyphFromATotalReadLessSurelyCorrectsIt() {
        let text = "3 Übernachtungen à 89,00 267,00\nCity Tax 13,35\nGesamtbetrag EUR 323,86@72\nZahlung: Visa 323,85"
        #expect(extractRead(text).total == amount("323.85"))
        // Read more surely than the card, the total stands.
        #expect(extractRead(text.replacingOccurrences(of: "@72", with: "")).total == amount("323.86"))
    }

    @Test func aTipOrCashBesideTheCardLeavesTheTotal() {
        #expect(extractRead("TOTAL 30.00@70\nTIP 3.00\nVISA 33.00").total != amount("33.00"))
        #expect(extractRead("TOTAL 30.00@70\nCASH 10.00\nVISA 20.00").total == amount("30.00"))
    }
}
