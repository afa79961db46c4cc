import Foundation
import RebutCore

/// Turns what a user typed into the canonical text the store keeps, or says why it cannot.
enum Validation {
    /// Returns nil for nil or blank input: setting a field to nothing clears it.
    static func canonical(_ field: ReceiptField, _ raw: String?, currency: String?,
                          knownCategories: Set<String>?) throws -> String? {
        guard let raw else { return nil }
        let value = TextSanitising.withoutControls(raw).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !value.isEmpty else { return nil }
        func invalid(_ reason: String) -> StoreError {
            .invalidValue(field: field.rawValue, value: raw, reason: reason)
        }
        switch field {
        case .vendor:
            let collapsed = value.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard collapsed.count <= 200 else { throw invalid("longer than 200 characters") }
            return collapsed
        case .date:
            guard let day = LocalDate(iso8601: value) else {
                throw invalid("expected a real day written YYYY-MM-DD, e.g. 2024-03-31")
            }
            guard let reason = plausibility(of: day) else { return day.iso8601 }
            throw invalid(reason)
        case .total, .tax:
            let amount = try money(value, invalid: invalid)
            // A typed amount is rounded to its currency's decimals (the CLI says so); with no
            // currency known yet every digit is kept, to be rounded once one is.
            return currency == nil ? MoneyText.text(amount, currency: nil) : MoneyFormat.canonical(amount, currency: currency)
        case .currency:
            return try Self.currency(value)
        case .payment:
            guard let method = PaymentMethod(rawValue: value.lowercased()) else {
                throw invalid("expected one of " + PaymentMethod.allCases.map(\.rawValue).joined(separator: ", "))
            }
            return method.rawValue
        case .category:
            let id = value.lowercased()
            if let knownCategories {
                guard knownCategories.contains(id) else {
                    throw invalid("unknown category; known: " + knownCategories.sorted().joined(separator: ", "))
                }
            } else {
                guard id.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }) else {
                    throw invalid("a category id uses only a-z, 0-9 and '-'")
                }
            }
            return id
        }
    }

    /// "12.50", "12,50", "-3", "1234.567": one optional decimal separator, no grouping, no
    /// symbol. A comma is read as the decimal separator because that is what it is on
    /// receipts from Spain, France, Germany… and grouping is refused rather than guessed.
    static func money(_ text: String, invalid: (String) -> StoreError) throws -> Decimal {
        let normalised = text.replacingOccurrences(of: ",", with: ".")
        guard normalised.filter({ $0 == "." }).count <= 1 else {
            throw invalid("write the amount without thousands separators, e.g. 1234.56")
        }
        guard let amount = MoneyFormat.parse(normalised) else {
            throw invalid("expected an amount such as 12.50 (digits, one decimal separator, no currency sign)")
        }
        guard abs(amount) < largestAmount else {
            throw invalid("more than \(largestAmountDigits) digits before the decimal point is not a receipt's amount")
        }
        return amount
    }

    /// No receipt reaches a trillion in any currency; a longer number is a misread or a typo.
    static let largestAmountDigits = 12
    static var largestAmount: Decimal { pow(Decimal(10), largestAmountDigits) }

    /// Receipts are from after 1970 and not from more than a year ahead (a bill's due date at
    /// most): anything else is a typo such as 1899 or 9999.
    static func plausibility(of day: LocalDate, today: LocalDate = .containing(Date())) -> String? {
        if day.year < 1970 { return "a receipt dated before 1970 is surely a typo" }
        if day.year > today.year + 1 { return "a receipt dated after \(today.year + 1) is surely a typo" }
        return nil
    }

    static func currency(_ text: String) throws -> String {
        let code = text.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
        guard ISO4217.isKnown(code) else {
            throw StoreError.invalidValue(field: "currency", value: text,
                                          reason: "not an ISO 4217 currency code; use one such as EUR, GBP or MYR")
        }
        return code
    }

    static func sha256(_ text: String) throws -> String {
        let hex = text.lowercased()
        guard hex.count == 64, hex.allSatisfy({ $0.isHexDigit }) else {
            throw StoreError.invalidValue(field: "sha256", value: text, reason: "expected 64 hexadecimal digits")
        }
        return hex
    }

    static func imageExtension(_ text: String) throws -> String {
        let ext = text.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        guard (1...5).contains(ext.count), ext.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            throw StoreError.invalidValue(field: "image extension", value: text,
                                          reason: "expected 1 to 5 letters or digits, e.g. jpg")
        }
        return ext
    }
}
