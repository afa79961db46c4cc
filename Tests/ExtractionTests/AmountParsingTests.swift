import Foundation
import Testing
@testable import Extraction

/// Number formats and OCR noise inside amounts.
struct AmountParsingTests {
    private func values(_ line: String) -> [Decimal] { AmountParser.amounts(in: line).map(\.value) }

    @Test("both decimal conventions and grouping", arguments: [
        ("TOTAL 1.234,56", "1234.56"), ("TOTAL 1,234.56", "1234.56"), ("Total 12,50 €", "12.50"),
        ("TOTAL RM9.00", "9.00"), ("TOTAL 9.00", "9.00"), ("TOTAL RM 9.00", "9.00"), ("SUMME 1'234.50", "1234.50"),
        ("TOTAL 12.345,00", "12345.00"), ("TOTAL 7,5", "7.50"),
    ])
    func formats(line: String, expected: String) {
        #expect(values(line).last == amount(expected))
    }

    @Test("OCR noise repaired inside numbers", arguments: [
        ("TOTAL 9 .00", "9.00"), ("TOTAL 33, 92", "33.92"), ("TOTAL 1O.5O", "10.50"), ("TOTAL 2S.00", "25.00"),
        ("TOTAL l2.00", "12.00"), ("TOTAL $.20", "5.20"), ("CASH 50,.00", "50.00"), ("TOTAL 1.234.56", "1234.56"),
    ])
    func ocrNoise(line: String, expected: String) {
        #expect(values(line).last == amount(expected))
    }

    @Test("a currency misread and glued to the line's last price", arguments: [
        ("Total fm1.00", "1.00"), ("Paid hM1.00", "1.00"), ("Kel lata? RH367,10", "367.10"), ("Change Due M12.50 ", "12.50"),
    ])
    func misreadCurrency(line: String, expected: String) {
        #expect(values(line).last == amount(expected))
    }

    @Test("a glued letter that may be a digit's look-alike is also read as that digit", arguments: [
        ("A PAYER S9,10", "9.10", "59.10"), ("Total S12.40", "12.40", "512.40"), ("Total fm1.00", "1.00", nil),
        ("Kel lata? RH367,10", "367.10", nil),
    ])
    func gluedLookAlike(line: String, read: String, alternative: String?) {
        let last = AmountParser.amounts(in: line).last
        #expect(last?.value == amount(read))
        #expect(last?.gluedDigitReading == alternative.map(amount))
    }

    /// A decimal point read as a colon where no clock reads so; times stay times.
    @Test func aPointReadAsAColonWhereNoClockReadsSo() {
        #expect(values("Total Incl. GST 112:90") == [amount("112.90")])
        #expect(values("SUMME 12:70") == [amount("12.70")])
        #expect(values("Betrag 67:37 EUR") == [amount("67.37")])
        #expect(values("Time 10:45").isEmpty)
        #expect(values("Uhrzeit 18:30:12").isEmpty)
        #expect(values("26.11.2026 09:51 Bed. Tom").isEmpty)
    }

    @Test func codesWithLettersInFrontAreNoPrice() {
        // Only a price with cents at the end of a labelled line: codes, sizes and item numbers stay out.
        func prices(_ line: String) -> [Decimal] { AmountParser.amounts(in: line).filter(\.hasFraction).map(\.value) }
        #expect(prices("Size M1.5").isEmpty)
        #expect(prices("AB12.50 TEA").isEmpty)
        #expect(prices("A10.50").isEmpty)
        #expect(prices("Ref X12.00 4.00") == [amount("4.00")])
    }

    @Test func aWholeNumberGluedToAWordByADotIsNoPrice() {
        #expect(values("NO.5 JALAN PERMAS 9/5").isEmpty)
        #expect(values("Ticket No.7 & Ref.4").isEmpty)
        #expect(values("TOTAL.7.50").last == amount("7.50"))
        #expect(values("Ticket No. 7 RM4.00") == [7, amount("4.00")])
    }

    @Test func dashesThatAreNotSigns() {
        #expect(values("Total Amt Payable - 159.00").last == amount("159.00"))
        #expect(values("TOTAL ~ 55.10").last == amount("55.10"))
        #expect(values("Rounding : -0.02").last == amount("-0.02"))
    }

    @Test func negativeAmounts() {
        #expect(values("ROUNDING ADJ -RM 0.02").last == amount("-0.02"))
        #expect(values("DISCOUNT (1.50)").last == amount("-1.50"))
        #expect(values("DESCUENTO 1,50-").last == amount("-1.50"))
    }

    @Test("dates, times, percentages, codes and phone numbers are not money", arguments: [
        "25.12.2018", "03.04.19", "12:30:45", "GST 6%", "IVA 21,00%", "TEL 03-7731 8169", "9556939040118",
        "SX-575-1", "INV 1X",
    ])
    func notMoney(line: String) {
        #expect(AmountParser.amounts(in: line).filter(\.hasFraction).isEmpty)
    }

    @Test func currencyNextToAmount() {
        #expect(AmountParser.amounts(in: "TOTAL RM9.00").last?.currency == "MYR")
        #expect(AmountParser.amounts(in: "TOTAL 12,50 €").last?.currency == "EUR")
        #expect(AmountParser.amounts(in: "TOTAL £4.20").last?.currency == "GBP")
        #expect(AmountParser.amounts(in: "TOTAL CHF 8.40").last?.currency == "CHF")
        #expect(AmountParser.amounts(in: "PLATFORM 9.00").last?.currency == nil)
    }
}
