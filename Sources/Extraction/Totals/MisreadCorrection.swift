import Foundation

extension ClosedSums {
    /// A closed sum whose result is not printed, but one digit away from a printed total read
    /// with less confidence than every term: the total is the misread, the sum is the amount.
    /// Only when every confidence is known: plain text never qualifies. `wholeUnitsOnly`: the
    /// digit must differ before the decimal point, for equations (tax-table rows) whose cents
    /// legitimately differ from the total (rounding, several rates).
    mutating func addCorrection(_ value: Decimal, terms: [LabelledAmount], wholeUnitsOnly: Bool = false,
                                accepts: (LabelledAmount) -> Bool) {
        let confidences = terms.compactMap(\.readingConfidence)
        guard value > 0, (linesOf[value] ?? []).isEmpty, confidences.count == terms.count,
              let weakestTerm = confidences.min() else { return }
        let termLines = Set(terms.map(\.lineIndex))
        for printed in printedResults where !termLines.contains(printed.lineIndex) && accepts(printed) {
            guard let confidence = printed.readingConfidence, confidence < weakestTerm,
                  let position = Self.differingDigit(printed.value, value) else { continue }
            let digitCount = ReceiptLine.digits(of: value).count
            if wholeUnitsOnly && position >= digitCount - 2 { continue }
            // Cash rounding explains a printed multiple of five cents close to the sum.
            if CashRounding.couldRound(value, to: printed.value) { continue }
            found.append(Witness(value: value, kind: .correctsMisread, termLines: termLines, replaces: printed.value))
        }
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
