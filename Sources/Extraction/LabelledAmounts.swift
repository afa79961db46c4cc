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

    /// Every amount with the role of its label. A label without an amount takes the amount of
    /// the next bare-amount line; a run of labels followed by a run of bare amounts (column
    /// layouts read label block first) is paired in order.
    func labelledAmounts(_ lines: [ReceiptLine]) -> [LabelledAmount] {
        var result: [LabelledAmount] = []
        var consumed = Set<Int>()
        var i = 0
        while i < lines.count {
            let line = lines[i]
            if !line.amounts.isEmpty {
                if !consumed.contains(i) {
                    let role = line.role ?? .unlabelled
                    let amounts = line.amounts
                    // OCR's own doubt about the line: a low-confidence line is more likely misread.
                    let lineTrust = line.confidence.map { 0.8 + 0.2 * min(1, max(0, $0 / 100)) } ?? 1
                    // The amount column is the right-most printed money; a stray digit after it ("12.00 7")
                    // does not take its place.
                    let primary = amounts.lastIndex(where: \.hasFraction) ?? amounts.count - 1
                    // "CHANGE 28 60": the decimal point read as a space, on a line that must hold money.
                    if let spaced = Self.spacedDecimal(line), Self.moneyRoles.contains(role) {
                        result.append(LabelledAmount(value: spaced, role: role, hasFraction: true, lineIndex: i,
                                                     line: line.text, weight: 0.8 * lineTrust))
                    }
                    for (k, amount) in amounts.enumerated() {
                        let isLast = k == primary
                        var weight = (isLast ? 1.0 : 0.6) * lineTrust
                        // A tax-table row ("6% 100.00 6.00"): right amount much smaller than the left.
                        if amounts.count >= 2, let first = amounts.first?.value, let last = amounts.last?.value,
                           last * 10 < first * 3, [.total, .finalTotal, .roundedTotal].contains(role) {
                            weight = isLast ? 0.5 : 0.7
                        }
                        // Payments and change are never negative ("~50.00" is noise, not a sign).
                        let value = Self.moneyRoles.contains(role) ? abs(amount.value) : amount.value
                        result.append(LabelledAmount(value: value, role: role, hasFraction: amount.hasFraction,
                                                     lineIndex: i, line: line.text, weight: weight,
                                                     isRightmostOfSeveral: isLast && amounts.count >= 2))
                        if let truncated = amount.truncatedReading, isLast, Self.moneyRoles.contains(role) {
                            result.append(LabelledAmount(value: abs(truncated), role: role, hasFraction: true,
                                                         lineIndex: i, line: line.text, weight: weight * 0.7,
                                                         isAlternativeReading: true))
                        }
                        // "GRAND TOTAL 1000": a decimal point lost by OCR. Offer 10.00 as a weaker reading.
                        if !amount.hasFraction, isLast, abs(value) >= 100, abs(value) < 1_000_000,
                           Self.moneyRoles.contains(role) {
                            result.append(LabelledAmount(value: value / 100, role: role, hasFraction: true,
                                                         lineIndex: i, line: line.text, weight: weight * 0.6,
                                                         isAlternativeReading: true))
                        }
                    }
                }
                i += 1
                continue
            }
            guard line.role != nil else { i += 1; continue }
            // A run of label-only lines.
            var labels: [Int] = []
            var j = i
            while j < lines.count, lines[j].amounts.isEmpty, j - i < 6 {
                if lines[j].role != nil { labels.append(j) }
                else if !lines[j].text.trimmingCharacters(in: .whitespaces).isEmpty, lines[j].letterCount > 3 { break }
                j += 1
            }
            // Then the bare amounts that follow, skipping blank lines.
            var values: [Int] = []
            var k = j
            while k < lines.count, values.count < labels.count, k - j < labels.count + 3 {
                if lines[k].isBareAmount { values.append(k) }
                else if !lines[k].text.trimmingCharacters(in: .whitespaces).isEmpty { break }
                k += 1
            }
            for (n, labelIndex) in labels.enumerated() where n < values.count {
                let valueLine = lines[values[n]]
                guard let amount = valueLine.amounts.last else { continue }
                consumed.insert(values[n])
                let weight = values.count == labels.count ? 0.9 : 0.7
                // The candidate quotes the line its amount is printed on, the line `lineIndex` names.
                let label = valueLine.text
                // A row of several amounts under a header ("GST Rate Amt Tax" / "S 6% 20.19 1.21") keeps
                // all of them, the left ones weaker, as on a labelled line.
                for other in valueLine.amounts.dropLast() where other.hasFraction && amount.hasFraction {
                    result.append(LabelledAmount(value: other.value, role: lines[labelIndex].role!, hasFraction: true,
                                                 lineIndex: values[n], line: label, weight: weight * 0.6))
                }
                result.append(LabelledAmount(value: amount.value, role: lines[labelIndex].role!,
                                             hasFraction: amount.hasFraction, lineIndex: values[n],
                                             line: label, weight: weight,
                                             isRightmostOfSeveral: valueLine.amounts.count >= 2))
            }
            i = max(j, i + 1)
        }
        for k in result.indices where !result[k].isAlternativeReading {
            result[k].readingConfidence = lines[result[k].lineIndex].readingConfidence(of: result[k].value)
        }
        return result
    }
}
