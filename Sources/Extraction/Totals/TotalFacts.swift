import Foundation

/// What every total rule reads about one receipt, worked out once: its lines, the labelled
/// amounts, and the amounts grouped by role.
struct TotalFacts: Sendable {
    let lines: [ReceiptLine]
    let labelled: [LabelledAmount]
    /// Printed money by role: decimal amounts read as printed (no guessed readings), without zeros
    /// except "CHANGE 0.00", which says the payment was exact. Bare integers are codes as often as not.
    let byRole: [AmountRole: [LabelledAmount]]

    init(lines: [ReceiptLine], labelled: [LabelledAmount]) {
        self.lines = lines
        self.labelled = labelled
        byRole = Dictionary(grouping: labelled.filter { ($0.value != 0 || $0.role == .change) && $0.hasFraction
                                                        && !$0.isAlternativeReading },
                            by: \.role)
    }

    func values(_ roles: AmountRole...) -> [LabelledAmount] { roles.flatMap { byRole[$0] ?? [] } }

    /// Totals printed with a total label (not the weak "AMOUNT").
    var totals: [LabelledAmount] { values(.total, .finalTotal, .roundedTotal) }

    /// Change actually handed back (not "CHANGE 0.00").
    var changeGiven: Bool { values(.change).contains { $0.value > 0 } }

    /// Amounts paid by card: a card pays the exact amount, so these are never cash-rounded.
    var cardPaid: Set<Decimal> { Set(values(.cardPayment).map(\.value)) }

    /// Every payment handed over or charged.
    var paidValues: [Decimal] { values(.cashPayment, .cardPayment).map(\.value).filter { $0 > 0 } }

    /// Printed decimal amounts, as read (for the largest-amount and tax checks).
    var printedMoney: [LabelledAmount] { labelled.filter { $0.hasFraction && !$0.isAlternativeReading } }

    /// Every occurrence of each positive amount, guessed readings included.
    var occurrences: [Decimal: Int] {
        var counts: [Decimal: Int] = [:]
        for amount in labelled where amount.value > 0 { counts[amount.value, default: 0] += 1 }
        return counts
    }

    /// Whether `value` is read on any line but `line` (guessed readings included): a sum's result
    /// printed elsewhere, not only implied.
    func prints(_ value: Decimal, apartFrom line: Int) -> Bool {
        labelled.contains { $0.value == value && $0.lineIndex != line }
    }

    /// Lines whose label is a rounding ("ROUNDING", "ROUNDING ADJ").
    var roundingLines: [ReceiptLine] { lines.filter { $0.role == .rounding } }
}
