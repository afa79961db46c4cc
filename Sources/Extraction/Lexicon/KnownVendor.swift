import Foundation
import RebutCore

/// A vendor the user has filed before, with everything its receipts showed: the names OCR read for
/// it, its registration and phone numbers, its address lines, and its habits (currency, total
/// label, category, payment).
public struct KnownVendor: Sendable, Hashable, Codable {
    /// The name as the user has it (the most used spelling, a corrected one counting more).
    public internal(set) var name: String
    /// How often each spelling was filed or set; decides `name`.
    public var spellings: [String: Double] = [:]
    /// Vendor lines as OCR read them on this vendor's receipts ("MERCAD0NA 5.A.").
    public var variants: Set<String> = [] {
        didSet { matchKeys = Self.keys(name, variants) }
    }
    /// `OCRConfusion.nameKey` of the name and of each variant, made once, not per receipt read.
    private(set) var matchKeys: [String: String] = [:]
    public var receipts = 0
    /// Receipts whose vendor the user corrected or confirmed: stronger evidence than a reading.
    public var corrections = 0
    /// Registration and tax numbers (digits, with their check letter): "1174703K", "B12345678".
    public var identifiers: Set<String> = []
    /// Phone and fax numbers, digits only.
    public var phones: Set<String> = []
    /// Address lines of the header, as `OCRConfusion.nameKey` strings.
    public var addressLines: Set<String> = []
    public var currencies: [String: Int] = [:]
    /// The words of the line that carried the total ("NETT TOTAL", "TOTAL ROUNDED").
    public var totalLabels: [String: Int] = [:]
    public var categories: [String: Int] = [:]
    public var payments: [String: Int] = [:]

    public init(name: String) {
        self.name = name
        matchKeys = Self.keys(name, variants)
    }

    /// Sets the name, keeping the match keys in step.
    mutating func rename(_ newName: String) {
        name = newName
        matchKeys = Self.keys(name, variants)
    }

    private static func keys(_ name: String, _ variants: Set<String>) -> [String: String] {
        Dictionary(([name] + variants).map { ($0, String(OCRConfusion.nameKey($0))) }, uniquingKeysWith: { a, _ in a })
    }

    /// What matching weighs a vendor by: its receipts, corrected ones thrice.
    public var weight: Double { Double(receipts) + 2 * Double(corrections) }

    public var usualCurrency: String? { Self.usual(currencies) }
    public var usualTotalLabel: String? { Self.usual(totalLabels) }
    public var usualCategory: String? { Self.usual(categories) }
    public var usualPayment: String? { Self.usual(payments) }

    /// The value of a tally that at least two thirds of the receipts agree on.
    static func usual(_ tally: [String: Int]) -> String? {
        let all = tally.values.reduce(0, +)
        guard let (value, count) = tally.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }),
              all > 0, 3 * count >= 2 * all else { return nil }
        return value
    }
}

/// One receipt's worth of what a vendor looks like: its lines and the fields as filed or corrected.
public struct VendorSighting: Sendable {
    public var vendor: String
    /// Vendor names OCR read for it on this receipt (the picked reading, values corrected away).
    public var readAs: [String]
    public var lines: [TextLine]
    public var currency: String?
    public var total: Decimal?
    public var category: String?
    public var payment: String?
    /// The user set or confirmed the vendor.
    public var corrected: Bool

    public init(vendor: String, readAs: [String] = [], lines: [TextLine] = [], currency: String? = nil,
                total: Decimal? = nil, category: String? = nil, payment: String? = nil, corrected: Bool = false) {
        self.vendor = vendor
        self.readAs = readAs
        self.lines = lines
        self.currency = currency
        self.total = total
        self.category = category
        self.payment = payment
        self.corrected = corrected
    }
}
