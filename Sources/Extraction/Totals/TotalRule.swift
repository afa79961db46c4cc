/// Every rule that adds evidence to a total candidate's ledger, by the name `--explain` prints.
///
/// A rule either adds evidence (its weight is added to the candidate's score) or casts doubt
/// (its weight multiplies the score). Rules act in phases, so that proof from the receipt's sums
/// is added after the doubts a label could raise, and can not be undone by them.
enum TotalRule: String, CaseIterable, Sendable {
    // Labels and layout.
    /// The label printed with the amount ("TOTAL", "GRAND TOTAL", "CASH"): see `TotalWeights.label`.
    case label
    /// The same amount printed on several lines.
    case repeated
    /// The largest money amount that was not tendered.
    case largestAmount

    // Amounts the receipt's sums imply, even when printed nowhere (`ReceiptArithmetic`).
    /// Cash (or card) − change; worth more when it closes on an amount printed elsewhere.
    case paidMinusChange
    /// A cash rounding printed just after the rounding line.
    case amountAfterRounding
    /// A total printed after tax or service-charge lines, at most 30 % above an earlier total.
    case totalAfterCharges
    /// Subtotal + every charge after it, when no total label kept its amount.
    case subtotalPlusCharges
    /// A rounded total takes over the evidence of the unrounded one its label was about.
    case roundedTakesLabel
    /// A corrected amount takes over the evidence of the misread printed total.
    case correctionTakesLabel

    // Doubts.
    /// A total another one printed after it replaces (rounded, charges added).
    case superseded
    /// "ROUNDING 0.00" between a repeated total and a different rounded total.
    case contradictsZeroRounding
    /// A rounded total whole units away from the total just above it, one digit apart.
    case roundedFarFromTotal
    /// Not paid − change, when change was handed back.
    case offPaidMinusChange
    /// More than any payment.
    case abovePayment
    /// Less than the one amount charged to a card, with no cash, change or tip beside it.
    case belowCardPayment
    /// A printed total a closed sum shows to be a one-digit misread.
    case misreadOfSum
    /// A total under a cash rounding that is no multiple of five cents.
    case notCashRounded
    /// Printed with one digit of cents where the receipt prints two.
    case shortFraction

    // Proof: closed sums, equations landing on an amount printed elsewhere (`ClosedSums`).
    case closedPaidInFull, closedSubtotalPlusCharges, closedTaxTableRow, closedCorrection

    // Verdict.
    /// Anything but the result of a closed paid − change.
    case contradictsClosedChange

    enum Phase: Int, Comparable, CaseIterable, Sendable {
        case evidence, doubt, proof, verdict, tieBreak
        static func < (a: Phase, b: Phase) -> Bool { a.rawValue < b.rawValue }
    }

    var phase: Phase {
        switch self {
        case .label, .repeated, .paidMinusChange, .amountAfterRounding, .totalAfterCharges, .subtotalPlusCharges,
             .roundedTakesLabel, .correctionTakesLabel:
            return .evidence
        case .superseded, .contradictsZeroRounding, .roundedFarFromTotal, .offPaidMinusChange, .abovePayment, .belowCardPayment, .misreadOfSum,
             .shortFraction, .notCashRounded:
            return .doubt
        case .closedPaidInFull, .closedSubtotalPlusCharges, .closedTaxTableRow, .closedCorrection:
            return .proof
        case .contradictsClosedChange: return .verdict
        case .largestAmount: return .tieBreak
        }
    }
}
