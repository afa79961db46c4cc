import Foundation

/// The receipt's own arithmetic, checked where an equation's result lands on another printed amount.
///
/// Why only there: one misread digit on a labelled line looks exactly like a right one, but three
/// amounts printed on three different lines agreeing to the cent (50.00 − 34.10 = 15.90, with 15.90
/// printed elsewhere) are rarely chance. Such a closed sum is independent evidence for its result,
/// worth more than any single label, and it stays silent when OCR broke one of its terms.
enum ReceiptSums {
    /// One closed equation and the printed amount it lands on.
    struct Witness: Sendable, Hashable {
        enum Kind: String, Sendable {
            case paidMinusChange, paidInFull, subtotalPlusCharges, taxTableRow, roundedFromTotal
            /// The equation lands one digit away from a printed total that OCR was less sure of than
            /// of every term: the total is the misread, the sum is the amount.
            case correctsMisread
        }
        var value: Decimal
        var kind: Kind
        /// Lines of the equation's terms (not of the result).
        var termLines: Set<Int>
        /// How much of the evidence this equation is: a subtotal plus only some of the charges printed
        /// before the result (295.00 + service 29.50, leaving out the GST) is the tax base, not the total.
        var weight: Double = 1
        /// For `correctsMisread`: the printed amount taken for a misreading of `value`.
        var replaces: Decimal? = nil
    }

    /// At most this many charges (discount, service charge, tax, rounding) join a subtotal: real
    /// receipts rarely print more, and every extra term makes a chance match likelier.
    static let maxCharges = 4

    static func witnesses(_ labelled: [LabelledAmount]) -> [Witness] {
        let money = labelled.filter { $0.hasFraction && !$0.isAlternativeReading }
        // Where each printed value sits, by line; a result must be printed off its own terms' lines.
        var linesOf: [Decimal: [LabelledAmount]] = [:]
        for amount in money where amount.value > 0 && ![.quantity, .change, .rounding].contains(amount.role) {
            linesOf[amount.value, default: []].append(amount)
        }
        func printedResult(_ value: Decimal, apartFrom terms: Set<Int>, after line: Int = -1) -> Bool {
            (linesOf[value] ?? []).contains { !terms.contains($0.lineIndex) && $0.lineIndex > line }
        }
        var found: [Witness] = []
        func add(_ value: Decimal, _ kind: Witness.Kind, _ terms: Set<Int>, weight: Double = 1) {
            guard value > 0 else { return }
            found.append(Witness(value: value, kind: kind, termLines: terms, weight: weight))
        }
        // Printed totals and payments an unprinted result may be a misreading of.
        let resultRoles: Set<AmountRole> = [.total, .finalTotal, .roundedTotal, .weakTotal, .cashPayment, .cardPayment]
        let printedResults = money.filter { resultRoles.contains($0.role) && $0.value > 0 }
        /// A closed sum whose result is not printed, but one digit away from a printed total read
        /// with less confidence than every term ("Total 112.46" at 79 beside 106.10 + 6.37 − 0.02
        /// read at 81 and above). Only when every confidence is known: plain text never qualifies.
        /// `wholeUnitsOnly`: the digit must differ before the decimal point, for equations (tax-table
        /// rows) whose cents legitimately differ from the total (rounding, several rates).
        func addCorrection(_ value: Decimal, terms: [LabelledAmount], wholeUnitsOnly: Bool = false,
                           accepts: (LabelledAmount) -> Bool) {
            let confidences = terms.compactMap(\.readingConfidence)
            guard value > 0, !printedResult(value, apartFrom: []), confidences.count == terms.count,
                  let weakestTerm = confidences.min() else { return }
            let termLines = Set(terms.map(\.lineIndex))
            for printed in printedResults where !termLines.contains(printed.lineIndex) && accepts(printed) {
                guard let confidence = printed.readingConfidence, confidence < weakestTerm,
                      let position = differingDigit(printed.value, value) else { continue }
                let digitCount = ReceiptLine.digits(of: value).count
                if wholeUnitsOnly && position >= digitCount - 2 { continue }
                // Cash rounding explains a printed multiple of five cents close to the sum.
                if abs(printed.value - value) <= TotalExtractor.fiveCents
                    && TotalExtractor.isMultipleOfFiveCents(printed.value) { continue }
                found.append(Witness(value: value, kind: .correctsMisread, termLines: termLines, replaces: printed.value))
            }
        }

        // Paid − change, change actually handed back.
        let payments = money.filter { [.cashPayment, .cardPayment].contains($0.role) && $0.value > 0 }
        let changes = money.filter { $0.role == .change && $0.value > 0 }
        for paid in payments {
            for change in changes where change.value < paid.value && change.lineIndex != paid.lineIndex {
                let value = paid.value - change.value
                let terms: Set = [paid.lineIndex, change.lineIndex]
                if printedResult(value, apartFrom: terms) { add(value, .paidMinusChange, terms) }
                addCorrection(value, terms: [paid, change]) { $0.role != .cashPayment && $0.role != .cardPayment }
            }
        }

        // Paid in full: a card payment, or cash with "CHANGE 0.00", equal to a total printed elsewhere.
        let exactChange = money.contains { $0.role == .change && $0.value == 0 }
        let totalRoles: [AmountRole] = [.total, .finalTotal, .roundedTotal, .weakTotal]
        for paid in payments where paid.role == .cardPayment || exactChange {
            if (linesOf[paid.value] ?? []).contains(where: { $0.lineIndex != paid.lineIndex && totalRoles.contains($0.role) }) {
                add(paid.value, .paidInFull, [paid.lineIndex], weight: 0.7)
            } else if paid.role == .cashPayment {
                // "CASH 599.45 / CHANGE 0.00" says the total was 599.45 even where no total line agrees.
                add(paid.value, .paidInFull, [paid.lineIndex], weight: 0.4)
            }
        }

        // Subtotal + charges (tax, service charge, rounding, discount), printed after the subtotal.
        let charges = money.filter { [.tax, .rounding, .discount].contains($0.role) && $0.value != 0 }
        for subtotal in money where subtotal.role == .subtotal && subtotal.value > 0 {
            let usable = charges.filter { $0.lineIndex != subtotal.lineIndex && abs($0.value) < subtotal.value }
            for combination in combinations(of: usable.count, upTo: maxCharges) {
                let terms = combination.map { usable[$0] }
                // One charge per line: a line's amounts are alternatives, not addends.
                guard Set(terms.map(\.lineIndex)).count == terms.count else { continue }
                let value = Self.subtotal(subtotal.value, plus: terms)
                let lines = Set(terms.map(\.lineIndex)).union([subtotal.lineIndex])
                // Complete when every charge line printed between subtotal and result is a term.
                func complete(upTo resultLine: Int) -> Bool {
                    Set(usable.map(\.lineIndex).filter { $0 > subtotal.lineIndex && $0 < resultLine }).isSubset(of: lines)
                }
                addCorrection(value, terms: [subtotal] + terms) { printed in
                    printed.lineIndex > subtotal.lineIndex && complete(upTo: printed.lineIndex)
                }
                for result in linesOf[value] ?? [] where !lines.contains(result.lineIndex)
                    && result.lineIndex > subtotal.lineIndex {
                    add(value, .subtotalPlusCharges, lines, weight: complete(upTo: result.lineIndex) ? 1 : 0.4)
                }
            }
        }

        // A tax breakdown row "SR 6% 15.00 0.90": base + tax.
        let rows = Dictionary(grouping: money.filter { $0.role == .taxTable }, by: \.lineIndex)
        for (line, amounts) in rows where amounts.count >= 2 {
            let sorted = amounts.sorted { $0.value > $1.value }
            let base = sorted[0].value, tax = sorted[sorted.count - 1].value
            guard tax > 0, tax * 4 < base else { continue }
            if printedResult(base + tax, apartFrom: [line]) { add(base + tax, .taxTableRow, [line]) }
            addCorrection(base + tax, terms: [sorted[0], sorted[sorted.count - 1]], wholeUnitsOnly: true) { _ in true }
        }

        // Total + rounding adjustment = rounded total, printed after the adjustment.
        let totals = money.filter { [.total, .finalTotal, .weakTotal].contains($0.role) }
        for rounding in money where rounding.role == .rounding && rounding.value != 0 && abs(rounding.value) < 1 {
            for total in totals where total.lineIndex < rounding.lineIndex {
                let value = total.value + rounding.value
                let terms: Set = [total.lineIndex, rounding.lineIndex]
                if value != total.value, printedResult(value, apartFrom: terms, after: rounding.lineIndex) {
                    add(value, .roundedFromTotal, terms)
                }
            }
        }
        // A printed amount that closes a sum of its own is no misread.
        let closed = Set(found.filter { $0.kind != .correctsMisread }.map(\.value))
        return found.filter { $0.kind != .correctsMisread || !closed.contains($0.replaces ?? -1) }
    }

    /// A subtotal with its charges applied. Discounts lower the sum whatever sign OCR kept; a
    /// rounding keeps its sign.
    static func subtotal(_ subtotal: Decimal, plus charges: some Sequence<LabelledAmount>) -> Decimal {
        charges.reduce(subtotal) { sum, charge in sum + (charge.role == .discount ? -abs(charge.value) : charge.value) }
    }

    /// Where two amounts differ when they have the same number of digits and exactly one of them
    /// differs ("114.90" for "174.90" → 1); nil otherwise.
    static func differingDigit(_ a: Decimal, _ b: Decimal) -> Int? {
        let x = Array(ReceiptLine.digits(of: a)), y = Array(ReceiptLine.digits(of: b))
        guard x.count == y.count else { return nil }
        let positions = x.indices.filter { x[$0] != y[$0] }
        return positions.count == 1 ? positions[0] : nil
    }

    /// Index sets of size 1...maxSize from 0..<count, small first.
    static func combinations(of count: Int, upTo maxSize: Int) -> [[Int]] {
        var result: [[Int]] = []
        func extend(_ current: [Int], from start: Int) {
            if !current.isEmpty { result.append(current) }
            guard current.count < maxSize else { return }
            for next in start..<count { extend(current + [next], from: next + 1) }
        }
        extend([], from: 0)
        return result
    }
}
