import Foundation
import GRDB
import RebutCore

// Column representations of the core value types. They live here, not in RebutCore, so the
// core stays free of GRDB.
//
// Decimal needs nothing: GRDB already stores it as exact TEXT. Receipts still write money through
// `MoneyText` so the column holds the canonical "9.00" form rather than "9".

/// A day is stored as ISO 8601 TEXT ("2019-03-04"), which sorts and compares correctly in SQL.
extension LocalDate: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { iso8601.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> LocalDate? {
        String.fromDatabaseValue(dbValue).flatMap { LocalDate(iso8601: $0) }
    }
}

/// Money as TEXT: never REAL, so 0.10 + 0.20 stays 0.30.
enum MoneyText {
    /// The currency's canonical form ("9.00", "1234" for JPY) unless rounding to the currency's
    /// minor digits would change the amount; then every digit is kept. Storage must never lose money.
    static func text(_ amount: Decimal, currency: String?) -> String {
        let canonical = MoneyFormat.canonical(amount, currency: currency)
        if let back = MoneyFormat.parse(canonical), back == amount { return canonical }
        return "\(amount)"
    }

    static func decode(_ text: String?, column: String) throws -> Decimal? {
        guard let text else { return nil }
        guard let value = MoneyFormat.parse(text) else {
            throw StoreError.corruptValue(column: column, value: text)
        }
        return value
    }
}

/// JSON columns are written with sorted keys so equal values give equal text.
enum JSONColumn {
    static func encode<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decode<T: Decodable>(_ type: T.Type, from text: String?, column: String) throws -> T? {
        guard let text else { return nil }
        do {
            return try JSONDecoder().decode(T.self, from: Data(text.utf8))
        } catch {
            throw StoreError.corruptValue(column: column, value: String(text.prefix(80)))
        }
    }
}
