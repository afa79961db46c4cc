import Foundation

/// The receipt's own arithmetic, worked out once per receipt: every equation between printed
/// amounts and the amount it implies for the total, which totals another one replaces, and the
/// closed sums (`ClosedSums`). Rules read it; none repeats an equation.
///
/// Why arithmetic: OCR mangles labels ("TOTAI", "Tota1 Sales") and receipts print many amounts,
/// but the numbers must agree (subtotal + tax = total, cash − change = total, total + rounding =
/// rounded total). An amount that makes the sums agree is the total even when its label is unreadable.
struct ReceiptArithmetic: Sendable {
    /// One equation's result: an amount the receipt's sums say the total may be.
    struct Inference: Sendable {
        var value: Decimal
        var rule: TotalRule
        /// The equation's first term (for an amount printed nowhere, the line it is shown on).
        var source: LabelledAmount
    }

    private(set) var inferences: [Inference] = []
    /// Totals that a later printed total replaces (rounded, charges added), with the reason.
    private(set) var superseded: [Decimal: String] = [:]
    /// Unrounded total → the rounded total printed for it: sums proving the first count for the second.
    private(set) var roundedTo: [Decimal: Decimal] = [:]
    /// A total the till rounded with the adjustment unreadable, and the amount it rounded to.
    private(set) var unreadRoundings: [(total: Decimal, rounded: Decimal)] = []
    /// Closed sums, moved onto the rounded total where one was printed for their result.
    private(set) var witnesses: [ClosedSums.Witness] = []
    /// Rounded totals a printed total ± the printed rounding lands on to the cent.
    private(set) var closedRoundings: Set<Decimal> = []
    /// Of those, the ones printed nowhere but given by paid − change too: the rounded total's own
    /// line was misread.
    private(set) var roundingsClosedByChange: Set<Decimal> = []
    /// Paid − change results printed nowhere → the better-read printed total they are a
    /// one-digit misread of (see `findChangeMisreads`).
    private(set) var changeMisreads: [Decimal: Decimal] = [:]

    init(_ facts: TotalFacts) {
        inferPaidMinusChange(facts)
        findTotalsPlusRounding(facts)
        findTotalsAcrossRounding(facts)
        inferTotalAfterCharges(facts)
        inferAmountAfterRounding(facts)
        inferAmountAfterUnlabelledRounding(facts)
        findUnreadRoundings(facts)
        inferSubtotalPlusCharges(facts)
        findTotalsRoundedWithoutALine(facts)
        findRoundingsPaidInCash(facts)
        // A rounded total its total and rounding line land on to the cent closes a sum of its
        // own: like any closed amount, it is no misread ("Total incl. GST 31.47 / Rounding 0.02 /
        // Total 31.45 / Cash 30.00 / Change 18.55": the cash is the misread, not the total).
        witnesses = ClosedSums.witnesses(facts.labelled, closedElsewhere: closedRoundings).map { movedToRounded($0, facts) }
        findChangeMisreads(facts)
    }

    /// Results of cash − change (or card − change), change handed back or none.
    var paidMinusChange: [Decimal] { inferences.filter { $0.rule == .paidMinusChange }.map(\.value) }

    /// Amounts other printed amounts add up to, to the cent (a closed sum other than paid − change,
    /// or a total ± its rounding), while paid − change lands on nothing printed: then the payment
    /// or the change is the likelier misread, and the sums that close say what was due.
    var provenAgainstUnclosedChange: Set<Decimal> {
        guard !witnesses.contains(where: { $0.kind == .paidMinusChange }) else { return [] }
        let closing: Set<ClosedSums.Witness.Kind> = [.subtotalPlusCharges, .taxTableRow]
        return Set(witnesses.filter { closing.contains($0.kind) && $0.weight == 1 }.map(\.value)).union(closedRoundings)
    }

    /// Paid − change results that land one digit away from a total printed above the payment,
    /// where that total was read at least as surely as the change: then one of the two is a
    /// one-digit misread, and the better-read printed total is believed over an amount printed
    /// nowhere ("Total incl. GST 80.90 / CASH 100.00 / Change 18.10", the 9 of 19.10 read as 8).
    /// Fills `changeMisreads`, mapping each unprinted result to the printed total it is a misread of.
    /// Runs last: it reads the closed sums and the superseded totals.
    private mutating func findChangeMisreads(_ facts: TotalFacts) {
        // A total another replaces (rounded, charges added) is no evidence against the change,
        // nor is a result other sums close on.
        let printedTotals = facts.values(.total, .finalTotal, .roundedTotal, .subtotal).filter { superseded[$0.value] == nil }
        let closed = Set(witnesses.map(\.value)).union(closedRoundings)
        for equation in Self.paymentsLessChange(facts.values(.cashPayment, .cardPayment, .change, .rounding)) {
            guard equation.change.value > 0, !closed.contains(equation.value),
                  !facts.prints(equation.value, apartFrom: equation.paid.lineIndex),
                  let changeConfidence = equation.change.readingConfidence else { continue }
            let misreadOf = printedTotals.first { total in
                total.lineIndex < equation.paid.lineIndex
                    && ClosedSums.differingDigit(total.value, equation.value) != nil
                    && ClosedSums.differingDigit(equation.paid.value - total.value, equation.change.value) != nil
                    && (total.readingConfidence ?? 0) >= changeConfidence
            }
            if let misreadOf { changeMisreads[equation.value] = misreadOf.value }
        }
    }

    mutating func infer(_ value: Decimal, _ rule: TotalRule, from source: LabelledAmount) {
        guard value > 0 else { return }
        inferences.append(Inference(value: value, rule: rule, source: source))
    }

    mutating func supersede(_ value: Decimal, because reason: String, roundedTo rounded: Decimal? = nil) {
        if superseded[value] == nil { superseded[value] = reason }
        if let rounded { roundedTo[value] = rounded }
    }

    /// The paid − change equation, the one place it is written: every payment (cash or card) with
    /// every change below it ("CHANGE 0.00" included: the payment was exact), in the order given.
    ///
    /// Where the till prints a cash rounding, cash changes hands in coins no smaller than five
    /// cents, so cash − change is a multiple of five cents; one that is not has a misread term
    /// ("CASH 70.39 / CHANGE 10.00" under "ROUNDING -0.01", a 0 read as 9 on the cash and on the
    /// rounded total alike) and proves nothing.
    ///
    /// A card is charged the amount due and gives nothing back: with a card, only "CHANGE 0.00"
    /// makes an equation. A change above zero beside a card alone is a misread ("Master 50.45 /
    /// Change: RM 0.08" for 0.00), and card − change a total printed nowhere.
    static func paymentsLessChange(_ amounts: [LabelledAmount]) -> [(paid: LabelledAmount, change: LabelledAmount, value: Decimal)] {
        let payments = amounts.filter { [.cashPayment, .cardPayment].contains($0.role) && $0.value > 0 }
        let changes = amounts.filter { $0.role == .change && $0.value >= 0 }
        let roundsCash = amounts.contains { $0.role == .rounding && $0.value != 0 && abs($0.value) < 1 && $0.hasFraction }
        return payments.flatMap { paid in
            changes.filter { $0.value < paid.value && (paid.role == .cashPayment || $0.value == 0) }
                .map { (paid, $0, paid.value - $0.value) }
        }.filter { !roundsCash || $0.paid.role != .cashPayment || CashRounding.isRounded($0.value) }
    }

    /// cash − change = total; a card pays the total (less any change).
    private mutating func inferPaidMinusChange(_ facts: TotalFacts) {
        for equation in Self.paymentsLessChange(facts.values(.cashPayment, .cardPayment, .change, .rounding)) {
            infer(equation.value, .paidMinusChange, from: equation.paid)
        }
    }

    /// total ± rounding = an amount printed after the rounding line: that is the rounded total,
    /// and the unrounded total is superseded. OCR often loses the sign, so both are tried.
    /// Some tills print the rounding above the unrounded total ("Rounding -0.01 / Total 101.76 /
    /// CASH 101.75 / Change 0.00"): there only a payment below both says what was due, since a tax
    /// table's gross below them is the unrounded amount again.
    private mutating func findTotalsPlusRounding(_ facts: TotalFacts) {
        for rounding in facts.values(.rounding) where rounding.value != 0 && abs(rounding.value) < 1 {
            for total in facts.values(.total, .finalTotal, .weakTotal, .roundedTotal) {
                let inOrder = total.lineIndex <= rounding.lineIndex
                for rounded in [total.value + abs(rounding.value), total.value - abs(rounding.value)] {
                    let printedLater = facts.labelled.contains { $0.value == rounded && $0.lineIndex > max(rounding.lineIndex, total.lineIndex)
                        && (inOrder ? ![.change, .quantity, .rounding].contains($0.role) : [.cashPayment, .cardPayment].contains($0.role)) }
                    // Cash less the change handed back after both lines is the rounded amount too.
                    let paidLater = inOrder && !printedLater && inferences.contains { $0.rule == .paidMinusChange && $0.value == rounded
                        && $0.source.lineIndex > rounding.lineIndex } && facts.changeGiven
                    guard printedLater || paidLater else { continue }
                    if paidLater { roundingsClosedByChange.insert(rounded) }
                    closedRoundings.insert(rounded)
                    supersede(total.value, because: "± rounding is printed later", roundedTo: rounded)
                }
            }
        }
    }

    /// A total the till rounds (a rounding line or a rounded total follows it) whose cash
    /// rounding is what cash less change gives, printed nowhere: the rounded total's line was
    /// misread ("TOTAL INCL GST 15.28 / TOTAL ROUNDED 75.30 / CASH 20.00 / CHANGE 4.70").
    private mutating func findRoundingsPaidInCash(_ facts: TotalFacts) {
        guard facts.changeGiven else { return }
        let cardPaid = facts.cardPaid
        for paid in inferences where paid.rule == .paidMinusChange && CashRounding.isRounded(paid.value)
            && !facts.prints(paid.value, apartFrom: paid.source.lineIndex) {
            for total in facts.totals where total.lineIndex < paid.source.lineIndex && total.value != paid.value
                && !cardPaid.contains(total.value) && CashRounding.couldRound(total.value, to: paid.value) {
                let rounds = facts.roundingLines.contains { $0.index > total.lineIndex }
                    || facts.values(.roundedTotal).contains { $0.lineIndex > total.lineIndex }
                guard rounds else { continue }
                roundingsClosedByChange.insert(paid.value)
                closedRoundings.insert(paid.value)
                supersede(total.value, because: "cash less change is its rounding", roundedTo: paid.value)
            }
        }
    }

    /// A total, a rounding line that adjusts it, and a total after that: the later one is what
    /// was due, even when a misread digit keeps the sum from closing ("Total 1.42 / Rounding
    /// (0.01) / Total Payable 7.40", the first a 7 read as 1). Only up to three lines after the
    /// rounding, as tills print it.
    private mutating func findTotalsAcrossRounding(_ facts: TotalFacts) {
        for rounding in facts.roundingLines where rounding.amounts.contains(where: { $0.value != 0 }) {
            let after = facts.totals.filter { $0.lineIndex > rounding.index && $0.lineIndex <= rounding.index + 3 }
            for early in facts.totals where early.lineIndex < rounding.index
                && !after.isEmpty && !after.contains(where: { $0.value == early.value }) {
                supersede(early.value, because: "a total follows the rounding")
            }
        }
    }

    /// A total printed after tax, service-charge, tip or rounding lines supersedes one printed
    /// before them ("Total 49.60 / Service charge / GST / Total 57.80", "TOTAL 106.66 / Tip 23.47 /
    /// TOTAL 130.13"), when at most 30 % above it.
    private mutating func inferTotalAfterCharges(_ facts: TotalFacts) {
        // A charge printed as 0.00 ("ROUNDING 0.00") changes nothing, so it separates nothing either.
        // A tip counts only written in: "Tip Guide:" over suggested amounts adds nothing.
        // Nor does a tax the total already includes ("enth. MwSt 19% 6,88", "GST INCLUDED").
        let chargeLines = facts.lines.filter { (($0.role == .tax && !$0.match.contains(any: Keywords.taxIncluded))
            || $0.role == .rounding || ($0.role == .tip && $0.amounts.contains { $0.value > 0 && $0.hasFraction }))
            && !(!$0.amounts.isEmpty && $0.amounts.allSatisfy { $0.value == 0 }) }.map(\.index)
        let totals = facts.totals
        for early in totals {
            for late in totals where late.lineIndex > early.lineIndex && late.value > early.value
                && late.value - early.value <= early.value * 3 / 10
                && chargeLines.contains(where: { $0 > early.lineIndex && $0 < late.lineIndex }) {
                infer(late.value, .totalAfterCharges, from: late)
                supersede(early.value, because: "a total after charges follows")
            }
        }
    }

    /// Roles whose amounts are never a rounded total.
    static let notRoundedTotals: Set<AmountRole> = [.change, .quantity, .tax, .taxTable, .discount, .rounding, .tip]

    /// Printed amounts within two lines after a rounding line that could be a rounded total.
    private static func amountsJustAfter(_ roundingLine: Int, _ facts: TotalFacts) -> [LabelledAmount] {
        facts.labelled.filter { !$0.isAlternativeReading && $0.hasFraction && $0.lineIndex > roundingLine
            && $0.lineIndex <= roundingLine + 2 && !notRoundedTotals.contains($0.role) }
    }

    /// An amount within two lines after a rounding line, a cash rounding of a total (or a subtotal
    /// including tax, as some tills print the amount before rounding) printed
    /// above it, is the rounded total even when its label or the adjustment is unreadable. A
    /// total's guessed readings count too ("60.314" as 60.31, a speck read as a third decimal):
    /// the rounded amount printed after it is what confirms one.
    private mutating func inferAmountAfterRounding(_ facts: TotalFacts) {
        let guessedTotals = facts.labelled.filter { $0.isAlternativeReading && $0.hasFraction && $0.value > 0
            && [.total, .finalTotal, .roundedTotal].contains($0.role) }
        for roundingLine in facts.roundingLines {
            for total in facts.totals + guessedTotals + facts.values(.subtotal) where total.lineIndex < roundingLine.index {
                for later in Self.amountsJustAfter(roundingLine.index, facts)
                    where later.value != total.value && CashRounding.couldRound(total.value, to: later.value) {
                    infer(later.value, .amountAfterRounding, from: later)
                    supersede(total.value, because: "rounded after the rounding line", roundedTo: later.value)
                }
            }
        }
    }

    /// The same sum when the total's label was lost ("TOTh Pill RM 60.31 / ROUNDING -0.01 /
    /// RM 60.30"): the amount on the line just above the rounding line, adjusted by exactly the
    /// amount the rounding line prints, lands on an amount within two lines after it. The sum
    /// must close to the cent, as a label no longer vouches for the first term.
    private mutating func inferAmountAfterUnlabelledRounding(_ facts: TotalFacts) {
        for rounding in facts.values(.rounding) where rounding.value != 0 && abs(rounding.value) < 1 {
            let above = facts.labelled.filter { $0.lineIndex == rounding.lineIndex - 1 && $0.role == .unlabelled
                && $0.hasFraction && !$0.isAlternativeReading && $0.value > 0 }
            for total in above {
                let results = [total.value + abs(rounding.value), total.value - abs(rounding.value)]
                for later in Self.amountsJustAfter(rounding.lineIndex, facts) where results.contains(later.value) {
                    infer(later.value, .amountAfterRounding, from: later)
                    supersede(total.value, because: "rounded after the rounding line", roundedTo: later.value)
                }
            }
        }
    }

    /// A rounding line with no adjustment left to read ("Rounding ~0.0)"), a total up to three
    /// lines above it that is not a multiple of five cents, not paid by card, and no rounded
    /// amount printed after: the till rounded to five cents and OCR lost by how much.
    private mutating func findUnreadRoundings(_ facts: TotalFacts) {
        let cardPaid = facts.cardPaid
        for roundingLine in facts.roundingLines where roundingLine.amounts.allSatisfy({ $0.value == 0 }) {
            let roundedLater = facts.labelled.contains { $0.lineIndex > roundingLine.index && $0.hasFraction && $0.value > 0
                && CashRounding.isRounded($0.value) && !Self.notRoundedTotals.contains($0.role) }
            guard !roundedLater else { continue }
            for total in facts.totals where total.lineIndex < roundingLine.index && total.lineIndex >= roundingLine.index - 3
                && !CashRounding.isRounded(total.value) && !cardPaid.contains(total.value) {
                let rounded = CashRounding.nearest(total.value)
                unreadRoundings.append((total.value, rounded))
                supersede(total.value, because: "rounded, adjustment unreadable", roundedTo: rounded)
            }
        }
    }
}
