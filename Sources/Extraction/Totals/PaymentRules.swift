import Foundation

/// Doubts from payment and change: what was handed over is at least the total, and change
/// handed back fixes it.
enum PaymentRules {
    /// `offPaidMinusChange`: with change handed back, anything but paid − change is doubtful,
    /// unless paid − change lands on nothing printed and closed sums prove the amount, or a
    /// better-read total one digit away says the change is the misread.
    static func paidMinusChange(_ facts: TotalFacts, _ sums: ReceiptArithmetic, _ ledger: inout TotalLedger) {
        let results = sums.paidMinusChange
        guard facts.changeGiven, !results.isEmpty else { return }
        let proven = sums.provenAgainstUnclosedChange.union(sums.changeMisreads.values)
        for value in Array(ledger.values) where !results.contains(value) && !proven.contains(value) {
            ledger.scale(.offPaidMinusChange, by: TotalWeights.weight(.offPaidMinusChange), value)
        }
    }

    /// `abovePayment`: paid amounts are at least the total. With change handed back the payment
    /// line really is what was handed over, so even a final total above it is a misread.
    /// A payment whose change lands on nothing printed may be the misread: an amount the
    /// receipt's closed sums prove is not doubted for standing above it.
    static func abovePayment(_ facts: TotalFacts, _ sums: ReceiptArithmetic, _ ledger: inout TotalLedger) {
        guard let maxPaid = facts.paidValues.max() else { return }
        let changeGiven = facts.changeGiven
        let proven = sums.provenAgainstUnclosedChange
        for value in Array(ledger.values) where value > maxPaid && !proven.contains(value) {
            if changeGiven {
                ledger.scale(.abovePayment, by: TotalWeights.aboveChangedPayment, value, note: "change given")
            } else if let role = ledger.source(of: value)?.role, ![.finalTotal, .roundedTotal].contains(role) {
                ledger.scale(.abovePayment, by: TotalWeights.weight(.abovePayment), value)
            }
        }
    }

    /// `belowCardPayment`: a card is charged the amount due. With one card amount printed and no
    /// cash, change or tip beside it, an amount below it is a tax, an item or a subtotal, unless
    /// the receipt's closed sums prove it ("*Incl. GST 111.12" under "EFTPOS 1222.35").
    static func belowCardPayment(_ facts: TotalFacts, _ sums: ReceiptArithmetic, _ ledger: inout TotalLedger) {
        let card = facts.cardPaid.filter { $0 > 0 }
        guard card.count == 1, let charged = card.first, facts.values(.cashPayment).isEmpty,
              facts.values(.change).isEmpty, facts.values(.tip).isEmpty else { return }
        let proven = sums.provenAgainstUnclosedChange
        for value in Array(ledger.values) where value < charged && !proven.contains(value) {
            ledger.scale(.belowCardPayment, by: TotalWeights.weight(.belowCardPayment), value)
        }
    }

    /// `contradictsClosedChange`: change handed back that closes on a printed amount fixes the
    /// total; every other candidate is a misread or another amount.
    static func closedChange(_ sums: ReceiptArithmetic, _ ledger: inout TotalLedger) {
        let closed = Set(sums.witnesses.filter { [.paidMinusChange, .tenderedLessChange].contains($0.kind) }.map(\.value))
        guard !closed.isEmpty else { return }
        for value in Array(ledger.values) where !closed.contains(value) {
            ledger.scale(.contradictsClosedChange, by: TotalWeights.weight(.contradictsClosedChange), value)
        }
    }
}
