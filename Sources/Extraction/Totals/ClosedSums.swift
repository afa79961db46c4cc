import Foundation

/// The receipt's own arithmetic, checked where an equation's result lands on another printed amount.
///
/// Why only there: one misread digit on a labelled line looks exactly like a right one, but three
/// amounts printed on three different lines agreeing to the cent (50.00 − 34.10 = 15.90, with 15.90
/// printed elsewhere) are rarely chance. Such a closed sum is independent evidence for its result,
/// worth more than any single label, and it stays silent when OCR broke one of its terms.
struct ClosedSums {
    /// One closed equation and the printed amount it lands on.
    struct Witness: Sendable, Hashable {
        enum Kind: String, Sendable {
            case paidMinusChange, paidInFull, subtotalPlusCharges, taxTableRow
            /// Paid − change read off three bare amounts in a row whose labels OCR lost
            /// (`tenderedLessChange`): credited on its own, there being no labelled inference.
            case tenderedLessChange
            /// A tax breakdown row's base at its printed rate ("SR @ 6% 28.39" → 30.09) within
            /// cents of a printed total: per-item rounding leaves a cent or two either way.
            case taxRateRow
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
        /// For `correctsMisread`: terms that check each other (see `addCorrection`).
        var checkedTerms = false
    }

    /// At most this many charges (discount, service charge, tax, rounding) join a subtotal: real
    /// receipts rarely print more, and every extra term makes a chance match likelier.
    static let maxCharges = 4
    /// A paid-in-full equation is weaker than a subtraction: the amount is the same on both lines.
    static let paidInFullWeight = 0.7
    /// Cash with "CHANGE 0.00" and no total line agreeing: the payment alone says so.
    static let exactCashWeight = 0.4
    /// A subtotal plus only some of the charges printed before the result.
    static let partialSumWeight = 0.4
    /// A base at its rate lands only near the total: it backs a total, it does not pick the cent.
    static let taxRateWeight = 0.5
    /// How far a base at its rate may land from the total it backs (per-item tax rounding).
    static let taxRateTolerance = Decimal(string: "0.02")!

    /// Decimal amounts as printed.
    let money: [LabelledAmount]
    /// Where each printed value sits; a result must be printed off its own terms' lines.
    let linesOf: [Decimal: [LabelledAmount]]
    /// Printed totals and payments an unprinted result may be a misreading of.
    let printedResults: [LabelledAmount]
    /// A discount, deposit return or voucher is printed: a total may then lie below the subtotal.
    let takesOff: Bool
    var found: [Witness] = []

    /// `closedElsewhere`: amounts closed by sums outside these (a total ± its rounding line).
    static func witnesses(_ labelled: [LabelledAmount], closedElsewhere: Set<Decimal> = []) -> [Witness] {
        var sums = ClosedSums(labelled)
        sums.paidMinusChange()
        sums.tenderedLessChange()
        sums.paidInFull()
        sums.subtotalPlusCharges()
        sums.taxTableRows()
        sums.checkedTaxRows()
        sums.taxRateRows()
        // A printed amount that closes a sum of its own is no misread; nor is one whose tax share
        // the receipt prints, where the correction's would not be.
        let closed = Set(sums.found.filter { $0.kind != .correctsMisread }.map(\.value)).union(closedElsewhere)
        let shares = sums.taxShares
        return sums.found.filter { witness in
            guard witness.kind == .correctsMisread, let replaced = witness.replaces else { return true }
            if closed.contains(replaced) { return false }
            return !shares.contains { $0.backs(replaced) && !$0.backs(witness.value) }
        }
    }

    /// A tax amount printed with its rate ("GST @6% 0.39", "MwSt 19% 1,10"): whether the tax is
    /// included in the prices or added to a subtotal, it is the total's share at that rate,
    /// total × rate / (100 + rate), to the cent. Independent of the payment lines, it tells a
    /// total read alike twice (6.90) from the cash read once a digit away (8.90) that "CHANGE
    /// 0.00" would otherwise make the amount due. It narrows the total to a few cents either way
    /// (±9 cents at 6%, ±6 at 19%), so it settles whole units, never the cents.
    struct TaxShare: Sendable {
        var rate: Decimal
        var tax: Decimal
        /// Tax summed item by item may differ by a cent from the total's share.
        static let tolerance = Decimal(string: "0.01")!

        func backs(_ total: Decimal) -> Bool {
            abs(ClosedSums.share(of: total, at: rate) - tax) <= Self.tolerance
        }
    }

    /// Every tax line (or tax-table row) printing a rate and, right-most, an amount below the
    /// line's others: the rate's tax. A net line that prints the tax beside it ("MwSt 19% Netto
    /// 14,96 MwSt 2,84") is one too.
    var taxShares: [TaxShare] {
        let rows = money.filter { amount in
            amount.value > 0 && ([.tax, .taxTable].contains(amount.role)
                || (amount.role == .subtotal && ReceiptLine.namesTax(MatchableLine(amount.line))))
        }
        return Dictionary(grouping: rows, by: \.lineIndex)
            .compactMap { _, amounts in
                guard let rate = amounts.first.flatMap({ Self.taxRate(in: $0.line) }),
                      amounts.first?.role != .subtotal || amounts.count >= 2,
                      let tax = amounts.min(by: { $0.value < $1.value }) else { return nil }
                return TaxShare(rate: rate, tax: tax.value)
            }
    }

    private init(_ labelled: [LabelledAmount]) {
        money = labelled.filter { $0.hasFraction && !$0.isAlternativeReading }
        var linesOf: [Decimal: [LabelledAmount]] = [:]
        for amount in money where amount.value > 0 && ![.quantity, .change, .rounding].contains(amount.role) {
            linesOf[amount.value, default: []].append(amount)
        }
        self.linesOf = linesOf
        let resultRoles: Set<AmountRole> = [.total, .finalTotal, .roundedTotal, .weakTotal, .cashPayment, .cardPayment]
        printedResults = money.filter { resultRoles.contains($0.role) && $0.value > 0 }
        takesOff = labelled.contains { [.discount, .deposit].contains($0.role) && $0.value != 0 }
    }

    private func printedResult(_ value: Decimal, apartFrom terms: Set<Int>) -> Bool {
        !linesPrinting(value, apartFrom: terms).isEmpty
    }

    /// Lines other than `terms` that print `value`.
    func linesPrinting(_ value: Decimal, apartFrom terms: Set<Int>) -> Set<Int> {
        Set((linesOf[value] ?? []).map(\.lineIndex)).subtracting(terms)
    }

    private mutating func add(_ value: Decimal, _ kind: Witness.Kind, _ terms: Set<Int>, weight: Double = 1) {
        guard value > 0 else { return }
        found.append(Witness(value: value, kind: kind, termLines: terms, weight: weight))
    }

    /// Paid − change, change actually handed back.
    private mutating func paidMinusChange() {
        for (paid, change, value) in ReceiptArithmetic.paymentsLessChange(money)
            where change.value > 0 && change.lineIndex != paid.lineIndex {
            let terms: Set = [paid.lineIndex, change.lineIndex]
            if printedResult(value, apartFrom: terms) { add(value, .paidMinusChange, terms) }
            addCorrection(value, terms: [paid, change]) { $0.role != .cashPayment && $0.role != .cardPayment }
        }
    }

    /// The payment block as tills print it, total, amount tendered, change, on three lines in a
    /// row, with every label lost to OCR (a lamp's glare left "F : 362.50 / C2 : 400.00 / Cha :
    /// 37.50"): the second less the third is the first, to the cent. Only where the tendered
    /// amount is the receipt's largest and the first is the largest printed down to it, as a
    /// total and the cash handed over are; three item prices rarely are both.
    private mutating func tenderedLessChange() {
        let bare = money.filter { $0.value > 0 }
        let rows = Dictionary(grouping: bare, by: \.lineIndex).sorted { $0.key < $1.key }
            .compactMap { $0.value.max { $0.value < $1.value } }
        guard let largest = bare.map(\.value).max() else { return }
        for k in rows.indices.dropFirst(2) {
            let (total, tendered, change) = (rows[k - 2], rows[k - 1], rows[k])
            guard [total, tendered, change].allSatisfy({ $0.role == .unlabelled }),
                  tendered.lineIndex - total.lineIndex <= 2, change.lineIndex - tendered.lineIndex <= 2,
                  tendered.value == largest, tendered.value - change.value == total.value,
                  !bare.contains(where: { $0.lineIndex < total.lineIndex && $0.value > total.value }) else { continue }
            add(total.value, .tenderedLessChange, [tendered.lineIndex, change.lineIndex])
        }
    }

    /// Paid in full: a card payment, or cash with "CHANGE 0.00", equal to a total printed elsewhere.
    private mutating func paidInFull() {
        let exactChange = money.contains { $0.role == .change && $0.value == 0 }
        let totalRoles: [AmountRole] = [.total, .finalTotal, .roundedTotal, .weakTotal]
        for paid in money where [.cashPayment, .cardPayment].contains(paid.role) && paid.value > 0
            && (paid.role == .cardPayment || exactChange) {
            if (linesOf[paid.value] ?? []).contains(where: { $0.lineIndex != paid.lineIndex && totalRoles.contains($0.role) }) {
                add(paid.value, .paidInFull, [paid.lineIndex], weight: Self.paidInFullWeight)
                continue
            }
            correctTotalByAgreeingPayment(paid)
            // A card is charged the amount due to the cent. Alone (no cash beside it, no change,
            // no tip added), one glyph from the total it paid: the less sure reading is the misread.
            if paid.role == .cardPayment, !money.contains(where: { [.tip, .cashPayment].contains($0.role) || ($0.role == .change && $0.value > 0) }) {
                addCorrection(paid.value, terms: [paid]) { [.total, .finalTotal, .roundedTotal].contains($0.role) }
            }
            if paid.role == .cashPayment {
                // "CASH 599.45 / CHANGE 0.00" says the total was 599.45 even where no total line agrees.
                add(paid.value, .paidInFull, [paid.lineIndex], weight: Self.exactCashWeight)
                if let noChange = money.first(where: { $0.role == .change && $0.value == 0 && $0.lineIndex != paid.lineIndex }) {
                    addCorrection(paid.value, terms: [paid, noChange]) { $0.role != .cashPayment && $0.role != .cardPayment }
                }
            }
        }
    }

    /// A payment in full read alike on two lines of its own (the till's payment line and the card
    /// terminal's "Umsatz 70,12"), and a total printed once, one digit away ("SUMME 79,12"): two
    /// readings that agree outvote one, however sure Tesseract was of that one's glyph.
    private mutating func correctTotalByAgreeingPayment(_ paid: LabelledAmount) {
        let paidLines = linesPrinting(paid.value, apartFrom: [])
        guard paidLines.count >= 2 else { return }
        for printed in printedResults where [.total, .finalTotal, .roundedTotal].contains(printed.role)
            && linesPrinting(printed.value, apartFrom: []).count == 1
            && Self.differingDigit(printed.value, paid.value) != nil
            && !CashRounding.couldRound(paid.value, to: printed.value) {
            found.append(Witness(value: paid.value, kind: .correctsMisread, termLines: paidLines, replaces: printed.value))
        }
    }

    /// Subtotal + charges (tax, service charge, rounding, discount), printed after the subtotal.
    private mutating func subtotalPlusCharges() {
        let charges = money.filter { [.tax, .rounding, .discount].contains($0.role) && $0.value != 0 }
        for subtotal in money where subtotal.role == .subtotal && subtotal.value > 0 {
            let usable = charges.filter { $0.lineIndex != subtotal.lineIndex && abs($0.value) < subtotal.value }
            for combination in Self.combinations(of: usable.count, upTo: Self.maxCharges) {
                let terms = combination.map { usable[$0] }
                // One charge per line: a line's amounts are alternatives, not addends.
                guard Set(terms.map(\.lineIndex)).count == terms.count else { continue }
                let value = ReceiptArithmetic.subtotal(subtotal.value, plus: terms)
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
                    add(value, .subtotalPlusCharges, lines, weight: complete(upTo: result.lineIndex) ? 1 : Self.partialSumWeight)
                }
                // A tax breakdown printed under the total it breaks down ("Summe 43,10 / enth. MwSt
                // 19% 6,88 / Netto 36,22"): the net and its tax close on the total above them, when
                // every charge between the two is a term.
                for result in linesOf[value] ?? [] where !lines.contains(result.lineIndex) && result.lineIndex < subtotal.lineIndex
                    && [.total, .finalTotal].contains(result.role)
                    && Set(usable.map(\.lineIndex).filter { $0 > result.lineIndex && $0 < subtotal.lineIndex }).isSubset(of: lines) {
                    add(value, .subtotalPlusCharges, lines)
                }
            }
        }
    }

    /// The amounts of each line holding amounts of `roles`, by line, in print order.
    private func rows(of roles: Set<AmountRole>) -> [(line: Int, amounts: [LabelledAmount])] {
        Dictionary(grouping: money.filter { roles.contains($0.role) }, by: \.lineIndex)
            .sorted { $0.key < $1.key }.map { (line: $0.key, amounts: $0.value) }
    }

    /// The amounts of each tax breakdown row, by line, in print order.
    private var taxRows: [(line: Int, amounts: [LabelledAmount])] { rows(of: [.taxTable]) }

    /// A row's largest amount and its smallest, when the smallest can be a tax on the largest
    /// (positive, under a quarter of it): "SR 6% 15.00 0.90".
    private static func baseAndTax(_ amounts: [LabelledAmount]) -> (base: LabelledAmount, tax: LabelledAmount)? {
        guard amounts.count >= 2 else { return nil }
        let sorted = amounts.sorted { $0.value > $1.value }
        let base = sorted[0], tax = sorted[sorted.count - 1]
        guard tax.value > 0, tax.value * 4 < base.value else { return nil }
        return (base, tax)
    }

    /// A tax breakdown row "SR 6% 15.00 0.90": base + tax.
    private mutating func taxTableRows() {
        for (line, amounts) in taxRows {
            guard let (base, tax) = Self.baseAndTax(amounts) else { continue }
            if printedResult(base.value + tax.value, apartFrom: [line]) { add(base.value + tax.value, .taxTableRow, [line]) }
            addCorrection(base.value + tax.value, terms: [base, tax], wholeUnitsOnly: true) { _ in true }
        }
    }

    /// A tax row that checks itself at its printed rate: its tax is its base at the rate ("SR 6%
    /// 165.00 9.90", total 174.90) or its gross's share at the rate ("GST SR 6% 538.00 30.45",
    /// total 538.00), to the cent. Two amounts agreeing so are read right, so a printed total one
    /// digit from the total they give is the misread, however sure OCR was of it. Under several
    /// rates ("7% MwSt auf 33,95 2,22 / 19% MwSt auf 1,50 0,24") the total is the rows' sum, and
    /// only when every rate's row checks itself: a row left out would make the sum a part.
    private mutating func checkedTaxRows() {
        // A row's amounts share its line, so its first amount's line says the row's rate.
        let rated = rows(of: [.tax, .taxTable]).compactMap { row in
            row.amounts.first.flatMap { Self.printedRate(in: $0.line) }.map { (amounts: row.amounts, rate: $0) }
        }
        let rates = Set(rated.map(\.rate))
        if rates.count == 1, let rate = rates.first, rate > 0 {
            for row in rated {
                guard let checked = Self.checkedRow(row.amounts, at: rate) else { continue }
                addCorrection(checked.total, terms: checked.terms, checkedTerms: true) { _ in true }
            }
        } else if rates.count >= 2, rated.count == rates.count, !rates.contains(0) {
            let checked = rated.compactMap { Self.checkedRow($0.amounts, at: $0.rate) }
            guard checked.count == rated.count else { return }
            let total = checked.reduce(Decimal(0)) { $0 + $1.total }
            let lines = Set(checked.flatMap { $0.terms.map(\.lineIndex) })
            if printedResult(total, apartFrom: lines) { add(total, .taxTableRow, lines) }
            addCorrection(total, terms: checked.flatMap(\.terms), checkedTerms: true) { _ in true }
        }
    }

    /// The total a tax row gives when its tax is its base's at `rate`, or its gross's share.
    private static func checkedRow(_ amounts: [LabelledAmount], at rate: Decimal) -> (total: Decimal, terms: [LabelledAmount])? {
        guard let (large, tax) = baseAndTax(amounts) else { return nil }
        if Self.tax(on: large.value, at: rate) == tax.value { return (large.value + tax.value, [large, tax]) }
        if Self.share(of: large.value, at: rate) == tax.value { return (large.value, [large, tax]) }
        return nil
    }

    /// The tax included in `gross` at `rate` percent, to the cent.
    static func share(of gross: Decimal, at rate: Decimal) -> Decimal {
        var share = gross * rate / (100 + rate), rounded = Decimal()
        NSDecimalRound(&rounded, &share, 2, .plain)
        return rounded
    }

    /// `base` taxed at `rate` percent, to the cent.
    static func tax(on base: Decimal, at rate: Decimal) -> Decimal {
        var tax = base * rate / 100, rounded = Decimal()
        NSDecimalRound(&rounded, &tax, 2, .plain)
        return rounded
    }

    /// "6%" and the like on a line: a tax rate, when it is one (0 < rate ≤ 30).
    static let ratePattern = try! NSRegularExpression(pattern: #"(?<![\d.,])(\d{1,2}(?:[.,]\d{1,2})?)\s?%"#)

    /// The rate a line prints, a zero rate too; nil when none (or not a tax rate).
    static func printedRate(in line: String) -> Decimal? {
        let range = NSRange(line.startIndex..., in: line)
        guard let match = ratePattern.firstMatch(in: line, range: range), let digits = Range(match.range(at: 1), in: line),
              let rate = Decimal(string: line[digits].replacingOccurrences(of: ",", with: "."), locale: Locale(identifier: "en_US_POSIX")),
              rate >= 0, rate <= 30 else { return nil }
        return rate
    }

    /// The rate a line prints when it taxes anything (above zero).
    static func taxRate(in line: String) -> Decimal? {
        printedRate(in: line).flatMap { $0 > 0 ? $0 : nil }
    }

    /// A tax breakdown row with its rate ("SR @ 6% 28.39 1.70"): the base at that rate is the
    /// amount due, whatever OCR made of the tax column. Backs the printed total near it.
    private mutating func taxRateRows() {
        for (line, row) in taxRows {
            let amounts = row.filter { $0.value > 0 }
            guard let rate = amounts.first.flatMap({ Self.taxRate(in: $0.line) }),
                  let base = amounts.max(by: { $0.value < $1.value }) else { continue }
            var gross = base.value * (100 + rate) / 100, rounded = Decimal()
            NSDecimalRound(&rounded, &gross, 2, .plain)
            for printed in printedResults where printed.lineIndex != line && abs(printed.value - rounded) <= Self.taxRateTolerance {
                add(printed.value, .taxRateRow, [line], weight: Self.taxRateWeight)
            }
        }
    }
}
