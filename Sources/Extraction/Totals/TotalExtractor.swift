import Foundation
import RebutCore

/// Picks the total: named rules write their evidence into one ledger per candidate amount, in
/// phases (evidence, doubts, proof from closed sums, verdict, tie-break), and the decision reads
/// the ledger. Weights live in `TotalWeights`, the arithmetic in `ReceiptArithmetic`.
struct TotalExtractor: Sendable {
    struct Result: Sendable {
        var candidates: [Candidate]
        var confidence: Double
        var labelled: [LabelledAmount]
        var ledger: TotalLedger
        /// The receipt's closed sums, for the tax (a tax that closes subtotal + charges on the total).
        var witnesses: [ClosedSums.Witness] = []
    }

    /// Rules switched off (to measure what each earns).
    var disabled: Set<TotalRule> = []

    func extract(_ lines: [ReceiptLine], currency: String?) -> Result {
        let labelled = labelledAmounts(lines)
        let facts = TotalFacts(lines: lines, labelled: labelled)
        let arithmetic = ReceiptArithmetic(facts)
        let ledger = Self.ledger(facts, arithmetic, disabled: disabled)
        guard !ledger.accounts.isEmpty else {
            return Result(candidates: [], confidence: 0, labelled: labelled, ledger: ledger, witnesses: arithmetic.witnesses)
        }
        let decision = TotalDecision(ledger: ledger, facts: facts, arithmetic: arithmetic)
        let candidates = decision.ranked.prefix(5).map { entry in
            Candidate(value: Self.canonical(entry.value, currency: currency), score: min(1, entry.score),
                      line: entry.account.source.line, lineIndex: entry.account.source.lineIndex)
        }
        return Result(candidates: Array(candidates), confidence: decision.confidence, labelled: labelled, ledger: ledger,
                      witnesses: arithmetic.witnesses)
    }

    /// Every rule, in its phase's order.
    static func ledger(_ facts: TotalFacts, _ sums: ReceiptArithmetic, disabled: Set<TotalRule>) -> TotalLedger {
        var ledger = TotalLedger(disabled: disabled)
        // Evidence.
        LabelRules.labels(facts, &ledger)
        LabelRules.repetition(facts, &ledger)
        ArithmeticRules.inferences(facts, sums, &ledger)
        ArithmeticRules.unreadRoundings(sums, &ledger)
        // Doubts.
        ArithmeticRules.superseded(sums, &ledger)
        ArithmeticRules.zeroRounding(facts, &ledger)
        ArithmeticRules.roundedFarFromTotal(facts, &ledger)
        ArithmeticRules.notCashRounded(facts, &ledger)
        PaymentRules.paidMinusChange(facts, sums, &ledger)
        PaymentRules.abovePayment(facts, sums, &ledger)
        PaymentRules.belowCardPayment(facts, sums, &ledger)
        LabelRules.shortFractions(facts, &ledger)
        // Proof, then the verdict of change handed back, then the tie-break.
        ProofRules.corrections(sums, &ledger)
        ProofRules.closedSums(sums, &ledger)
        PaymentRules.closedChange(sums, &ledger)
        LabelRules.largestAmount(facts, &ledger)
        return ledger
    }

    /// Canonical text in the currency's minor digits, unless that would round away printed cents
    /// (a misdetected currency must never change an amount).
    static func canonical(_ value: Decimal, currency: String?) -> String {
        let inCurrency = MoneyFormat.canonical(value, currency: currency)
        return MoneyFormat.parse(inCurrency) == value ? inCurrency : MoneyFormat.canonical(value)
    }
}
