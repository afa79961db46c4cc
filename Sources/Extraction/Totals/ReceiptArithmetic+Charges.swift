import Foundation

extension ReceiptArithmetic {
    /// Every total label lost its amount: the subtotal plus every charge printed after it, up to
    /// the payment, is the total, when one of the charges is a tax not included in the subtotal;
    /// rounded to five cents when a rounding line among them lost its adjustment.
    mutating func inferSubtotalPlusCharges(_ facts: TotalFacts) {
        guard facts.totals.isEmpty else { return }
        let stops: Set<AmountRole> = [.cashPayment, .cardPayment, .change]
        for sub in facts.values(.subtotal) where sub.value > 0 {
            let end = facts.labelled.first { $0.lineIndex > sub.lineIndex && stops.contains($0.role) }?.lineIndex
                ?? facts.lines.count
            var perLine: [Int: LabelledAmount] = [:]
            for charge in facts.values(.tax, .rounding, .discount) where charge.lineIndex > sub.lineIndex
                && charge.lineIndex < end && charge.value != 0 && abs(charge.value) < sub.value {
                // One amount per line: the right-most (a tax line's rate column is not added).
                if let kept = perLine[charge.lineIndex], kept.isRightmostOfSeveral || !charge.isRightmostOfSeveral { continue }
                perLine[charge.lineIndex] = charge
            }
            let charges = perLine.values
            guard charges.contains(where: { $0.role == .tax && $0.value > 0
                && !facts.lines[$0.lineIndex].match.contains(any: Keywords.taxIncluded)
                && !Self.isBreakdownRow(facts.lines[$0.lineIndex]) }) else { continue }
            var sum = Self.subtotal(sub.value, plus: charges)
            // A rounding line among the charges whose adjustment OCR lost ("ROUNDING ADJ Uy 02"):
            // the till rounded the sum to five cents, as `findUnreadRoundings` has it for a total.
            // "ROUNDING 0.00" is read: it says there was none.
            let unreadRounding = facts.roundingLines.contains { line in
                line.index > sub.lineIndex && line.index < end && !line.amounts.contains(where: \.hasFraction)
            }
            if unreadRounding, !CashRounding.isRounded(sum), !facts.cardPaid.contains(sum) { sum = CashRounding.nearest(sum) }
            infer(sum, .subtotalPlusCharges, from: sub)
            supersede(sub.value, because: "subtotal plus charges")
        }
    }

    /// A tax line printing net, tax and gross ("MWST 20,61 3,91 24,52"), two of its amounts adding
    /// up to a third: a breakdown of a total that includes the tax, not a charge added to it.
    static func isBreakdownRow(_ line: ReceiptLine) -> Bool {
        let values = line.amounts.filter(\.hasFraction).map(\.value).filter { $0 > 0 }
        guard values.count >= 3 else { return false }
        return values.indices.contains { i in
            values.indices.contains { j in
                j > i && values.indices.contains { k in k != i && k != j && values[i] + values[j] == values[k] }
            }
        }
    }

    /// Two totals at most five cents apart, one the other rounded to five cents: the till's cash
    /// rounding printed without a rounding line. The rounded one is what was due (unless a card
    /// paid the unrounded one).
    mutating func findTotalsRoundedWithoutALine(_ facts: TotalFacts) {
        let totals = facts.totals, cardPaid = facts.cardPaid
        for unrounded in totals where !CashRounding.isRounded(unrounded.value) && !cardPaid.contains(unrounded.value) {
            let rounded = CashRounding.nearest(unrounded.value)
            guard totals.contains(where: { $0.value == rounded && $0.lineIndex != unrounded.lineIndex }) else { continue }
            supersede(unrounded.value, because: "its rounding is printed too", roundedTo: rounded)
        }
    }

    /// A closed sum proves the amount before cash rounding: it counts for the rounded total
    /// printed for it (after a rounding line, within five cents).
    func movedToRounded(_ witness: ClosedSums.Witness, _ facts: TotalFacts) -> ClosedSums.Witness {
        guard witness.kind != .correctsMisread else { return witness }
        var moved = witness
        if let rounded = roundedTo[witness.value] {
            moved.value = rounded
        } else if !CashRounding.isRounded(witness.value) {
            let roundingLines = facts.roundingLines.map(\.index)
            let rounded = facts.printedMoney.first { amount in
                [.total, .finalTotal, .roundedTotal, .cashPayment, .cardPayment].contains(amount.role)
                    && CashRounding.couldRound(witness.value, to: amount.value)
                    && roundingLines.contains { $0 < amount.lineIndex }
            }
            if let rounded { moved.value = rounded.value }
        }
        return moved
    }

    /// A subtotal with its charges applied. Discounts lower the sum whatever sign OCR kept; a
    /// rounding keeps its sign.
    static func subtotal(_ subtotal: Decimal, plus charges: some Sequence<LabelledAmount>) -> Decimal {
        charges.reduce(subtotal) { sum, charge in sum + (charge.role == .discount ? -abs(charge.value) : charge.value) }
    }
}
