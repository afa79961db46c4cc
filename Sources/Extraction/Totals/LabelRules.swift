import Foundation

/// Evidence from labels and layout: what the line says its amount is, where it stands, how often
/// it is printed.
enum LabelRules {
    /// `label` and `position`: each positive amount's best occurrence by its label, later total
    /// lines winning ties (TOTAL, then ROUNDED TOTAL).
    static func labels(_ facts: TotalFacts, _ ledger: inout TotalLedger) {
        let lineCount = Double(max(1, facts.lines.count))
        var best: [Decimal: (label: Double, position: Double, source: LabelledAmount)] = [:]
        var order: [Decimal] = []
        for amount in facts.labelled where amount.value > 0 {
            var label = TotalWeights.label(amount.role) * amount.weight * TotalWeights.weight(.label)
            if !amount.hasFraction { label *= TotalWeights.wholeNumberFactor }
            let position = [.roundedTotal, .finalTotal, .total].contains(amount.role)
                ? TotalWeights.weight(.position) * Double(amount.lineIndex) / lineCount : 0
            if let kept = best[amount.value], kept.label + kept.position >= label + position { continue }
            if best[amount.value] == nil { order.append(amount.value) }
            best[amount.value] = (label, position, amount)
        }
        for value in order {
            let entry = best[value]!
            ledger.open(value, source: entry.source, rule: .label, weight: entry.label,
                        note: "\(entry.source.role) × reading \(String(format: "%.2f", entry.source.weight))")
            if entry.position > 0 { ledger.add(.position, entry.position, to: value, note: "line \(entry.source.lineIndex)") }
        }
    }

    /// `repeated`: the same amount printed on several lines.
    static func repetition(_ facts: TotalFacts, _ ledger: inout TotalLedger) {
        for (value, count) in facts.occurrences where count > 1 {
            let weight = min(TotalWeights.repeatedCap, TotalWeights.weight(.repeated) * Double(count - 1))
            ledger.add(.repeated, weight, to: value, note: "printed \(count) times")
        }
    }

    /// `largestAmount`: the largest money amount not tendered is often the total (cash handed
    /// over is not, nor, with change given, anything above the payment).
    static func largestAmount(_ facts: TotalFacts, _ ledger: inout TotalLedger) {
        let changeGiven = facts.changeGiven, maxPaid = facts.paidValues.max()
        let nonTendered = facts.printedMoney.filter { ![.cashPayment, .change, .quantity].contains($0.role)
            && !(changeGiven && $0.value > (maxPaid ?? $0.value)) }
        if let largest = nonTendered.map(\.value).max() {
            ledger.add(.largestAmount, TotalWeights.weight(.largestAmount), to: largest)
        }
    }
}
