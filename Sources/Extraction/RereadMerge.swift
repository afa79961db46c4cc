import Foundation
import RebutCore

/// Another reading of one OCR line (a second OCR pass on that line alone).
public struct AlternativeReading: Sendable, Hashable {
    public var lineIndex: Int
    public var text: String
    /// 0...100, Tesseract's scale, like `TextLine.confidence`.
    public var confidence: Double?

    public init(lineIndex: Int, text: String, confidence: Double? = nil) {
        self.lineIndex = lineIndex
        self.text = text
        self.confidence = confidence
    }
}

extension ReceiptExtractor {
    /// Extracts from the first reading and from each alternative reading of a line, then lets
    /// the readings vote on `fields` (the uncertain ones; the others keep the first reading's).
    ///
    /// Each alternative is tried as the only change to the receipt, so the rest of the receipt
    /// (other dates, the sums that check a total) judges it exactly as it judged the first
    /// reading. The first reading is one of the variants: a worse re-read loses to it.
    /// `firstReading`: the fields already extracted from `lines` with `context`, to save doing it again.
    public func extract(from lines: [TextLine], alternatives: [AlternativeReading],
                        merging fields: [ReceiptField] = ReceiptField.required,
                        countingReadings counted: Set<ReceiptField> = [],
                        context: ExtractionContext = .init(),
                        firstReading: ReceiptFields? = nil) -> ReceiptFields {
        let usable = alternatives.filter { lines.indices.contains($0.lineIndex)
            && $0.text.trimmingCharacters(in: .whitespaces) != lines[$0.lineIndex].text.trimmingCharacters(in: .whitespaces) }
        guard !usable.isEmpty, !fields.isEmpty else { return firstReading ?? extract(from: lines, context: context) }
        // Lines are analysed once; each variant re-analyses only the line it changes, and works
        // out only the fields that vote.
        let analysed = lines.enumerated().map { ReceiptLine(index: $0.offset, line: $0.element) }
        let original = firstReading ?? extract(lines: analysed, context: context)
        var variants = [original]
        var changedLines: [Int?] = [nil]
        var moneyRereads: [Bool] = [false]
        // A total that wins brings its tax and payment along (see `RereadVote.merge`).
        let voting = Set(fields).union(fields.contains(.total) ? [.tax, .payment] : [])
        for alternative in usable {
            var changed = analysed
            let first = lines[alternative.lineIndex]
            changed[alternative.lineIndex] = ReceiptLine(index: alternative.lineIndex, line: TextLine(
                text: alternative.text, confidence: alternative.confidence ?? first.confidence, box: first.box))
            variants.append(extract(lines: changed, only: voting, context: context))
            changedLines.append(alternative.lineIndex)
            moneyRereads.append(RereadVote.readsMoneyAgain(first.text, as: alternative.text))
        }
        return RereadVote.merge(variants, changedLines: changedLines, fields: fields, counted: counted,
                                moneyRereads: moneyRereads)
    }
}

extension ReceiptExtractor {
    /// Lines printing two of the total's `leading` candidates that differ in one digit ("TOTAL
    /// 86.17" and "TOTAL 88.17", "VISA 68.17"): amounts a receipt prints twice are one amount, so
    /// one of the lines is a misread, whatever Tesseract's confidence in it.
    public static func linesOfTotalsOneDigitApart(_ fields: ReceiptFields, leading: Int) -> [Int] {
        let amounts = (fields.candidates[.total] ?? []).prefix(leading).compactMap { candidate in
            MoneyFormat.parse(candidate.value).map { (line: candidate.lineIndex, value: $0) }
        }
        var lines: [Int] = []
        for (i, a) in amounts.enumerated() {
            for b in amounts.dropFirst(i + 1) where ClosedSums.differingDigit(a.value, b.value) != nil {
                for line in [a.line, b.line].compactMap({ $0 }) where !lines.contains(line) { lines.append(line) }
            }
        }
        return lines
    }
}

/// How readings of the same receipt vote on a field.
enum RereadVote {
    /// Uncertain fields: between values of about the same confidence, the one more readings pick.
    static let agreementBonus = 0.1
    /// Counted fields: the page's own reading counts this much against one re-read: it was read in context, at
    /// the size measured best, and alone it is right more often than any single re-read.
    static let pageWeight = 1.5
    /// Confidence only breaks near-ties between values with the same support.
    static let confidenceWeight = 0.5

    /// `changedLines[i]` is the line variant `i` read differently (nil for the first reading).
    static func merge(_ variants: [ReceiptFields], changedLines: [Int?], fields: [ReceiptField],
                      counted: Set<ReceiptField> = [], moneyRereads: [Bool]? = nil) -> ReceiptFields {
        var merged = variants[0]
        for field in fields {
            guard let winner = vote(field, variants, changedLines: changedLines, counting: counted.contains(field),
                                    moneyRereads: moneyRereads) else { continue }
            let source = variants[winner.variant]
            merged.candidates[field] = winner.candidates
            merged.confidence[field] = winner.confidence
            switch field {
            case .vendor: merged.vendor = source.vendor
            case .date: merged.date = source.date
            case .total:
                merged.total = source.total
                // Tax and payment are read against the total: keep them consistent with it.
                for dependent in [ReceiptField.tax, .payment] {
                    merged.candidates[dependent] = source.candidates[dependent]
                    merged.confidence[dependent] = source.confidence[dependent]
                }
                merged.tax = source.tax
                merged.payment = source.payment
            default: continue
            }
        }
        return merged
    }

    /// Whether a candidate's amount is printed on the line it quotes (an amount inferred from
    /// others is shown on its first term's line, which prints something else).
    static func printsItsValue(_ candidate: Candidate) -> Bool {
        guard let value = MoneyFormat.parse(candidate.value) else { return false }
        return AmountParser.amounts(in: candidate.line).contains { abs($0.value) == value }
    }

    /// Whether a re-read holds as many amounts with cents as the page's line, one at least
    /// read differently: the money read again, not a label or amount lost.
    static func readsMoneyAgain(_ page: String, as reread: String) -> Bool {
        let before = AmountParser.amounts(in: page).filter(\.hasFraction).map(\.value)
        let after = AmountParser.amounts(in: reread).filter(\.hasFraction).map(\.value)
        return !before.isEmpty && before.count == after.count && before != after
    }

    struct Winner {
        var variant: Int
        var confidence: Double
        var candidates: [Candidate]
    }

    /// A vote among the readings whose top pick it is. For a field the first reading was unsure
    /// of, the most confident value wins (agreement breaks near-ties): the page's pick is weak by
    /// definition. For a confident field whose digits were doubted (`counting`), readings are
    /// counted, one per re-read and `pageWeight` for the page, confidence breaking near-ties:
    /// a re-read at another size is right less often than the page, so only agreement overturns
    /// it, and only where the receipt trusts the agreeing value at least as much as the page's
    /// (on tune, scan-poor tune and the first wild set, the re-reads that won by number against a
    /// surer page pick were wrong 4 times in 5). Measured on sroie-dev re-reads (`bench
    /// extraction` over a `--dump-ocr` folder).
    ///
    /// A re-read votes for a field only when its pick comes from the line it re-read: a re-read
    /// that merely lost a label ("TOTAL RM 14.10" read as "ee os RM 14.10") lets some other amount
    /// win on the receipt's sums, and a re-read of an unrelated line repeats the first reading's
    /// pick without any new evidence for it.
    static func vote(_ field: ReceiptField, _ variants: [ReceiptFields], changedLines: [Int?],
                     counting: Bool = false, moneyRereads: [Bool]? = nil) -> Winner? {
        struct Tally { var confidence: Double; var score: Double; var support: Int; var variant: Int; var fromPage: Bool }
        var tallies: [String: Tally] = [:]
        var order: [String] = []
        let pageConfidence = variants[0].confidence[field] ?? 0
        for (index, variant) in variants.enumerated() {
            guard let top = variant.candidates[field]?.first else { continue }
            let confidence = variant.confidence[field] ?? 0
            if let changed = changedLines[index], top.lineIndex != changed {
                // The exception: a re-read of a counted field's line that read its money again,
                // differently ("CASH 100.08" as "CASH 100.00"), and so let the receipt's sums
                // settle on an amount printed elsewhere, surer than the page was.
                // Totals only: dates re-read so lost 1 on each of tune, scan-poor tune and the wild sets.
                // Printed, too, unless the page picked it: an amount the sums imply but no line
                // prints (cash less change) is what a total line misread again leaves standing,
                // not what a payment read again proves.
                guard counting, field == .total, moneyRereads?[index] == true, confidence >= pageConfidence,
                      Self.printsItsValue(top) || top.value == variants[0].candidates[field]?.first?.value else { continue }
            }
            if var tally = tallies[top.value] {
                tally.support += 1
                if index == 0 { tally.fromPage = true }
                if confidence > tally.confidence { tally.confidence = confidence; tally.variant = index }
                tally.score = max(tally.score, top.score)
                tallies[top.value] = tally
            } else {
                tallies[top.value] = Tally(confidence: confidence, score: top.score, support: 1, variant: index,
                                           fromPage: index == 0)
                order.append(top.value)
            }
        }
        func strength(_ t: Tally) -> Double {
            guard counting else { return t.confidence + agreementBonus * Double(min(2, t.support - 1)) }
            return Double(t.support) + (t.fromPage ? pageWeight - 1 : 0) + t.confidence * confidenceWeight
        }
        // Ties go to the value seen first, i.e. the first reading's.
        var bestValue: String?
        for value in order where bestValue == nil || strength(tallies[value]!) > strength(tallies[bestValue!]!) {
            bestValue = value
        }
        // Agreement only outvotes the page among readings the receipt judges as well: a re-read
        // the receipt's own evidence trusts less (its sums closed on the page's total, the
        // re-read's year lost its plausibility) does not win by number.
        if counting, let page = variants[0].candidates[field]?.first?.value, let pageTally = tallies[page],
           let challenger = bestValue, challenger != page, tallies[challenger]!.confidence < pageTally.confidence {
            bestValue = page
        }
        guard let bestValue, let best = tallies[bestValue] else { return nil }

        var scores: [String: Candidate] = [:]
        for variant in variants {
            for candidate in variant.candidates[field] ?? [] where (scores[candidate.value]?.score ?? -1) < candidate.score {
                scores[candidate.value] = candidate
            }
        }
        // The winning reading's own ranking first, scored as that reading scored it, so the pick
        // heads a list whose scores fall; values only other readings found follow, never scored
        // above the pick: each reading weighs its own lines and sums, so their scores do not
        // compare (a pick shown at 0.15 under another reading's 0.25 told a person the opposite
        // of what was decided).
        let own = variants[best.variant].candidates[field] ?? []
        var candidates = own.first?.value == bestValue ? own : [scores[bestValue]!] + own.filter { $0.value != bestValue }
        let pickScore = candidates[0].score
        let listed = Set(candidates.map(\.value))
        candidates += scores.values.filter { !listed.contains($0.value) }
            .sorted { $0.score != $1.score ? $0.score > $1.score : $0.value < $1.value }
            .map { other in
                var capped = other
                capped.score = min(other.score, pickScore)
                return capped
            }
        candidates = Array(candidates.prefix(5))
        // Agreement only ranks: readings of the same pixels share their errors, so it is no
        // evidence that a value is right (measured: adding it to confidence sent misreads past review).
        return Winner(variant: best.variant, confidence: best.confidence, candidates: candidates)
    }
}
