import Foundation
import RebutCore

/// Finds the tax amount (GST, SST, VAT, IVA, MwSt, TVA) and checks it against the total.
struct TaxExtractor: Sendable {
    struct Result: Sendable {
        var candidates: [Candidate]
        var confidence: Double
    }

    /// `witnesses`: the receipt's closed sums (`ClosedSums`), computed once with the total.
    func extract(_ labelled: [LabelledAmount], witnesses: [ClosedSums.Witness], total: Decimal?, currency: String?) -> Result {
        // Tax lines, and the tax column of breakdown rows ("SR @ 6% 50.00 3.00").
        let taxes = labelled.filter { $0.role == .tax && $0.value > 0 }
            + labelled.filter { $0.role == .taxTable && $0.isRightmostOfSeveral && $0.value > 0 && $0.hasFraction }
                .map { var row = $0; row.weight *= 0.8; return row }
        guard !taxes.isEmpty else { return Result(candidates: [], confidence: 0) }
        var scores: [Decimal: (Double, LabelledAmount)] = [:]
        for tax in taxes {
            var score = 0.5 * tax.weight
            if let total {
                // Tax is a small share of the total; a "tax" amount as large as the total is a mislabel.
                if tax.value >= total { score *= 0.2 }
                else if tax.value * 2 < total { score += 0.1 }
                // A tax that is a term of subtotal + charges closing on the total is the tax charged.
                if witnesses.contains(where: { $0.kind == .subtotalPlusCharges && $0.value == total
                    && $0.weight == 1 && $0.termLines.contains(tax.lineIndex) }) { score += 0.35 }
            }
            if let old = scores[tax.value] { scores[tax.value] = (old.0 + 0.1, old.1) }
            else { scores[tax.value] = (score, tax) }
        }
        let ranked = scores.sorted { $0.value.0 != $1.value.0 ? $0.value.0 > $1.value.0 : $0.key > $1.key }
        let candidates = ranked.prefix(5).map {
            Candidate(value: TotalExtractor.canonical($0.key, currency: currency), score: min(1, $0.value.0),
                      line: $0.value.1.line, lineIndex: $0.value.1.lineIndex)
        }
        let second = ranked.count > 1 ? ranked[1].value.0 : 0
        return Result(candidates: Array(candidates),
                      confidence: Confidence.fromScores(best: ranked[0].value.0, second: second, strong: 0.8))
    }
}
