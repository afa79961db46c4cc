import Foundation

extension ClosedSums {
    /// A closed sum whose result is not printed, but one digit away from a printed total read
    /// with less confidence than every term: the total is the misread, the sum is the amount.
    /// Only when every confidence is known: plain text never qualifies. `wholeUnitsOnly`: the
    /// digit must differ before the decimal point, for equations (tax-table rows) whose cents
    /// legitimately differ from the total (rounding, several rates).
    ///
    /// A printed total the receipt itself rules out needs no confidence comparison (Tesseract
    /// can be sure of a wrong glyph): see `ruledOut`.
    ///
    /// `checkedTerms`: terms that check each other (a tax row whose tax is its base at its rate)
    /// rule out a printed total one digit from their result, however sure OCR was of it, unless
    /// it is read alike on two lines.
    mutating func addCorrection(_ value: Decimal, terms: [LabelledAmount], wholeUnitsOnly: Bool = false,
                                checkedTerms: Bool = false, accepts: (LabelledAmount) -> Bool) {
        let confidences = terms.compactMap(\.readingConfidence)
        let termLines = Set(terms.map(\.lineIndex))
        // Printed on a line of its own, the sum closes instead (the cash of "CASH 18.00 / CHANGE
        // 0.00" is printed on its own line, a term).
        guard value > 0, linesPrinting(value, apartFrom: termLines).isEmpty, confidences.count == terms.count,
              let weakestTerm = confidences.min() else { return }
        for printed in printedResults where !termLines.contains(printed.lineIndex) && accepts(printed) {
            guard let confidence = printed.readingConfidence else { continue }
            let ruledOut = checkedTerms ? .checkedTerms : ruledOut(printed, by: value, terms: terms)
            // Exact cash against a total one glyph apart, both as long: either may be the
            // misread ("TOTAL 332.30" read surely, "CASH 332.40" not), so OCR's confidence decides.
            let oneGlyphApart = Self.differingDigit(printed.value, value)
            let eitherMisread = ruledOut == .notTheExactCash && oneGlyphApart != nil
            guard confidence < weakestTerm || (ruledOut != nil && !eitherMisread) else { continue }
            // Read alike on two lines of its own ("250.00" for the item and the total): two
            // readings agree, unless the receipt's own sums rule the amount out.
            if ruledOut == nil || ruledOut == .checkedTerms, linesPrinting(printed.value, apartFrom: termLines).count >= 2 { continue }
            guard let position = oneGlyphApart
                    ?? ([.belowSubtotal, .notTheExactCash].contains(ruledOut) ? Self.droppedLeadingDigits(printed.value, value) : nil)
                    ?? (ruledOut == .aboveCashWithChange ? Self.addedLeadingDigits(printed.value, value) : nil) else { continue }
            let digitCount = ReceiptLine.digits(of: value).count
            if wholeUnitsOnly && position >= digitCount - 2 { continue }
            // Cash rounding explains a printed multiple of five cents close to the sum.
            if CashRounding.couldRound(value, to: printed.value) { continue }
            found.append(Witness(value: value, kind: .correctsMisread, termLines: termLines, replaces: printed.value,
                                 checkedTerms: checkedTerms))
        }
    }

    /// Why a printed total cannot be what the receipt says it is.
    enum RuledOut {
        /// The sum applies a cash rounding, so the amount due is a multiple of five cents; the
        /// printed total is not ("ROUNDING -0.02 / TOTAL 112.46" for 112.45).
        case notCashRounded
        /// A total below a subtotal printed above it, with nothing taken off on the receipt:
        /// OCR dropped its leading digits ("TOTAL 2.70" under "SUBTOTAL 31.03", for 32.70).
        case belowSubtotal
        /// A total above the cash handed over, when change came back: OCR added a leading digit
        /// (a currency sign read as one: "TOTAL 835.00" over "CASH 55.00 / CHANGE 20.00").
        case aboveCashWithChange
        /// Cash handed over with "CHANGE 0.00": the total is the cash, to the cent ("TOTAL 8.00 /
        /// CASH 18.00 / CHANGE 0.00" lost the total's leading digit).
        case notTheExactCash
        /// The terms check each other (see `addCorrection`'s `checkedTerms`).
        case checkedTerms
    }

    func ruledOut(_ printed: LabelledAmount, by value: Decimal, terms: [LabelledAmount]) -> RuledOut? {
        if terms.contains(where: { $0.role == .rounding && $0.value != 0 }),
           CashRounding.isRounded(value), !CashRounding.isRounded(printed.value) {
            return .notCashRounded
        }
        if !takesOff, money.contains(where: { $0.role == .subtotal && $0.lineIndex < printed.lineIndex && $0.value > printed.value }),
           value > printed.value {
            return .belowSubtotal
        }
        if terms.contains(where: { $0.role == .change && $0.value == 0 }),
           let cash = terms.first(where: { $0.role == .cashPayment }), printed.value != cash.value {
            return .notTheExactCash
        }
        if terms.contains(where: { $0.role == .change && $0.value != 0 }),
           let cash = terms.first(where: { $0.role == .cashPayment }), printed.value > cash.value {
            return .aboveCashWithChange
        }
        return nil
    }

    /// Where a shorter reading starts inside the amount whose trailing digits it is ("2.70" of
    /// "32.70" → 1); nil unless `shorter` lost leading digits and nothing else.
    static func droppedLeadingDigits(_ shorter: Decimal, _ longer: Decimal) -> Int? {
        let x = ReceiptLine.digits(of: shorter), y = ReceiptLine.digits(of: longer)
        guard x.count >= 3, x.count < y.count, y.hasSuffix(x) else { return nil }
        return y.count - x.count
    }

    /// Where a longer reading's own digits end, when it is the amount with one or two digits
    /// put before it ("835.00" of "35.00" → 0); nil otherwise.
    static func addedLeadingDigits(_ longer: Decimal, _ shorter: Decimal) -> Int? {
        let x = ReceiptLine.digits(of: longer), y = ReceiptLine.digits(of: shorter)
        guard y.count >= 3, x.count > y.count, x.count <= y.count + 2, x.hasSuffix(y) else { return nil }
        return 0
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
