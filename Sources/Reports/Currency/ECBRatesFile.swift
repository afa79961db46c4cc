import Foundation
import RebutCore
import Store

/// Reads the European Central Bank's reference-rate CSV files, as downloaded from
/// ecb.europa.eu: the history (`eurofxref-hist.csv`: `Date,USD,JPY,…` then `2024-03-01,1.0813,…`)
/// and the daily file (`eurofxref.csv`: `Date, USD, …` then `01 March 2024, 1.0813, …`).
/// Each value is 1 EUR in that currency; `N/A` and empty cells (currencies no longer quoted)
/// are skipped, as are codes that are not ISO 4217 any more.
public enum ECBRatesFile {
    public struct ParseError: Error, CustomStringConvertible {
        public var line: Int
        public var reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    public static func parse(_ text: String, source: String = "ECB") throws -> [ExchangeRate] {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        guard let headerLine = lines.first else { throw ParseError(line: 1, reason: "the file is empty") }
        let header = cells(headerLine)
        guard header.first?.lowercased() == "date", header.count > 1 else {
            throw ParseError(line: 1, reason: "expected a header starting with Date and currency codes (the ECB's CSV), found '\(headerLine.prefix(40))'")
        }
        let codes = header.dropFirst().map { $0.uppercased() }
        var rates: [ExchangeRate] = []
        for (offset, line) in lines.dropFirst().enumerated() {
            let fields = cells(line)
            guard let day = date(fields[0]) else {
                throw ParseError(line: offset + 2, reason: "'\(fields[0])' is not a date (YYYY-MM-DD or 01 March 2024)")
            }
            for (code, value) in zip(codes, fields.dropFirst()) where !code.isEmpty && ISO4217.isKnown(code) && code != "EUR" {
                guard value.uppercased() != "N/A", !value.isEmpty else { continue }
                guard let rate = MoneyFormat.parse(value), rate > 0 else {
                    throw ParseError(line: offset + 2, reason: "\(code) rate '\(value)' is not a positive decimal")
                }
                rates.append(ExchangeRate(base: "EUR", quote: code, day: day, rate: rate, source: source))
            }
        }
        guard !rates.isEmpty else { throw ParseError(line: 2, reason: "no rates found") }
        return rates
    }

    private static func cells(_ line: String) -> [String] {
        line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    private static let months = ["january", "february", "march", "april", "may", "june", "july", "august",
                                 "september", "october", "november", "december"]

    static func date(_ text: String) -> LocalDate? {
        if let iso = LocalDate(iso8601: text) { return iso }
        let parts = text.split(separator: " ")
        guard parts.count == 3, let day = Int(parts[0]), let year = Int(parts[2]),
              let month = months.firstIndex(of: parts[1].lowercased()) else { return nil }
        return LocalDate(year: year, month: month + 1, day: day)
    }
}
