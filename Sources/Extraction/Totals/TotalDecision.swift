import Foundation

/// Reads the ledger: the best-scoring amount is the total; its confidence is its lead, adjusted
/// by what the receipt's sums say about it.
struct TotalDecision {
    let ranked: [(value: Decimal, score: Double, account: TotalLedger.Account)]
    let confidence: Double

    /// Paid − change within this much of the pick agrees with it (cash rounding).
    static let changeTolerance = CashRounding.step
    /// A pick the sums confirm is at least this confident …
    static let confirmedConfidence = 0.8
    /// … one change handed back contradicts at most this …
    static let contradictedConfidence = 0.4
    /// … and one with neither a total label nor a sum behind it at most this.
    static let unsupportedConfidence = 0.45

    init(ledger: TotalLedger, facts: TotalFacts, arithmetic: ReceiptArithmetic) {
        ranked = ledger.ranked()
        let best = ranked[0], second = ranked.count > 1 ? ranked[1].score : 0
        var confidence = Confidence.fromScores(best: best.score, second: second, strong: 1.0)
        // The receipt's sums are the best judge of a misread: agreeing arithmetic confirms the pick,
        // change handed back that does not fit it contradicts it.
        let confirmed = arithmetic.inferences.contains { $0.value == best.value && !ledger.disabled.contains($0.rule) }
        let paidMinusChange = arithmetic.paidMinusChange
        let contradicted = facts.changeGiven && !paidMinusChange.isEmpty
            && !paidMinusChange.contains { abs($0 - best.value) <= Self.changeTolerance }
        if confirmed && !contradicted { confidence = max(confidence, Self.confirmedConfidence) }
        if contradicted { confidence = min(confidence, Self.contradictedConfidence) }
        if !confirmed, TotalWeights.label(best.account.source.role) < TotalWeights.totalLabelEvidence {
            confidence = min(confidence, Self.unsupportedConfidence)
        }
        self.confidence = confidence
    }
}
