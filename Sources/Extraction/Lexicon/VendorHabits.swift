import Foundation
import RebutCore

/// A known vendor's habits raise the candidates that fit them: the currency its receipts are in,
/// the label its total line carries. They only reorder what the receipt itself offers, and only
/// when the receipt's own evidence leaves room.
struct VendorHabits: Sendable {
    let known: KnownVendor

    init(_ known: KnownVendor) { self.known = known }

    /// A currency the receipt does not print (an event's or a language's guess) gives way to the
    /// vendor's usual one; a printed currency is never overturned.
    func favourCurrency(_ candidates: [Candidate]) -> [Candidate] {
        guard let usual = known.usualCurrency, let top = candidates.first, top.value != usual, top.lineIndex == nil
                || top.line.isEmpty else { return candidates }
        var ranked = candidates
        let existing = ranked.firstIndex { $0.value == usual }
        var favoured = existing.map { ranked.remove(at: $0) }
            ?? Candidate(value: usual, score: top.score, line: "")
        favoured.score = min(1, max(favoured.score, top.score) + VendorHabitWeights.currency)
        favoured.evidence = "\(known.name) is usually paid in \(usual)"
        ranked.insert(favoured, at: 0)
        return ranked
    }

    /// The amount on the line labelled as the vendor labels its totals wins over a pick the
    /// receipt's sums do not confirm, when it scored nearly as well.
    func favourTotal(_ candidates: [Candidate], confidence: Double) -> [Candidate] {
        guard let usual = known.usualTotalLabel, confidence < TotalDecision.confirmedConfidence,
              let top = candidates.first, TotalLabel.of(top.line) != usual,
              let index = candidates.firstIndex(where: { TotalLabel.of($0.line) == usual }),
              candidates[index].score >= top.score - VendorHabitWeights.totalMargin else { return candidates }
        var ranked = candidates
        var favoured = ranked.remove(at: index)
        favoured.score = min(1, top.score + 0.01)
        favoured.evidence = "\(known.name) prints its total as \"\(usual)\""
        ranked.insert(favoured, at: 0)
        return ranked
    }
}

enum VendorHabitWeights {
    /// Added to the vendor's usual currency when the receipt prints none.
    static let currency = 0.1
    /// How far below the pick the usual total line may score and still win.
    static let totalMargin = 0.25
}
