/// Every weight the total rules use, in one table. Evidence rules add their weight (times how
/// strongly the rule fired); doubt and verdict rules multiply the score by theirs.
enum TotalWeights {
    /// How much an amount looks like the total by its label alone, before the reading's own weight.
    static func label(_ role: AmountRole) -> Double {
        switch role {
        case .roundedTotal: return 1.15
        case .finalTotal: return 1.0
        case .total: return 0.8
        case .weakTotal: return 0.5
        case .cardPayment: return 0.45
        case .cashPayment: return 0.3
        case .subtotal: return 0.25
        case .unlabelled: return 0.12
        case .taxTable: return 0.08
        case .tax, .deposit: return 0.03
        case .change, .rounding, .quantity, .discount, .tip: return 0.0
        }
    }

    /// A label's amount printed without decimals is a code as often as money.
    static let wholeNumberFactor = 0.5
    /// A label counts as naming the total from this much label evidence on (a plain TOTAL).
    static let totalLabelEvidence = 0.8

    static func weight(_ rule: TotalRule) -> Double {
        switch rule {
        case .label: return 1
        case .repeated: return 0.06
        case .largestAmount: return 0.08
        case .paidMinusChange: return 0.3
        case .amountAfterRounding: return 0.5
        case .totalAfterCharges: return 0.15
        case .subtotalPlusCharges: return 0.4
        case .roundedTakesLabel, .correctionTakesLabel: return 0
        case .superseded: return 0.65
        case .contradictsZeroRounding, .roundedFarFromTotal: return 0.6
        case .offPaidMinusChange: return 0.8
        case .abovePayment: return 0.6
        case .belowCardPayment: return 0.6
        case .misreadOfSum, .notCashRounded: return 0.5
        case .shortFraction: return 0.5
        case .closedPaidInFull, .closedSubtotalPlusCharges, .closedTaxTableRow, .closedCorrection:
            return closedSum
        case .contradictsClosedChange: return 0.5
        }
    }

    /// What one closed sum adds: about a plain TOTAL label's worth, so two independent sums
    /// outweigh a label read on one line.
    static let closedSum = 0.3
    /// Repetition adds at most this much.
    static let repeatedCap = 0.15
    /// Above every payment when change came back: the payment line really is what was handed over.
    static let aboveChangedPayment = 0.4

    /// An amount no label printed, implied by the receipt's sums: half the sum's weight on a base.
    static let impliedBase = 0.2
    /// Paid − change with change actually handed back: the subtraction is proven.
    static let impliedByChange = 0.45
}
