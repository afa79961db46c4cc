import Foundation
import RebutCore

/// Picks the total: label evidence first, then the receipt's own arithmetic decides.
///
/// Why arithmetic: OCR mangles labels ("TOTAI", "Tota1 Sales") and receipts print many amounts,
/// but the numbers must agree (subtotal + tax = total, cash − change = total, total + rounding =
/// rounded total). An amount that makes the sums close is the total even when its label is unreadable.
struct TotalExtractor: Sendable {
    struct Result: Sendable {
        var candidates: [Candidate]
        var confidence: Double
        var labelled: [LabelledAmount]
    }

    func extract(_ lines: [ReceiptLine], currency: String?) -> Result {
        let labelled = labelledAmounts(lines)
        guard !labelled.isEmpty else { return Result(candidates: [], confidence: 0, labelled: []) }
        var scores: [Decimal: (score: Double, source: LabelledAmount)] = [:]
        let lineCount = max(1, lines.count)

        func consider(_ value: Decimal, _ score: Double, _ source: LabelledAmount) {
            if let existing = scores[value], existing.score >= score { return }
            scores[value] = (score, source)
        }
        /// `value` is what `printed`'s label was about (a rounding or a misread): it gets that
        /// label's score, on the same line.
        func takeOverEvidence(of printed: (score: Double, source: LabelledAmount), for value: Decimal) {
            var source = printed.source
            source.value = value
            scores[value] = (printed.score, source)
        }

        // 1. Label evidence, best occurrence per value, plus repetition.
        var occurrences: [Decimal: Int] = [:]
        for amount in labelled where amount.value > 0 {
            occurrences[amount.value, default: 0] += 1
            var score = amount.role.totalEvidence * amount.weight
            if !amount.hasFraction { score *= 0.5 }
            // Final totals sit below the items: later anchors win ties (TOTAL then ROUNDED TOTAL).
            if [.roundedTotal, .finalTotal, .total].contains(amount.role) {
                score += 0.05 * Double(amount.lineIndex) / Double(lineCount)
            }
            consider(amount.value, score, amount)
        }
        for (value, count) in occurrences where count > 1 {
            scores[value]!.score += min(0.15, 0.06 * Double(count - 1))
        }

        // 2. Arithmetic cross-checks.
        // Sums are only checked between printed money amounts; bare integers are codes as often as not.
        // "CHANGE 0.00" is kept: it says the payment was exact.
        let byRole = Dictionary(grouping: labelled.filter { ($0.value != 0 || $0.role == .change) && $0.hasFraction
                                                            && !$0.isAlternativeReading },
                                by: \.role)
        func values(_ roles: AmountRole...) -> [LabelledAmount] { roles.flatMap { byRole[$0] ?? [] } }
        var inferred: [(Decimal, String, Double, LabelledAmount)] = []

        // cash − change = total; card amount = total.
        for paid in values(.cashPayment, .cardPayment) {
            for change in values(.change) where change.value >= 0 && change.value < paid.value {
                let total = paid.value - change.value
                inferred.append((total, "paid − change", 0.3, paid))
            }
        }
        // subtotal + tax (− discount) = total.
        for sub in values(.subtotal) where sub.value > 0 {
            for tax in values(.tax) where tax.value > 0 && tax.value < sub.value {
                inferred.append((sub.value + tax.value, "subtotal + tax", 0.25, sub))
            }
            for discount in values(.discount) where discount.value != 0 {
                inferred.append((sub.value - abs(discount.value), "subtotal − discount", 0.15, sub))
            }
            inferred.append((sub.value, "subtotal", 0.0, sub))
        }
        // total ± rounding = the rounded total, printed after the rounding line. The unrounded
        // total is then superseded. The sign is often lost by OCR, so both are tried.
        var superseded = Set<Decimal>()
        // Unrounded total → the rounded total printed for it, so sums proving the first count for the second.
        var roundedTo: [Decimal: Decimal] = [:]
        for rounding in values(.rounding) where rounding.value != 0 && abs(rounding.value) < 1 {
            for total in values(.total, .finalTotal, .weakTotal, .roundedTotal) where total.lineIndex <= rounding.lineIndex {
                for rounded in [total.value + abs(rounding.value), total.value - abs(rounding.value)] {
                    let later = labelled.contains { $0.value == rounded && $0.lineIndex > rounding.lineIndex
                        && ![.change, .quantity, .rounding].contains($0.role) }
                    if later {
                        inferred.append((rounded, "total ± rounding", 0.3, total))
                        superseded.insert(total.value)
                        roundedTo[total.value] = rounded
                    }
                }
            }
        }
        // A total printed after the tax or service-charge lines supersedes one printed before them
        // ("Total 49.60 / Service charge / GST / Total 57.80").
        let totals = values(.total, .finalTotal, .roundedTotal)
        // A charge printed as 0.00 ("ROUNDING 0.00") changes nothing, so it separates nothing either.
        let taxLines = lines.filter { ($0.role == .tax || $0.role == .rounding)
            && !(!$0.amounts.isEmpty && $0.amounts.allSatisfy { $0.value == 0 }) }.map(\.index)
        for early in totals {
            for late in totals where late.lineIndex > early.lineIndex && late.value > early.value
                && late.value - early.value <= early.value * 3 / 10
                && taxLines.contains(where: { $0 > early.lineIndex && $0 < late.lineIndex }) {
                inferred.append((late.value, "total after charges", 0.15, late))
                superseded.insert(early.value)
            }
        }
        // An amount just after a rounding line, within five cents of the total and ending in 0 or 5,
        // is the rounded total even when its label or the adjustment itself is unreadable.
        for roundingLine in lines where roundingLine.role == .rounding {
            for total in totals where total.lineIndex < roundingLine.index {
                for later in labelled where !later.isAlternativeReading
                    && later.lineIndex > roundingLine.index && later.lineIndex <= roundingLine.index + 2
                    && later.value != total.value && abs(later.value - total.value) <= Self.fiveCents && later.hasFraction
                    && ![.change, .quantity, .tax, .taxTable, .discount, .rounding].contains(later.role)
                    && Self.isMultipleOfFiveCents(later.value) {
                    inferred.append((later.value, "rounded total", 0.5, later))
                    superseded.insert(total.value)
                    roundedTo[total.value] = later.value
                }
            }
        }
        // A rounding line with no adjustment left to read ("Rounding ~0.0)", "ROUNDING ADJ"), a total
        // just above it that is not a multiple of five cents, and no rounded amount printed after:
        // the till rounded to the nearest five cents and OCR lost how much.
        let roundedAmountRoles: Set<AmountRole> = [.change, .quantity, .tax, .taxTable, .discount, .rounding]
        // A card pays the exact amount: an unrounded total paid by card is right as printed.
        let cardPaid = Set(values(.cardPayment).map(\.value))
        var unreadRoundings: [(total: Decimal, rounded: Decimal)] = []
        for roundingLine in lines where roundingLine.role == .rounding
            && roundingLine.amounts.allSatisfy({ $0.value == 0 }) {
            let roundedLater = labelled.contains { $0.lineIndex > roundingLine.index && $0.hasFraction && $0.value > 0
                && Self.isMultipleOfFiveCents($0.value) && !roundedAmountRoles.contains($0.role) }
            guard !roundedLater else { continue }
            for total in totals where total.lineIndex < roundingLine.index && total.lineIndex >= roundingLine.index - 3
                && total.hasFraction && !Self.isMultipleOfFiveCents(total.value) && !cardPaid.contains(total.value) {
                let rounded = Self.nearestFiveCents(total.value)
                unreadRoundings.append((total.value, rounded))
                superseded.insert(total.value)
                roundedTo[total.value] = rounded
            }
        }
        // Every total label lost its amount ("TOTAL m~ TA Tp wal 55"): the subtotal plus every charge
        // printed after it, up to the payment, is the total, when one of them is a tax not included.
        if totals.isEmpty {
            let stops: Set<AmountRole> = [.cashPayment, .cardPayment, .change]
            for sub in values(.subtotal) where sub.value > 0 {
                let end = labelled.first { $0.lineIndex > sub.lineIndex && stops.contains($0.role) }?.lineIndex ?? lines.count
                var perLine: [Int: LabelledAmount] = [:]
                for charge in values(.tax, .rounding, .discount) where charge.lineIndex > sub.lineIndex
                    && charge.lineIndex < end && charge.value != 0 && abs(charge.value) < sub.value {
                    // One amount per line: the right-most (a tax line's rate column is not added).
                    if let kept = perLine[charge.lineIndex], kept.isRightmostOfSeveral || !charge.isRightmostOfSeveral { continue }
                    perLine[charge.lineIndex] = charge
                }
                let charges = perLine.values
                guard charges.contains(where: { $0.role == .tax && $0.value > 0
                    && !lines[$0.lineIndex].match.contains(any: Keywords.taxIncluded) }) else { continue }
                inferred.append((ReceiptSums.subtotal(sub.value, plus: charges), "subtotal + charges", 0.4, sub))
                superseded.insert(sub.value)
            }
        }
        // Two totals printed five cents apart at most, one of them the other rounded to five cents:
        // the till's cash rounding, printed without a rounding line. The rounded one is what was due.
        for unrounded in totals where !Self.isMultipleOfFiveCents(unrounded.value) && !cardPaid.contains(unrounded.value) {
            let rounded = Self.nearestFiveCents(unrounded.value)
            guard totals.contains(where: { $0.value == rounded && $0.lineIndex != unrounded.lineIndex }) else { continue }
            superseded.insert(unrounded.value)
            roundedTo[unrounded.value] = rounded
        }
        let changeGiven = values(.change).contains { $0.value > 0 }
        for (value, why, bonus, source) in inferred where value > 0 && bonus > 0 {
            if scores[value] != nil {
                scores[value]!.score += bonus
            } else {
                // Never printed legibly, but the receipt's sums imply it. Change actually handed back
                // proves the subtraction, so that inference is trusted more.
                let implied = LabelledAmount(value: value, role: source.role, hasFraction: true,
                                             lineIndex: source.lineIndex, line: source.line, weight: 1)
                consider(value, why == "paid − change" && changeGiven ? 0.45 : 0.2 + bonus * 0.5, implied)
            }
        }

        // The rounded amount is what the total's label was about: it takes over the label's evidence.
        for (total, rounded) in unreadRoundings {
            guard let entry = scores[total], (scores[rounded]?.score ?? -1) < entry.score else { continue }
            takeOverEvidence(of: entry, for: rounded)
        }
        for value in superseded where scores[value] != nil { scores[value]!.score *= 0.65 }

        // "ROUNDING 0.00" between a total and a rounded total: the two must be equal, so a rounded
        // total that differs is the misread one when the total is printed more than once.
        for rounding in labelled where rounding.role == .rounding && rounding.value == 0 && rounding.hasFraction {
            for before in values(.total, .finalTotal, .weakTotal) where before.lineIndex < rounding.lineIndex {
                for after in values(.roundedTotal) where after.lineIndex > rounding.lineIndex
                    && after.value != before.value && (occurrences[before.value] ?? 0) > 1 {
                    scores[after.value]?.score *= 0.6
                }
            }
        }
        let paidMinusChange = inferred.filter { $0.1 == "paid − change" }.map(\.0)

        // A total is never below the tax on it (tax amounts as large as half the receipt are misreads).
        let largestAmount = labelled.filter { $0.hasFraction && !$0.isAlternativeReading }.map(\.value).max() ?? 0
        let maxTax = values(.tax).map(\.value).filter { $0 > 0 && $0 * 2 < largestAmount }.max() ?? 0
        for (value, _) in scores where value <= maxTax { scores[value]!.score *= 0.5 }
        // With change given, the total is what was paid minus the change; far below it is a misread.
        // Cash handed over with change given back is more than the total.
        if changeGiven {
            for cash in values(.cashPayment) where scores[cash.value]?.source.role == .cashPayment
                && !paidMinusChange.contains(cash.value) {
                scores[cash.value]!.score *= 0.5
            }
        }
        if !paidMinusChange.isEmpty {
            for (value, _) in scores where paidMinusChange.allSatisfy({ value * 2 < $0 }) { scores[value]!.score *= 0.6 }
            // Change actually handed back fixes the total; anything else is doubtful.
            if changeGiven {
                for (value, _) in scores where !paidMinusChange.contains(value) { scores[value]!.score *= 0.8 }
            }
        }

        // 3. Paid amounts are at least the total: a candidate above every payment is doubtful.
        let paidValues = values(.cashPayment, .cardPayment).map(\.value).filter { $0 > 0 }
        // With change handed back, the payment line really is what was handed over, so even a
        // labelled total above it is a misread.
        if let maxPaid = paidValues.max() {
            for (value, entry) in scores where value > maxPaid {
                if changeGiven { scores[value]!.score *= 0.4 }
                else if ![.finalTotal, .roundedTotal].contains(entry.source.role) { scores[value]!.score *= 0.6 }
            }
        }
        // 4. Closed sums, last so no label rule can undo them: independent evidence for a printed
        // amount, one bonus per kind of equation (the same equation found through two readings of
        // a line is one witness, not two).
        let witnesses = closedSums(labelled, lines: lines, roundedTo: roundedTo)
        // A sum correcting a misread total takes over the total's label evidence; the misread keeps half.
        let corrections = witnesses.filter { $0.kind == .correctsMisread }
        for correction in corrections where scores[correction.value] == nil {
            guard let replaced = correction.replaces.flatMap({ scores[$0] }) else { continue }
            takeOverEvidence(of: replaced, for: correction.value)
        }
        for misread in Set(corrections.compactMap(\.replaces)) where scores[misread] != nil {
            scores[misread]!.score *= 0.5
        }
        var witnessWeight: [Decimal: [ReceiptSums.Witness.Kind: Double]] = [:]
        for witness in witnesses {
            witnessWeight[witness.value, default: [:]][witness.kind] = max(witnessWeight[witness.value]?[witness.kind] ?? 0,
                                                                           witness.weight)
        }
        for (value, kinds) in witnessWeight where scores[value] != nil {
            scores[value]!.score += Self.closedSumBonus * kinds.values.reduce(0, +)
        }
        // Change handed back that closes on a printed amount fixes the total: a labelled total it
        // contradicts is a misread ("TotalAmtRounded 45.90" beside "Payment 50.00 / Change 34.10 / 15.90").
        let closedPaidMinusChange = Set(witnesses.filter { $0.kind == .paidMinusChange }.map(\.value))
        if !closedPaidMinusChange.isEmpty {
            for (value, _) in scores where !closedPaidMinusChange.contains(value) { scores[value]!.score *= 0.5 }
        }
        // 5. The largest money amount not tendered is often the total.
        let nonTendered = labelled.filter { $0.hasFraction && !$0.isAlternativeReading
            && ![.cashPayment, .change, .quantity].contains($0.role)
            && !(changeGiven && $0.value > (paidValues.max() ?? $0.value)) }
        if let largest = nonTendered.map(\.value).max(), scores[largest] != nil {
            scores[largest]!.score += 0.08
        }

        // Only zero amounts were labelled ("Bill 0"): nothing to rank.
        guard !scores.isEmpty else { return Result(candidates: [], confidence: 0, labelled: labelled) }
        let ranked = scores.sorted { $0.value.score != $1.value.score ? $0.value.score > $1.value.score : $0.key > $1.key }
        let top = ranked.prefix(5).map { entry in
            Candidate(value: Self.canonical(entry.key, currency: currency),
                      score: min(1, entry.value.score), line: entry.value.source.line,
                      lineIndex: entry.value.source.lineIndex)
        }
        let best = ranked.first!.value.score
        let second = ranked.count > 1 ? ranked[1].value.score : 0
        var confidence = Confidence.fromScores(best: best, second: second, strong: 1.0)
        // The receipt's sums are the best judge of a misread: agreeing arithmetic confirms the pick,
        // change handed back that does not fit it contradicts it.
        let chosen = ranked.first!.key
        let confirmed = inferred.contains { $0.0 == chosen && $0.2 > 0 }
        let tolerance = Decimal(string: "0.05")!
        let contradicted = changeGiven && !paidMinusChange.isEmpty
            && !paidMinusChange.contains { abs($0 - chosen) <= tolerance }
        if confirmed && !contradicted { confidence = max(confidence, 0.8) }
        if contradicted { confidence = min(confidence, 0.4) }
        if !confirmed, ranked.first!.value.source.role.totalEvidence < 0.8 { confidence = min(confidence, 0.45) }
        return Result(candidates: Array(top), confidence: confidence, labelled: labelled)
    }

    /// The receipt's closed sums, each moved from an unrounded total to the rounded total printed
    /// for it (after a rounding line, within five cents): the sum proves the amount before rounding.
    func closedSums(_ labelled: [LabelledAmount], lines: [ReceiptLine], roundedTo: [Decimal: Decimal]) -> [ReceiptSums.Witness] {
        let roundingLines = lines.filter { $0.role == .rounding }.map(\.index)
        let roundedCandidates = labelled.filter { !$0.isAlternativeReading && $0.hasFraction
            && [.total, .finalTotal, .roundedTotal, .cashPayment, .cardPayment].contains($0.role)
            && Self.isMultipleOfFiveCents($0.value) }
            .filter { amount in roundingLines.contains { $0 < amount.lineIndex } }
        return ReceiptSums.witnesses(labelled).map { witness in
            var moved = witness
            guard witness.kind != .correctsMisread else { return witness }
            if let rounded = roundedTo[witness.value] {
                moved.value = rounded
            } else if !Self.isMultipleOfFiveCents(witness.value),
                      let rounded = roundedCandidates.first(where: { abs($0.value - witness.value) <= Self.fiveCents }) {
                moved.value = rounded.value
            }
            return moved
        }
    }

    /// Cash rounding steps are at most five cents.
    static let fiveCents = Decimal(string: "0.05")!

    /// What one closed sum landing on an amount adds to its score: about a plain TOTAL label's
    /// worth, so two independent sums outweigh a label read on one line.
    static let closedSumBonus = 0.3

    static func nearestFiveCents(_ value: Decimal) -> Decimal {
        var twentieths = value * 20
        var rounded = Decimal()
        NSDecimalRound(&rounded, &twentieths, 0, .plain)
        return rounded / 20
    }

    static func isMultipleOfFiveCents(_ value: Decimal) -> Bool {
        var cents = value * 100
        var rounded = Decimal()
        NSDecimalRound(&rounded, &cents, 0, .plain)
        guard rounded == cents else { return false }
        let integer = NSDecimalNumber(decimal: rounded).intValue
        return integer % 5 == 0
    }

    /// Canonical text in the currency's minor digits, unless that would round away printed cents
    /// (a misdetected currency must never change an amount).
    static func canonical(_ value: Decimal, currency: String?) -> String {
        let inCurrency = MoneyFormat.canonical(value, currency: currency)
        return MoneyFormat.parse(inCurrency) == value ? inCurrency : MoneyFormat.canonical(value)
    }
}
