import Foundation
import RebutCore

/// Turns what a user typed into the canonical text the store keeps, or says why it cannot.
enum Validation {
    /// Returns nil for nil or blank input: setting a field to nothing clears it.
    static func canonical(_ field: ReceiptField, _ raw: String?, currency: String?,
                          knownCategories: Set<String>?) throws -> String? {
        guard let raw else { return nil }
        let value = raw.trimmingCharacters(in: .whitespacesAndNewlines)
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
            return day.iso8601
        case .total, .tax:
            let amount = try money(value, invalid: invalid)
            return MoneyText.text(amount, currency: currency)
        case .currency:
            do { return try Self.currency(value) } catch { throw invalid("expected a three-letter ISO 4217 code such as EUR or MYR") }
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
        return amount
    }

    static func currency(_ text: String) throws -> String {
        let code = text.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
        guard code.count == 3, code.allSatisfy({ ("A"..."Z").contains($0) }) else {
            throw StoreError.invalidValue(field: "currency", value: text,
                                          reason: "expected a three-letter ISO 4217 code such as EUR or MYR")
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
