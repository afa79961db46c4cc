import Foundation

/// The fields Rebut fills in for a receipt; also the keys of candidates and corrections.
public enum ReceiptField: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case vendor, date, total, currency, payment, tax, category

    /// Fields without which a receipt cannot be filed without review.
    public static let required: [ReceiptField] = [.vendor, .date, .total]

    public static func < (a: ReceiptField, b: ReceiptField) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// One possible value for a field, as the extractor found it.
///
/// `value` is canonical text: a vendor name, an ISO 8601 day, a decimal amount ("9.00"),
/// an ISO 4217 code, a payment method. Keeping every field's candidates in one shape lets
/// the store, the JSON output and the picker treat them alike.
public struct Candidate: Sendable, Hashable, Codable {
    public var value: String
    /// 0...1, higher is better; comparable within one field of one receipt.
    public var score: Double
    /// The OCR line the value came from, as printed.
    public var line: String
    /// Index of that line in the OCR text; nil when the value was inferred.
    public var lineIndex: Int?
    /// Why the candidate is here when the line alone does not say: what the user's history
    /// added ("known vendor: same tax number 123456X"). nil for a plain reading.
    public var evidence: String?

    public init(value: String, score: Double, line: String, lineIndex: Int? = nil, evidence: String? = nil) {
        self.value = value
        self.score = score
        self.line = line
        self.lineIndex = lineIndex
        self.evidence = evidence
    }
}

public enum PaymentMethod: String, Sendable, Hashable, Codable, CaseIterable {
    case cash, card, transfer, cheque, voucher, mobile, other
}

/// What extraction made of one receipt: the chosen values, a confidence per field, and the
/// ranked candidates behind each choice (best first).
public struct ReceiptFields: Sendable, Hashable, Codable {
    public var vendor: String?
    public var date: LocalDate?
    /// Never a Double: money is exact.
    public var total: Decimal?
    /// ISO 4217 code.
    public var currency: String?
    public var payment: PaymentMethod?
    public var tax: Decimal?
    /// 0...1 per field; a missing field has no entry.
    public var confidence: [ReceiptField: Double]
    public var candidates: [ReceiptField: [Candidate]]

    public init(vendor: String? = nil, date: LocalDate? = nil, total: Decimal? = nil,
                currency: String? = nil, payment: PaymentMethod? = nil, tax: Decimal? = nil,
                confidence: [ReceiptField: Double] = [:], candidates: [ReceiptField: [Candidate]] = [:]) {
        self.vendor = vendor
        self.date = date
        self.total = total
        self.currency = currency
        self.payment = payment
        self.tax = tax
        self.confidence = confidence
        self.candidates = candidates
    }
}

/// Money helpers: amounts are `Decimal`, formatted with exactly the currency's minor digits.
public enum MoneyFormat {
    /// ISO 4217 minor-unit digits (0 for JPY, 3 for KWD); 2 for an unknown or missing code.
    public static func minorDigits(for currency: String?) -> Int {
        ISO4217.minorDigits(currency)
    }

    /// "9.00", "1234.56": dot decimal separator, no grouping. Canonical text for storage and JSON.
    public static func canonical(_ amount: Decimal, currency: String? = nil) -> String {
        let digits = minorDigits(for: currency)
        var value = amount
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, digits, .bankers)
        let negative = rounded < 0
        // Decimal's description never uses exponent notation for receipt-sized amounts.
        var text = "\(negative ? -rounded : rounded)"
        if digits > 0 {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            let fraction = parts.count > 1 ? String(parts[1]) : ""
            text = String(parts[0]) + "." + fraction
                + String(repeating: "0", count: max(0, digits - fraction.count))
        }
        return (negative ? "-" : "") + text
    }

    /// Parses canonical text ("9.00", "-3.5", "12") exactly, without going through Double.
    public static func parse(_ text: String) -> Decimal? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty,
              trimmed.range(of: #"^-?[0-9]+(\.[0-9]+)?$"#, options: .regularExpression) != nil
        else { return nil }
        return Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX"))
    }
}
