import Foundation

/// Evidence from labels and layout: what the line says its amount is, where it stands, how often
/// it is printed.
enum LabelRules {
    /// `label`: each positive amount's best occurrence by its label.
    static func labels(_ facts: TotalFacts, _ ledger: inout TotalLedger) {
        for amount in facts.labelled where amount.value > 0 {
            var label = TotalWeights.label(amount.role) * amount.weight * TotalWeights.weight(.label)
            if !amount.hasFraction { label *= TotalWeights.wholeNumberFactor }
            if ledger.has(amount.value) {
                guard label > ledger.score(of: amount.value) else { continue }
                ledger.forget(amount.value)
            }
            ledger.open(amount.value, source: amount, rule: .label, weight: label,
                        note: "\(amount.role) × reading \(String(format: "%.2f", amount.weight))")
        }
    }

    /// `shortFraction`: an amount printed with a one-digit fraction ("Total After Adj 6.0") on a
    /// receipt that prints its other money with cents in full lost a digit to OCR, unless it is
    /// also printed in full elsewhere.
    static func shortFractions(_ facts: TotalFacts, _ ledger: inout TotalLedger) {
        let inFull = facts.printedMoney.filter { !$0.shortFraction && $0.value != 0 }
        guard inFull.count >= 2 else { return }
        let fullValues = Set(inFull.map(\.value))
        for value in Array(ledger.values) where !fullValues.contains(value) {
            guard let source = ledger.source(of: value), source.shortFraction else { continue }
            ledger.scale(.shortFraction, by: TotalWeights.weight(.shortFraction), value, note: "a digit of its cents lost")
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
