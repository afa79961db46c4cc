import Foundation
import Testing
@testable import RebutCore

@Suite struct LocalDateTests {
    @Test func rejectsDaysThatDoNotExist() {
        #expect(LocalDate(year: 2019, month: 2, day: 29) == nil)
        #expect(LocalDate(year: 2020, month: 2, day: 29) != nil)
        #expect(LocalDate(year: 2019, month: 4, day: 31) == nil)
        #expect(LocalDate(year: 2019, month: 13, day: 1) == nil)
    }

    @Test func roundTripsISO8601() throws {
        let date = try #require(LocalDate(iso8601: "2018-12-25"))
        #expect(date.iso8601 == "2018-12-25")
        let json = try JSONEncoder().encode([date])
        #expect(String(decoding: json, as: UTF8.self) == #"["2018-12-25"]"#)
        #expect(try JSONDecoder().decode([LocalDate].self, from: json) == [date])
        #expect(LocalDate(iso8601: "2018-1-25") == nil)
    }

    @Test func dayNumbersCountDays() throws {
        #expect(try #require(LocalDate(year: 1970, month: 1, day: 1)).dayNumber == 0)
        let a = try #require(LocalDate(year: 2019, month: 3, day: 1))
        let b = try #require(LocalDate(year: 2019, month: 2, day: 28))
        #expect(a.dayNumber - b.dayNumber == 1)
    }
}

@Suite struct MoneyFormatTests {
    @Test func canonicalTextHasTheCurrencyDigits() throws {
        #expect(MoneyFormat.canonical(try #require(MoneyFormat.parse("9")), currency: "MYR") == "9.00")
        #expect(MoneyFormat.canonical(try #require(MoneyFormat.parse("1234.5")), currency: "EUR") == "1234.50")
        #expect(MoneyFormat.canonical(try #require(MoneyFormat.parse("1500")), currency: "JPY") == "1500")
        #expect(MoneyFormat.canonical(try #require(MoneyFormat.parse("-3.456")), currency: "KWD") == "-3.456")
    }

    @Test func parseIsExact() throws {
        let a = try #require(MoneyFormat.parse("0.10"))
        let b = try #require(MoneyFormat.parse("0.20"))
        #expect(a + b == MoneyFormat.parse("0.30"))
        #expect(MoneyFormat.parse("1,234.56") == nil)
        #expect(MoneyFormat.parse("abc") == nil)
    }
}
