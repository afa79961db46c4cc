import Testing
import RebutCore
@testable import Extraction

struct CurrencyTests {
    @Test("symbols and codes", arguments: [
        ("TOTAL RM9.00", "MYR"), ("TOTAL 12,50 €", "EUR"), ("TOTAL £4.20", "GBP"), ("TOTAL CHF 8.40", "CHF"),
        ("TOTAL EUR 3,20", "EUR"), ("TOTAL $5.00", "USD"),
    ])
    func symbols(line: String, code: String) {
        #expect(extract(line).currency == code)
    }

    @Test func dollarFollowsTheEventCurrency() {
        #expect(extract("TOTAL $5.00", ExtractionContext(defaultCurrency: "SGD")).currency == "SGD")
    }

    @Test func defaultCurrencyWhenNoneIsPrinted() {
        #expect(extract("TOTAL 5.00", ExtractionContext(defaultCurrency: "EUR")).currency == "EUR")
    }

    @Test func languageHintAsLastResort() {
        #expect(extract("TOTAL 5,00", ExtractionContext(languages: ["spa"])).currency == "EUR")
        #expect(extract("TOTAL 5.00").currency == nil)
    }
}

struct PaymentTests {
    @Test("methods", arguments: [
        ("VISA **** 1234 12.00", PaymentMethod.card), ("CASH 20.00\nCHANGE 8.00", .cash),
        ("TARJETA 12,00", .card), ("TARGETA 12,00", .card), ("EC-KARTE 12,00", .card), ("CB 12,00", .card),
        ("CARTE BANCAIRE 12,00", .card), ("EFECTIVO 20,00", .cash), ("BAR 20,00", .cash), ("ESPECES 20,00", .cash),
        ("MASTERCARD 12.00", .card), ("DEBIT 12.00", .card), ("BIZUM 12,00", .mobile),
    ])
    func methods(line: String, method: PaymentMethod) {
        #expect(extract("TOTAL 12.00\n\(line)").payment == method)
    }

    /// A loyalty card and its masked number are printed whatever paid.
    @Test("a loyalty card is no payment", arguments: [
        "SUMME EUR 12,00\nPayback-Karte: ****1234\nBAR 20,00\nRückgeld 8,00",
        "TOTAL 12.00\nMEMBER CARD XXXX5678\nCASH 20.00\nCHANGE 8.00",
    ])
    func loyaltyCard(text: String) {
        let fields = extract(text, ExtractionContext(languages: ["deu", "eng"]))
        #expect(fields.payment == .cash)
        #expect(!(fields.candidates[.payment] ?? []).contains { $0.value == PaymentMethod.card.rawValue })
    }

    @Test func noPaymentLine() {
        #expect(extract("TOTAL 12.00").payment == nil)
    }
}

struct TaxTests {
    @Test("tax words", arguments: [
        ("GST 6% 1.50", "1.50"), ("SST 6% 1.50", "1.50"), ("VAT 20% 2.50", "2.50"), ("IVA 21% 2,10", "2.10"),
        ("MwSt 19% 1,90", "1.90"), ("TVA 20% 2,00", "2.00"),
    ])
    func words(line: String, expected: String) {
        let fields = extract("SUBTOTAL 10.00\n\(line)\nTOTAL 99.00")
        #expect(fields.tax == amount(expected))
    }

    @Test func taxCheckedAgainstSubtotalAndTotal() {
        let fields = extract("""
        GST REG NO 001234567890
        SUBTOTAL 20.00
        GST 6% 1.20
        TOTAL 21.20
        GST SUMMARY
        SR 6% 20.00 1.20
        """)
        #expect(fields.tax == amount("1.20"))
        #expect(fields.total == amount("21.20"))
    }

    @Test func totalIncludingTaxIsNotTheTax() {
        let fields = extract("TOTAL INCL. GST 10.60\nGST 0.60")
        #expect(fields.tax == amount("0.60"))
        #expect(fields.total == amount("10.60"))
    }
}

/// A candidate points at the line the value came from: the strongest evidence, not merely the
/// first line that mentioned it.
struct CandidateSourceLineTests {
    @Test func aCardPaymentPointsAtTheCardSlipNotAnItemNamedCard() throws {
        let text = "KIOSK NORD\n01/03/2024\nBIRTHDAY CARD 2.50\nTOTAL 12.50\nVISA ****1234 12.50"
        let fields = extract(text)
        let card = try #require(fields.candidates[.payment]?.first)
        #expect(card.value == "card")
        #expect(card.line.hasPrefix("VISA"), "\(card.line)")
        #expect(card.lineIndex == 4)
    }

    @Test func aCurrencyPointsAtTheTotalNotADateLineThatNamesIt() throws {
        let text = "KEDAI MAJU\nDATE 12/03/2019 RM\nNASI LEMAK 5.00\nTOTAL RM 12.50"
        let currency = try #require(extract(text).candidates[.currency]?.first)
        #expect(currency.value == "MYR")
        #expect(currency.line.hasPrefix("TOTAL"), "\(currency.line)")
    }
}
