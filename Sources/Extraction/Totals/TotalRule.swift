/// Every rule that adds evidence to a total candidate's ledger, by the name `--explain` prints.
///
/// A rule either adds evidence (`weight` is added to the candidate's score) or casts doubt
/// (`weight` multiplies it). Rules act in phases, so that proof from the receipt's sums is added
/// after the doubts a label could raise, and can not be undone by them.
enum TotalRule: String, CaseIterable, Sendable {
    // Labels and layout.
    /// The label printed with the amount ("TOTAL", "GRAND TOTAL", "CASH"): see `TotalWeights.label`.
    case label
    /// Final totals sit below the items: a later total line wins a tie.
    case position
    /// The same amount printed on several lines.
    case repeated
    /// The largest money amount that was not tendered.
    case largestAmount

    // Sums the receipt implies: the result becomes a candidate even when printed nowhere.
    case paidMinusChange, subtotalPlusTax, subtotalMinusDiscount, totalPlusRounding, totalAfterCharges
    case amountAfterRounding, subtotalPlusCharges
    /// A rounded total takes over the evidence of the unrounded one its label was about.
    case roundedTakesLabel
    /// A corrected amount takes over the evidence of the misread printed total.
    case correctionTakesLabel

    // Doubts.
    /// An amount another total printed after it replaces (rounded, charges added).
    case superseded
    /// "ROUNDING 0.00" between a repeated total and a different rounded total.
    case contradictsZeroRounding
    /// At most the largest plausible tax.
    case notAboveTax
    /// Cash handed over when change came back.
    case cashBeforeChange
    /// Less than half of paid − change.
    case farBelowPaidMinusChange
    /// Not paid − change, when change was handed back.
    case offPaidMinusChange
    /// More than any payment.
    case abovePayment
    /// A printed total a closed sum shows to be a one-digit misread.
    case misreadOfSum

    // Proof: closed sums, equations landing on an amount printed elsewhere.
    case closedPaidMinusChange, closedPaidInFull, closedSubtotalPlusCharges, closedTaxTableRow
    case closedRoundedFromTotal, closedCorrection

    // Verdict.
    /// Anything but the result of a closed paid − change.
    case contradictsClosedChange

    enum Phase: Int, Comparable, CaseIterable {
        case evidence, doubt, proof, verdict, tieBreak
        static func < (a: Phase, b: Phase) -> Bool { a.rawValue < b.rawValue }
    }

    var phase: Phase {
        switch self {
        case .label, .position, .repeated, .paidMinusChange, .subtotalPlusTax, .subtotalMinusDiscount,
             .totalPlusRounding, .totalAfterCharges, .amountAfterRounding, .subtotalPlusCharges,
             .roundedTakesLabel, .correctionTakesLabel:
            return .evidence
        case .superseded, .contradictsZeroRounding, .notAboveTax, .cashBeforeChange, .farBelowPaidMinusChange,
             .offPaidMinusChange, .abovePayment, .misreadOfSum:
            return .doubt
        case .closedPaidMinusChange, .closedPaidInFull, .closedSubtotalPlusCharges, .closedTaxTableRow,
             .closedRoundedFromTotal, .closedCorrection:
            return .proof
        case .contradictsClosedChange: return .verdict
        case .largestAmount: return .tieBreak
        }
    }
}
