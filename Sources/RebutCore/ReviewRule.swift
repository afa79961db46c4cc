/// When a receipt needs a person: one rule for the pipeline (fresh extraction) and the store
/// (after a correction), so fixing the last doubtful field files the receipt.
public enum ReviewRule {
    /// Below this confidence a required field counts as uncertain and the receipt goes to review.
    /// The one definition: extraction, the pipeline and the store all read it.
    public static let threshold: Double = 0.5

    /// The required fields (vendor, date, total) that are missing or below `threshold`.
    /// A field without a recorded confidence counts as unsure.
    public static func uncertainFields(threshold: Double,
                                       isPresent: (ReceiptField) -> Bool,
                                       confidence: (ReceiptField) -> Double?) -> [ReceiptField] {
        ReceiptField.required.filter { !isPresent($0) || (confidence($0) ?? 0) < threshold }
    }
}

extension ReceiptFields {
    /// Whether extraction chose a value for `field` (category is decided elsewhere).
    public func hasValue(_ field: ReceiptField) -> Bool {
        switch field {
        case .vendor: return vendor != nil
        case .date: return date != nil
        case .total: return total != nil
        case .currency: return currency != nil
        case .payment: return payment != nil
        case .tax: return tax != nil
        case .category: return false
        }
    }
}
