import Foundation

/// Evidence from the receipt's sums (`ReceiptArithmetic`): each equation's result is a candidate,
/// and a total that another printed after it replaces is doubtful.
enum ArithmeticRules {
    /// Each inferred amount: evidence for a printed candidate; an amount printed nowhere becomes
    /// a candidate of its own, shown on the line of the equation's first term.
    static func inferences(_ facts: TotalFacts, _ sums: ReceiptArithmetic, _ ledger: inout TotalLedger) {
        let changeGiven = facts.changeGiven
        // Paid − change counts once per amount: more when it closes on an amount printed elsewhere.
        var closedChange = Set(sums.witnesses.filter { $0.kind == .paidMinusChange }.map(\.value))
        for inference in sums.inferences {
            var weight = TotalWeights.weight(inference.rule)
            var note = ""
            if inference.rule == .paidMinusChange, closedChange.remove(inference.value) != nil {
                weight += TotalWeights.closedSum
                note = "closes on a printed amount"
            }
            // A better-read total one digit away says the change is the misread: the equation
            // speaks for that total, not for an amount printed nowhere.
            if inference.rule == .paidMinusChange, let printed = sums.changeMisreads[inference.value], ledger.has(printed) {
                ledger.add(inference.rule, weight, to: printed, note: "change read one digit off")
                continue
            }
            if ledger.has(inference.value) {
                ledger.add(inference.rule, weight, to: inference.value, note: note)
                continue
            }
            // Change actually handed back proves the subtraction, so that inference is trusted
            // more, unless the payment's amount is itself printed elsewhere as a total, subtotal or
            // unlabelled price: then the exact amount was paid and the change is a misread
            // ("CHANGE 9.00" or "CHANGE 0.90" for 0.00).
            let implied = inference.rule == .paidMinusChange && changeGiven && !paymentPrintedElsewhere(inference.source, facts)
                ? TotalWeights.impliedByChange : TotalWeights.impliedBase + weight / 2
            let source = LabelledAmount(value: inference.value, role: inference.source.role, hasFraction: true,
                                        lineIndex: inference.source.lineIndex, line: inference.source.line, weight: 1)
            ledger.open(inference.value, source: source, rule: inference.rule, weight: implied, note: "printed nowhere")
        }
    }

    /// The payment's amount is printed with cents on another line, as a total, a subtotal, a
    /// quantity line's sum or an unlabelled price (a total whose label OCR lost).
    static func paymentPrintedElsewhere(_ paid: LabelledAmount, _ facts: TotalFacts) -> Bool {
        facts.labelled.contains { $0.value == paid.value && $0.lineIndex != paid.lineIndex
            && [.total, .finalTotal, .roundedTotal, .weakTotal, .subtotal, .quantity, .unlabelled].contains($0.role) && $0.hasFraction }
    }

    /// `roundedTakesLabel`: the rounding's adjustment was unreadable, so the rounded amount is
    /// what the total's label was about: it takes over the label's evidence.
    static func unreadRoundings(_ sums: ReceiptArithmetic, _ ledger: inout TotalLedger) {
        for (total, rounded) in sums.unreadRoundings where ledger.has(total) {
            guard !ledger.has(rounded) || ledger.score(of: rounded) < ledger.score(of: total) else { continue }
            ledger.takeOver(.roundedTakesLabel, from: total, to: rounded)
        }
    }

    /// `superseded`: a total replaced by one printed after it (rounded, charges added).
    static func superseded(_ sums: ReceiptArithmetic, _ ledger: inout TotalLedger) {
        for (value, reason) in sums.superseded {
            ledger.scale(.superseded, by: TotalWeights.weight(.superseded), value, note: reason)
        }
    }

    /// `roundedFarFromTotal`: rounding moves a total by cents, never by whole units. A rounded
    /// total one digit away from a total printed up to three lines above it, whole units apart
    /// and read with less confidence, is that total misread ("Total incl. GST 15.90 /
    /// Total rounded 45.90").
    static func roundedFarFromTotal(_ facts: TotalFacts, _ ledger: inout TotalLedger) {
        for rounded in facts.values(.roundedTotal) {
            guard let roundedConfidence = rounded.readingConfidence else { continue }
            let misreadOf = facts.values(.total, .finalTotal).first { before in
                before.lineIndex < rounded.lineIndex && before.lineIndex >= rounded.lineIndex - 3
                    && abs(before.value - rounded.value) >= 1
                    && ClosedSums.differingDigit(before.value, rounded.value) != nil
                    && (before.readingConfidence ?? 0) > roundedConfidence
            }
            if let misreadOf {
                ledger.scale(.roundedFarFromTotal, by: TotalWeights.weight(.roundedFarFromTotal), rounded.value,
                             note: "\(misreadOf.value) above, one digit apart")
            }
        }
    }

    /// `notCashRounded`: a till that prints a cash rounding charges a multiple of five cents, so a
    /// total printed up to three lines under a rounding of a few cents is one too. One that is not
    /// is either the unrounded total printed after its rounding ("Rounding -0.01 / Total 101.76",
    /// due 101.75: the total ± the rounding is a multiple) or a misread one digit from the multiple
    /// nearest it ("Rounding -0.02 / Total 112.46" for 112.45). Either way that multiple takes over
    /// the printed total's evidence and the printed total keeps half. A card pays the exact
    /// amount: a total the card was charged stays as printed.
    static func notCashRounded(_ facts: TotalFacts, _ ledger: inout TotalLedger) {
        guard !ledger.disabled.contains(.notCashRounded) else { return }
        let cardPaid = facts.cardPaid
        for rounding in facts.values(.rounding) where rounding.value != 0 && abs(rounding.value) <= CashRounding.step {
            for total in facts.totals where total.lineIndex > rounding.lineIndex && total.lineIndex <= rounding.lineIndex + 3
                && !CashRounding.isRounded(total.value) && !cardPaid.contains(total.value) && ledger.has(total.value) {
                let nearest = CashRounding.nearest(total.value)
                let unrounded = [total.value + abs(rounding.value), total.value - abs(rounding.value)].contains(nearest)
                guard unrounded || ClosedSums.differingDigit(total.value, nearest) != nil else { continue }
                if !ledger.has(nearest) || ledger.score(of: nearest) < ledger.score(of: total.value) {
                    ledger.takeOver(.correctionTakesLabel, from: total.value, to: nearest, keeping: true)
                }
                ledger.scale(.notCashRounded, by: TotalWeights.weight(.notCashRounded), total.value,
                             note: "under ROUNDING \(rounding.value), \(nearest) is cash-rounded")
            }
        }
    }

    /// `contradictsZeroRounding`: "ROUNDING 0.00" between a total and a rounded total says the two
    /// are equal, so a rounded total that differs is the misread one when the total is printed
    /// more than once.
    static func zeroRounding(_ facts: TotalFacts, _ ledger: inout TotalLedger) {
        let occurrences = facts.occurrences
        for rounding in facts.labelled where rounding.role == .rounding && rounding.value == 0 && rounding.hasFraction {
            for before in facts.values(.total, .finalTotal, .weakTotal) where before.lineIndex < rounding.lineIndex {
                for after in facts.values(.roundedTotal) where after.lineIndex > rounding.lineIndex
                    && after.value != before.value && (occurrences[before.value] ?? 0) > 1 {
                    ledger.scale(.contradictsZeroRounding, by: TotalWeights.weight(.contradictsZeroRounding), after.value,
                                 note: "\(before.value) then ROUNDING 0.00")
                }
            }
        }
    }
}
