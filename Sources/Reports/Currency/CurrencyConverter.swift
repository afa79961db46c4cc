import Foundation
import RebutCore
import Store

/// An amount turned into another currency, with the rate that did it, so a report can say so.
public struct Conversion: Sendable, Hashable {
    /// Rounded half up to the target currency's minor unit.
    public var amount: Decimal
    public var currency: String
    /// 1 unit of the receipt's currency = `rate` units of `currency` (exact, before rounding).
    public var rate: Decimal
    /// The day the rate was published: on or at most `CurrencyConverter.maxRateAge` days before the receipt.
    public var rateDay: LocalDate
    /// "ECB", "manual", or "ECB via EUR" for a rate crossed through the euro.
    public var source: String

    /// "1 GBP = 1.1696 EUR (ECB, 2024-03-01)"
    public func describe(from: String) -> String {
        "1 \(from) = \(CurrencyConverter.rounded(rate, digits: 6)) \(currency) (\(source), \(rateDay.iso8601))"
    }
}

/// Why an amount was left unconverted. A report shows the line in its own currency, flagged.
public enum ConversionGap: Error, Sendable, Hashable, CustomStringConvertible {
    case noDate
    case noCurrency
    case noRate(from: String, to: String, day: LocalDate)

    public var description: String {
        switch self {
        case .noDate: return "no date, so no rate can be chosen"
        case .noCurrency: return "the receipt's currency is unknown"
        case .noRate(let from, let to, let day):
            return "no \(from)→\(to) rate from \(day.adding(days: -CurrencyConverter.maxRateAge).iso8601) to \(day.iso8601)"
        }
    }
}

/// Converts receipt amounts at the user's own rates (`rebut rates`), exactly in Decimal.
///
/// The rate for a receipt is the newest one published on or before its date, at most
/// `maxRateAge` days before (reference rates skip weekends and holidays: a Sunday receipt takes
/// Friday's rate; a fortnight-old rate is not taken). A pair is found directly, inverted, or
/// crossed through EUR (the ECB publishes every rate against the euro); with none the amount is
/// not converted — a rate is never guessed.
public final class CurrencyConverter {
    /// 7 days covers a weekend next to a holiday week (Easter: Thursday's rate for Monday).
    public static let maxRateAge = 7

    private let store: ExpenseStore
    private var cache: [String: Result<Conversion, ConversionGap>] = [:]

    public init(store: ExpenseStore) {
        self.store = store
    }

    public func convert(_ amount: Decimal, from: String?, to target: String, on day: LocalDate?) throws
        -> Result<Conversion, ConversionGap> {
        guard let from = from?.uppercased() else { return .failure(.noCurrency) }
        let target = target.uppercased()
        if from == target {
            return .success(Conversion(amount: amount, currency: target, rate: 1, rateDay: day ?? LocalDate(year: 2000, month: 1, day: 1)!,
                                       source: "same currency"))
        }
        guard let day else { return .failure(.noDate) }
        let key = "\(from)>\(target)@\(day.iso8601)"
        let unit: Result<Conversion, ConversionGap>
        if let cached = cache[key] {
            unit = cached
        } else {
            unit = try rate(from: from, to: target, on: day).map { .success($0) } ?? .failure(.noRate(from: from, to: target, day: day))
            cache[key] = unit
        }
        return unit.map { found in
            var converted = found
            converted.amount = Self.rounded(amount * found.rate, digits: MoneyFormat.minorDigits(for: target))
            return converted
        }
    }

    /// The rate for 1 `from` in `to` on `day`: direct, inverse, or through EUR; newest day wins,
    /// a rate the user set by hand wins over an imported one of the same day.
    private func rate(from: String, to: String, on day: LocalDate) throws -> Conversion? {
        let earliest = day.adding(days: -Self.maxRateAge)
        var options: [Conversion] = []
        if let direct = try store.rates(base: from, quote: to, from: earliest, to: day).first {
            options.append(Conversion(amount: 0, currency: to, rate: direct.rate, rateDay: direct.day, source: direct.source))
        }
        if let inverse = try store.rates(base: to, quote: from, from: earliest, to: day).first {
            options.append(Conversion(amount: 0, currency: to, rate: Self.divide(1, by: inverse.rate), rateDay: inverse.day,
                                      source: inverse.source))
        }
        if from != "EUR" && to != "EUR" {
            let fromRates = try store.rates(base: "EUR", quote: from, from: earliest, to: day)
            let toRates = try store.rates(base: "EUR", quote: to, from: earliest, to: day)
            let toByDay = Dictionary(toRates.map { ($0.day, $0) }, uniquingKeysWith: { first, _ in first })
            if let pair = fromRates.lazy.compactMap({ f in toByDay[f.day].map { (f, $0) } }).first {
                options.append(Conversion(amount: 0, currency: to, rate: Self.divide(pair.1.rate, by: pair.0.rate),
                                          rateDay: pair.0.day, source: "\(pair.0.source) via EUR"))
            }
        }
        return options.max { a, b in
            (a.rateDay, a.source.hasPrefix("manual") ? 1 : 0) < (b.rateDay, b.source.hasPrefix("manual") ? 1 : 0)
        }
    }

    /// Decimal division kept to 10 significant decimals: rates are published to 4–6.
    static func divide(_ a: Decimal, by b: Decimal) -> Decimal {
        rounded(a / b, digits: 10)
    }

    static func rounded(_ value: Decimal, digits: Int) -> Decimal {
        var value = value
        var result = Decimal()
        NSDecimalRound(&result, &value, digits, .plain)
        return result
    }
}
