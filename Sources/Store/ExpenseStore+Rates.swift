import Foundation
import GRDB
import RebutCore

/// One exchange rate: 1 `base` = `rate` `quote` on `day`, as `source` published it.
public struct ExchangeRate: Sendable, Hashable, Codable {
    public var base: String
    public var quote: String
    public var day: LocalDate
    /// Exact, as published ("0.85553"): never a Double.
    public var rate: Decimal
    /// "ECB" for an imported reference-rate file, "manual" for `rates set`.
    public var source: String

    public init(base: String, quote: String, day: LocalDate, rate: Decimal, source: String) {
        self.base = base
        self.quote = quote
        self.day = day
        self.rate = rate
        self.source = source
    }
}

extension ExpenseStore {
    /// Adds or replaces rates (same pair, day and source) in one transaction; returns how many.
    /// Currencies must be ISO 4217 codes and rates positive, else nothing is written.
    @discardableResult
    public func saveRates(_ rates: [ExchangeRate]) throws -> Int {
        var checked: [ExchangeRate] = []
        for var rate in rates {
            rate.base = try Validation.currency(rate.base)
            rate.quote = try Validation.currency(rate.quote)
            guard rate.rate > 0 else {
                throw StoreError.invalidValue(field: "rate", value: "\(rate.rate)", reason: "a rate must be more than 0")
            }
            guard rate.base != rate.quote else {
                throw StoreError.invalidValue(field: "rate", value: "\(rate.base)/\(rate.quote)", reason: "both currencies are the same")
            }
            checked.append(rate)
        }
        try dbPool.write { db in
            let statement = try db.makeStatement(sql: """
                INSERT OR REPLACE INTO exchangeRate (base, quote, day, rate, source) VALUES (?, ?, ?, ?, ?)
                """)
            for rate in checked {
                try statement.execute(arguments: [rate.base, rate.quote, rate.day.iso8601, "\(rate.rate)", rate.source])
            }
        }
        return checked.count
    }

    /// Every stored rate, optionally of one currency (either side), by day then pair.
    public func rates(currency: String? = nil) throws -> [ExchangeRate] {
        try dbPool.read { db in
            var sql = "SELECT base, quote, day, rate, source FROM exchangeRate"
            var arguments: StatementArguments = []
            if let currency {
                sql += " WHERE base = ? OR quote = ?"
                arguments = [currency.uppercased(), currency.uppercased()]
            }
            sql += " ORDER BY day, base, quote, source"
            return try Row.fetchAll(db, sql: sql, arguments: arguments).map(Self.exchangeRate)
        }
    }

    /// Rates stored for `base`→`quote` (that direction only) on days in `from...to`, newest first.
    public func rates(base: String, quote: String, from: LocalDate, to: LocalDate) throws -> [ExchangeRate] {
        try dbPool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT base, quote, day, rate, source FROM exchangeRate
                WHERE base = ? AND quote = ? AND day >= ? AND day <= ?
                ORDER BY day DESC, source = 'manual' DESC, source
                """, arguments: [base.uppercased(), quote.uppercased(), from.iso8601, to.iso8601])
                .map(Self.exchangeRate)
        }
    }

    private static func exchangeRate(_ row: Row) throws -> ExchangeRate {
        let dayText: String = row["day"], rateText: String = row["rate"]
        guard let day = LocalDate(iso8601: dayText) else { throw StoreError.corruptValue(column: "exchangeRate.day", value: dayText) }
        guard let rate = MoneyFormat.parse(rateText) else { throw StoreError.corruptValue(column: "exchangeRate.rate", value: rateText) }
        return ExchangeRate(base: row["base"], quote: row["quote"], day: day, rate: rate, source: row["source"])
    }
}
