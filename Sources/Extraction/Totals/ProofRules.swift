import Foundation

/// Proof from closed sums (`ClosedSums`): an equation landing on an amount printed elsewhere.
enum ProofRules {
    static func rule(for kind: ClosedSums.Witness.Kind) -> TotalRule {
        switch kind {
        case .paidMinusChange, .tenderedLessChange: return .paidMinusChange
        case .paidInFull: return .closedPaidInFull
        case .subtotalPlusCharges: return .closedSubtotalPlusCharges
        case .taxTableRow, .taxRateRow: return .closedTaxTableRow
        case .correctsMisread: return .closedCorrection
        }
    }

    /// `correctionTakesLabel` and `misreadOfSum`: a sum correcting a misread total takes over the
    /// total's evidence; the misread keeps half.
    static func corrections(_ sums: ReceiptArithmetic, _ ledger: inout TotalLedger) {
        let corrections = sums.witnesses.filter { $0.kind == .correctsMisread }
        guard !ledger.disabled.contains(.closedCorrection) else { return }
        // A tax row's checked gross, already in the ledger from its own line ("GST SR 6% 538.00
        // 30.45"), takes over too, keeping what it had; so does a result printed nowhere that a
        // second equation gives as well: the total above the rounding line, rounded ("Total Sales
        // 14.07 / Rounding -0.02 / Total 74.05 / Cash 20.00 / Change 5.95").
        var moved = Set<[Decimal]>()
        for correction in corrections {
            guard let replaced = correction.replaces, ledger.has(replaced),
                  !ledger.has(correction.value)
                    || (correction.checkedTerms && ledger.score(of: correction.value) < ledger.score(of: replaced))
                    || sums.roundingsClosedByChange.contains(correction.value),
                  moved.insert([replaced, correction.value]).inserted else { continue }
            ledger.takeOver(.correctionTakesLabel, from: replaced, to: correction.value, keeping: true)
        }
        for misread in Set(corrections.compactMap(\.replaces)) {
            ledger.scale(.misreadOfSum, by: TotalWeights.weight(.misreadOfSum), misread)
        }
    }

    /// One entry per kind of equation landing on a candidate (the same equation found through two
    /// readings of a line is one witness, not two), weighted by how complete the sum is.
    static func closedSums(_ sums: ReceiptArithmetic, _ ledger: inout TotalLedger) {
        var strongest: [Decimal: [ClosedSums.Witness.Kind: ClosedSums.Witness]] = [:]
        // Paid − change is counted with its inference (`ArithmeticRules.inferences`).
        for witness in sums.witnesses where witness.kind != .paidMinusChange && (strongest[witness.value]?[witness.kind]?.weight ?? 0) < witness.weight {
            strongest[witness.value, default: [:]][witness.kind] = witness
        }
        for (value, kinds) in strongest {
            for (kind, witness) in kinds.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                let rule = rule(for: kind)
                ledger.add(rule, TotalWeights.weight(rule) * witness.weight, to: value,
                           note: "terms on lines \(witness.termLines.sorted())")
            }
        }
    }
}
