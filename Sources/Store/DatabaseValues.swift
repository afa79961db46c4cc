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

/// Receipt columns whose bad values are refused by name rather than read as nil.
enum ReceiptColumns {
    static func date(_ text: String?) throws -> LocalDate? {
        try text.map { text in
            guard let day = LocalDate(iso8601: text) else { throw StoreError.corruptValue(column: "date", value: text) }
            return day
        }
    }

    static func status(_ text: String) throws -> ReceiptStatus {
        guard let status = ReceiptStatus(rawValue: text) else { throw StoreError.corruptValue(column: "status", value: text) }
        return status
    }
}

/// A receipt's editable fields, whether the full record or a list's summary: one place says
/// what each field's canonical text is.
public protocol ReceiptFieldValues {
    var vendor: String? { get }
    var date: LocalDate? { get }
    var total: Decimal? { get }
    var currency: String? { get }
    var payment: String? { get }
    var tax: Decimal? { get }
    var category: String? { get }
}

extension ReceiptFieldValues {
    /// The field's current value as canonical text, as corrections record it.
    public func value(of field: ReceiptField) -> String? {
        switch field {
        case .vendor: return vendor
        case .date: return date?.iso8601
        case .total: return total.map { MoneyText.text($0, currency: currency) }
        case .currency: return currency
        case .payment: return payment
        case .tax: return tax.map { MoneyText.text($0, currency: currency) }
        case .category: return category
        }
    }
}
