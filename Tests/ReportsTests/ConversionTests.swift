import Foundation
import RebutCore
import RebutTestSupport
import Reports
import Store
import Testing

@Suite struct ConversionTests {
    private func store() throws -> (TemporaryDirectory, ExpenseStore) {
        let dir = try TemporaryDirectory("rebut-rates")
        return (dir, try ExpenseStore(path: dir.file("store.sqlite")))
    }

    private func day(_ text: String) -> LocalDate { LocalDate(iso8601: text)! }

    @Test func theNewestRateUpToSevenDaysBackIsUsedAndNoOlder() throws {
        let (directory, store) = try store()
        defer { withExtendedLifetime(directory) {} }
        try store.saveRates([ExchangeRate(base: "EUR", quote: "GBP", day: day("2024-03-01"), rate: Decimal(string: "0.8553")!, source: "ECB"),
                             ExchangeRate(base: "EUR", quote: "GBP", day: day("2024-02-29"), rate: Decimal(string: "0.8560")!, source: "ECB")])
        let converter = CurrencyConverter(store: store)
        // Sunday 3 March: Friday's rate.
        let sunday = try converter.convert(Decimal(string: "85.53")!, from: "GBP", to: "EUR", on: day("2024-03-03")).get()
        #expect(sunday.rateDay == day("2024-03-01"))
        #expect(sunday.amount == rounded(Decimal(string: "85.53")! / Decimal(string: "0.8553")!))
        // Seven days after the newest rate is still covered; eight is not.
        #expect((try? converter.convert(10, from: "GBP", to: "EUR", on: day("2024-03-08")).get())?.rateDay == day("2024-03-01"))
        let tooLate = try converter.convert(10, from: "GBP", to: "EUR", on: day("2024-03-09"))
        #expect(tooLate == .failure(.noRate(from: "GBP", to: "EUR", day: day("2024-03-09"))))
        // Nothing before the first rate either.
        #expect(throws: ConversionGap.self) { try converter.convert(10, from: "GBP", to: "EUR", on: day("2024-02-28")).get() }
    }

    @Test func directInverseAndCrossRatesAndAManualRateWinsItsDay() throws {
        let (directory, store) = try store()
        defer { withExtendedLifetime(directory) {} }
        let d = day("2024-03-01")
        try store.saveRates([ExchangeRate(base: "EUR", quote: "GBP", day: d, rate: Decimal(string: "0.85")!, source: "ECB"),
                             ExchangeRate(base: "EUR", quote: "USD", day: d, rate: Decimal(string: "1.08")!, source: "ECB")])
        let converter = CurrencyConverter(store: store)
        let direct = try converter.convert(100, from: "EUR", to: "GBP", on: d).get()
        #expect(direct.amount == 85 && direct.source == "ECB")
        let inverse = try converter.convert(85, from: "GBP", to: "EUR", on: d).get()
        #expect(inverse.amount == 100)
        let cross = try converter.convert(85, from: "GBP", to: "USD", on: d).get()
        #expect(cross.amount == 108 && cross.source == "ECB via EUR")
        #expect(cross.describe(from: "GBP").contains("ECB via EUR, 2024-03-01"))

        try store.saveRates([ExchangeRate(base: "GBP", quote: "EUR", day: d, rate: Decimal(string: "1.2")!, source: "manual")])
        let manual = try CurrencyConverter(store: store).convert(10, from: "GBP", to: "EUR", on: d).get()
        #expect(manual.amount == 12 && manual.source == "manual")
    }

    @Test func aReceiptWithoutDateOrCurrencyIsNeverConverted() throws {
        let (directory, store) = try store()
        defer { withExtendedLifetime(directory) {} }
        try store.saveRates([ExchangeRate(base: "EUR", quote: "GBP", day: day("2024-03-01"), rate: 1, source: "ECB")])
        let converter = CurrencyConverter(store: store)
        #expect(try converter.convert(5, from: "GBP", to: "EUR", on: nil) == .failure(.noDate))
        #expect(try converter.convert(5, from: nil, to: "EUR", on: day("2024-03-01")) == .failure(.noCurrency))
    }

    @Test func convertedAmountsStayExactDecimals() throws {
        let (directory, store) = try store()
        defer { withExtendedLifetime(directory) {} }
        // 0.1 has no exact binary form: through Double, 0.1 × 0.3 is 0.030000000000000006.
        try store.saveRates([ExchangeRate(base: "CHF", quote: "EUR", day: day("2024-03-01"), rate: Decimal(string: "0.1")!, source: "manual")])
        let result = try CurrencyConverter(store: store).convert(Decimal(string: "0.3")!, from: "CHF", to: "EUR", on: day("2024-03-01")).get()
        #expect(result.rate == Decimal(string: "0.1")!)
        #expect(result.amount == Decimal(string: "0.03")!)
        #expect(MoneyFormat.canonical(result.amount, currency: "EUR") == "0.03")
    }

    @Test func theECBHistoryAndDailyFilesBothImport() throws {
        let history = try ECBRatesFile.parse(String(contentsOf: Fixtures.url("rates/eurofxref-sample.csv"), encoding: .utf8))
        // N/A cells (CYP, no longer quoted) are skipped; every rate is against EUR.
        #expect(!history.contains { $0.quote == "CYP" })
        #expect(history.allSatisfy { $0.base == "EUR" && $0.source == "ECB" })
        let daily = try ECBRatesFile.parse(String(contentsOf: Fixtures.url("rates/eurofxref-daily-sample.csv"), encoding: .utf8))
        #expect(daily.first { $0.quote == "GBP" }?.day == day("2018-12-21"))
        // Both files give the same GBP rate for the same day, exactly.
        #expect(daily.first { $0.quote == "GBP" }?.rate == history.first { $0.quote == "GBP" && $0.day == day("2018-12-21") }?.rate)

        #expect(throws: ECBRatesFile.ParseError.self) { try ECBRatesFile.parse("Date,USD\n2024-13-45,1.08\n") }
        do {
            _ = try ECBRatesFile.parse("Date,USD\n2024-03-01,one\n")
            Issue.record("a rate that is not a number was accepted")
        } catch let error as ECBRatesFile.ParseError {
            #expect(error.line == 2 && error.description.contains("USD"))
        }
    }
}
