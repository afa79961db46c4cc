/// What a line's label says its amount is. Decides whether an amount is the total or a trap.
enum AmountRole: Sendable, Hashable {
    case finalTotal, total, subtotal, tax, cashPayment, cardPayment, change, rounding, quantity, discount, deposit
    case unlabelled

    /// How much an amount with this role looks like the total by its label alone.
    var totalEvidence: Double {
        switch self {
        case .finalTotal: return 1.0
        case .total: return 0.8
        case .cardPayment: return 0.45
        case .cashPayment: return 0.3
        case .subtotal: return 0.25
        case .unlabelled: return 0.12
        case .tax, .deposit: return 0.03
        case .change, .rounding, .quantity, .discount: return 0.0
        }
    }
}

/// One OCR line with everything the field extractors ask of it, computed once.
struct ReceiptLine: Sendable {
    let index: Int
    let text: String
    let confidence: Double?
    let match: MatchableLine
    let amounts: [AmountMatch]
    let role: AmountRole?

    init(index: Int, line: TextLine) {
        self.index = index
        text = line.text
        confidence = line.confidence
        match = MatchableLine(line.text)
        amounts = AmountParser.amounts(in: line.text)
        role = ReceiptLine.classify(match)
    }

    /// Letters on the line, to tell a label line from an amount-only line.
    var letterCount: Int { match.compact.count }

    /// An amount-only line ("9.00", "RM 9.00"): the value of a label printed on an earlier line.
    var isBareAmount: Bool { !amounts.isEmpty && letterCount <= 3 }

    /// The label role of a line, or nil when it names no amount. Order matters: the traps that
    /// contain the word TOTAL ("SUBTOTAL", "TOTAL QTY", "TOTAL GST") are checked before TOTAL.
    static func classify(_ m: MatchableLine) -> AmountRole? {
        let hasFinal = m.contains(any: Keywords.finalTotal)
        let hasTotal = hasFinal || m.contains(any: Keywords.total)
        let hasTax = m.contains(any: Keywords.tax)
        let taxIncluded = hasTax && m.contains(any: Keywords.taxIncluded)
        let taxExcluded = m.contains(any: Keywords.taxExcluded)
        if m.contains(any: Keywords.quantity), !hasFinal || m.contains(any: ["QTY", "ITEMS", "ITEM"]) { return .quantity }
        if m.contains(any: Keywords.change), !m.contains(any: ["BALANCE DUE", "AMOUNT DUE"]) { return .change }
        if m.contains(any: Keywords.roundedTotal), !m.contains(any: ["ROUNDING"]) { return .finalTotal }
        if m.contains(any: Keywords.rounding) { return .rounding }
        if m.contains(any: Keywords.subtotal) { return .subtotal }
        if hasTotal, taxExcluded, !taxIncluded { return .subtotal }
        if hasTax, !(hasTotal && taxIncluded) {
            // "TOTAL GST", "GST 6%", "IVA 21%": the tax itself.
            if !hasFinal || m.contains(any: ["TOTAL GST", "TOTAL TAX", "TOTAL VAT", "TOTAL IVA", "TOTAL TVA"]) {
                return .tax
            }
        }
        if m.contains(any: Keywords.discount) { return .discount }
        if m.contains(any: Keywords.deposit) { return .deposit }
        if hasFinal || (hasTotal && taxIncluded) { return .finalTotal }
        if hasTotal { return .total }
        if m.contains(any: Keywords.card) { return .cardPayment }
        if m.contains(any: Keywords.cash) { return .cashPayment }
        return nil
    }
}
