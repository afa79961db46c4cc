import Foundation

/// An amount seen on the receipt together with the label it belongs to.
struct LabelledAmount: Sendable {
    var value: Decimal
    var role: AmountRole
    var hasFraction: Bool
    var lineIndex: Int
    var line: String
    /// Weight of this reading: lower for amounts borrowed from a neighbouring line or sitting
    /// left of another amount (item columns, tax tables).
    var weight: Double
    /// Right-most amount of a line with several: the tax column of a breakdown row.
    var isRightmostOfSeveral: Bool = false
    /// A guessed reading of a misprinted number ("1000" as 10.00): a candidate, never an input to the sums.
    var isAlternativeReading: Bool = false
    /// OCR's confidence (0...100) in the word that printed it; nil for plain text.
    var readingConfidence: Double? = nil
    /// Printed with a one-digit fraction ("6.0"): see `AmountMatch.shortFraction`.
    var shortFraction: Bool = false
}

extension TotalExtractor {
    /// Lines that must hold money: totals, subtotal, payments and change (never negative, never a code).
    static let moneyRoles: Set<AmountRole> = [.roundedTotal, .finalTotal, .total, .subtotal, .cashPayment, .cardPayment, .change]

    /// "28 60" at the end of a line with no decimal amount: 28.60 with its point lost. Only the
    /// last two numbers, the second exactly two digits, one space apart.
    static let spacedDecimalPattern = try! NSRegularExpression(pattern: #"(?<![\d.,])(\d{1,6}) (\d{2})\s*$"#)

    static func spacedDecimal(_ line: ReceiptLine) -> Decimal? {
        guard !line.amounts.contains(where: \.hasFraction),
              let found = spacedDecimalPattern.firstMatch(in: line.text, range: NSRange(location: 0, length: (line.text as NSString).length)),
              let match = Range(found.range, in: line.text) else { return nil }
        let parts = line.text[match].trimmingCharacters(in: .whitespaces).split(separator: " ")
        guard parts.count == 2 else { return nil }
        return Decimal(string: "\(parts[0]).\(parts[1])", locale: Locale(identifier: "en_US_POSIX"))
    }

    /// How much each kind of reading counts, relative to the right-most amount of a labelled line.
    enum ReadingWeight {
        /// An amount left of the line's amount column (item columns, rates).
        static let leftOfColumn = 0.6
        /// "CHANGE 28 60": the decimal point read as a space.
        static let spacedDecimal = 0.8
        /// A total line shaped like a tax-table row: the right-most amount is the tax, the left the base.
        static let taxRowTax = 0.5, taxRowBase = 0.7
        /// A third decimal read off a speck ("30.906" as 30.90).
        static let truncated = 0.7
        /// A decimal point lost ("1000" as 10.00).
        static let lostPoint = 0.6
        /// A digit read as the letter glued before the amount ("S9,10" as 59.10).
        static let gluedDigit = 0.6
        /// A subtotal its charge's rate shows to be misread (`subtotalsCheckedByTheirCharge`).
        static let uncheckedSubtotal = 0.5
        /// A label's amount on a later line: all labels of the run paired, or only some.
        static let pairedRun = 0.9, partlyPairedRun = 0.7
    }

    /// Every amount with the role of its label. A label without an amount takes the amount of
    /// the next bare-amount line; a run of labels followed by a run of bare amounts (column
    /// layouts read label block first) is paired in order.
    func labelledAmounts(_ lines: [ReceiptLine]) -> [LabelledAmount] {
        var result: [LabelledAmount] = []
        var consumed = Set<Int>()
        var i = 0
        while i < lines.count {
            if !lines[i].amounts.isEmpty {
                if !consumed.contains(i) { result += Self.amounts(on: lines[i]) }
                i += 1
            } else if lines[i].role != nil {
                let run = Self.labelRun(lines, from: i)
                result += run.amounts
                consumed.formUnion(run.valueLines)
                i = max(run.end, i + 1)
            } else {
                i += 1
            }
        }
        for k in result.indices where !result[k].isAlternativeReading {
            result[k].readingConfidence = lines[result[k].lineIndex].readingConfidence(of: result[k].value)
        }
        Self.totalsTakenForTax(&result, lines)
        Self.subtotalsCheckedByTheirCharge(&result)
        return result
    }

    /// "SUB TOTAL 296.00 / SERVICE CHARGE 10% 29.50": a charge printed with its rate right under
    /// a subtotal is levied on it (added, or included in it), to the cent. When the subtotal
    /// fails that check, OCR was less sure of it than of the charge, and exactly one amount a
    /// digit away passes it (295.00), the subtotal was misread: it is that amount, and the
    /// printed one stays a guessed reading. The receipt's sums then start from the right subtotal.
    static func subtotalsCheckedByTheirCharge(_ amounts: inout [LabelledAmount]) {
        let money = amounts.indices.filter { amounts[$0].hasFraction && !amounts[$0].isAlternativeReading && amounts[$0].value != 0 }
        for (position, k) in money.enumerated() where amounts[k].role == .subtotal && amounts[k].value > 0 {
            let subtotal = amounts[k]
            guard let next = money.dropFirst(position + 1).first(where: { amounts[$0].lineIndex != subtotal.lineIndex }),
                  amounts[next].role == .tax, amounts[next].lineIndex <= subtotal.lineIndex + 2,
                  let rate = ClosedSums.taxRate(in: amounts[next].line),
                  let chargeConfidence = amounts[next].readingConfidence,
                  let subtotalConfidence = subtotal.readingConfidence, subtotalConfidence < chargeConfidence else { continue }
            let charge = amounts[next].value
            func levies(_ base: Decimal) -> Bool {
                ClosedSums.tax(on: base, at: rate) == charge || ClosedSums.share(of: base, at: rate) == charge
            }
            guard !levies(subtotal.value) else { continue }
            let passing = Self.oneDigitAway(subtotal.value).filter(levies)
            guard passing.count == 1, let checked = passing.first else { continue }
            var misread = subtotal
            misread.isAlternativeReading = true
            misread.weight *= ReadingWeight.uncheckedSubtotal
            amounts[k].value = checked
            amounts.append(misread)
        }
    }

    /// Every amount with the same digits but one, the cents kept as many ("296.00" → 196.00,
    /// 295.00, 296.10 …), none with a leading zero.
    static func oneDigitAway(_ value: Decimal) -> [Decimal] {
        let digits = Array(ReceiptLine.digits(of: value))
        guard digits.count >= 3 else { return [] }
        var result: [Decimal] = []
        for position in digits.indices {
            for digit in "0123456789" where digit != digits[position] && !(position == 0 && digit == "0") {
                var changed = digits
                changed[position] = digit
                if let cents = Decimal(string: String(changed)) { result.append(cents / 100) }
            }
        }
        return result
    }

    /// "Total Icl. GST 112.90": TOTAL and a tax word, the inclusion word misread past matching,
    /// read as the tax. A tax is never more than the subtotal it is levied on: an amount on such a
    /// line above every subtotal printed before it is the total with its tax.
    static func totalsTakenForTax(_ amounts: inout [LabelledAmount], _ lines: [ReceiptLine]) {
        for k in amounts.indices where amounts[k].role == .tax && amounts[k].hasFraction
            && lines[amounts[k].lineIndex].match.contains(any: Keywords.total) {
            let subtotals = amounts.filter { $0.role == .subtotal && $0.hasFraction && $0.lineIndex < amounts[k].lineIndex }
            guard let largest = subtotals.map(\.value).max(), largest > 0, amounts[k].value > largest else { continue }
            amounts[k].role = .finalTotal
        }
    }

    /// The amounts of a line with its own label (or none), the amount column strongest.
    static func amounts(on line: ReceiptLine) -> [LabelledAmount] {
        let role = line.role ?? .unlabelled, amounts = line.amounts, i = line.index
        var result: [LabelledAmount] = []
        let isMoney = moneyRoles.contains(role)
        // OCR's own doubt about the line: a low-confidence line is more likely misread.
        let lineTrust = line.confidence.map { 0.8 + 0.2 * min(1, max(0, $0 / 100)) } ?? 1
        // The amount column is the right-most printed money; a stray digit after it ("12.00 7")
        // does not take its place.
        let primary = amounts.lastIndex(where: \.hasFraction) ?? amounts.count - 1
        // "CHANGE 28 60": the decimal point read as a space, on a line that must hold money.
        if let spaced = spacedDecimal(line), isMoney {
            result.append(LabelledAmount(value: spaced, role: role, hasFraction: true, lineIndex: i,
                                         line: line.text, weight: ReadingWeight.spacedDecimal * lineTrust))
        }
        // A total line shaped like a tax-table row ("6% 100.00 6.00"): right amount much smaller than the left.
        let taxRowShaped = amounts.count >= 2 && amounts.last!.value * 10 < amounts.first!.value * 3
            && [.total, .finalTotal, .roundedTotal].contains(role)
        // "Qty 8 25.15": a summary line printing the count and then the money; the money is no count.
        let countThenMoney = role == .quantity && amounts.count >= 2 && !amounts[0].hasFraction
        for (k, amount) in amounts.enumerated() {
            let role = countThenMoney && k > 0 && amount.hasFraction ? AmountRole.unlabelled : role
            let isLast = k == primary
            let weight = taxRowShaped ? (isLast ? ReadingWeight.taxRowTax : ReadingWeight.taxRowBase)
                : (isLast ? 1.0 : ReadingWeight.leftOfColumn) * lineTrust
            // Payments and change are never negative ("~50.00" is noise, not a sign).
            let value = isMoney ? abs(amount.value) : amount.value
            result.append(LabelledAmount(value: value, role: role, hasFraction: amount.hasFraction,
                                         lineIndex: i, line: line.text, weight: weight,
                                         isRightmostOfSeveral: isLast && amounts.count >= 2,
                                         shortFraction: amount.shortFraction))
            guard isLast, isMoney else { continue }
            if let truncated = amount.truncatedReading {
                result.append(LabelledAmount(value: abs(truncated), role: role, hasFraction: true, lineIndex: i,
                                             line: line.text, weight: weight * ReadingWeight.truncated,
                                             isAlternativeReading: true))
            }
            if let glued = amount.gluedDigitReading {
                result.append(LabelledAmount(value: abs(glued), role: role, hasFraction: amount.hasFraction, lineIndex: i,
                                             line: line.text, weight: weight * ReadingWeight.gluedDigit,
                                             isAlternativeReading: true))
            }
            // "GRAND TOTAL 1000": a decimal point lost by OCR. Offer 10.00 as a weaker reading.
            if !amount.hasFraction, abs(value) >= 100, abs(value) < 1_000_000 {
                result.append(LabelledAmount(value: value / 100, role: role, hasFraction: true, lineIndex: i,
                                             line: line.text, weight: weight * ReadingWeight.lostPoint,
                                             isAlternativeReading: true))
            }
        }
        return result
    }

    /// A run of label-only lines from `start`, then the bare amounts that follow (skipping blank
    /// lines), paired in order. `end`: the first line after the labels.
    static func labelRun(_ lines: [ReceiptLine], from start: Int) -> (amounts: [LabelledAmount], valueLines: [Int], end: Int) {
        var labels: [Int] = []
        // Every printed line of the run, labels OCR could not read ("6ST 6%") included.
        var slots: [Int] = []
        var j = start
        while j < lines.count, lines[j].amounts.isEmpty, j - start < 6 {
            // A table's header ("GST SUMMARY") starts a block of its own: the labels above it
            // ("GST @ 6% INCLUDED IN TOTAL") do not reach across it to the table's rows.
            if lines[j].headsSummary { labels.removeAll(); slots.removeAll() }
            let printed = !lines[j].text.trimmingCharacters(in: .whitespaces).isEmpty
            if lines[j].role != nil { labels.append(j) }
            else if printed, lines[j].letterCount > 3 { break }
            if printed { slots.append(j) }
            j += 1
        }
        var values: [Int] = []
        var k = j
        while k < lines.count, values.count < slots.count, k - j < slots.count + 3 {
            if lines[k].isBareAmount { values.append(k) }
            else if !lines[k].text.trimmingCharacters(in: .whitespaces).isEmpty { break }
            k += 1
        }
        // The two columns are as long as each other when every printed line of the labels' is a
        // label, a garbled one too: then each line takes the amount beside it. Otherwise only the
        // labels read are paired, in order.
        let pairs: [(label: Int, value: Int)]
        let columnsAlike = slots.count > labels.count && values.count == slots.count
        if columnsAlike {
            pairs = zip(slots, values).filter { lines[$0.0].role != nil }.map { (label: $0.0, value: $0.1) }
        } else {
            pairs = zip(labels, values).map { (label: $0.0, value: $0.1) }
        }
        let weight = columnsAlike || values.count >= labels.count ? ReadingWeight.pairedRun : ReadingWeight.partlyPairedRun
        var result: [LabelledAmount] = []
        var used: [Int] = []
        for (labelIndex, valueIndex) in pairs {
            let valueLine = lines[valueIndex], role = lines[labelIndex].role!
            guard let amount = valueLine.amounts.last else { continue }
            used.append(valueIndex)
            // The candidate quotes the line its amount is printed on, the line `lineIndex` names.
            let label = valueLine.text
            // A row of several amounts under a header ("GST Rate Amt Tax" / "S 6% 20.19 1.21") keeps
            // all of them, the left ones weaker, as on a labelled line.
            for other in valueLine.amounts.dropLast() where other.hasFraction && amount.hasFraction {
                result.append(LabelledAmount(value: other.value, role: role, hasFraction: true, lineIndex: valueIndex,
                                             line: label, weight: weight * ReadingWeight.leftOfColumn))
            }
            result.append(LabelledAmount(value: amount.value, role: role, hasFraction: amount.hasFraction,
                                         lineIndex: valueIndex, line: label, weight: weight,
                                         isRightmostOfSeveral: valueLine.amounts.count >= 2,
                                         shortFraction: amount.shortFraction))
        }
        return (result, used, j)
    }
}
