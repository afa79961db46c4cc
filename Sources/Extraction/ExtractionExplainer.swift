import Foundation
import RebutCore

extension ReceiptExtractor {
    /// Why the total and the date came out as they did, for `rebut bench extraction --explain`:
    /// what the rules see on each line (role, amounts), the receipt's closed sums, then each
    /// candidate's ledger, best first: which rule added or doubted what.
    public func explain(_ lines: [TextLine], context: ExtractionContext = .init()) -> [String] {
        let analysed = ReceiptLine.analyse(lines)
        var out = analysed.map { line in
            let amounts = line.amounts.map { "\($0.value)\($0.hasFraction ? "" : "(int)")" }.joined(separator: " ")
            let role = line.role.map { "\($0)" } ?? "-"
            return String(format: "%3d %-12@ %-20@ %@", line.index, role as NSString, amounts as NSString,
                          line.text as NSString)
        }
        let extractor = TotalExtractor(disabled: Set(context.disabledTotalRules.compactMap(TotalRule.init(rawValue:))))
        let result = extractor.extract(analysed, currency: nil)
        let facts = TotalFacts(lines: analysed, labelled: result.labelled)
        for witness in ReceiptArithmetic(facts).witnesses {
            out.append("sum \(witness.kind.rawValue) = \(witness.value) from lines \(witness.termLines.sorted()) weight \(witness.weight)")
        }
        out.append("total ledger (confidence \(String(format: "%.2f", result.confidence))):")
        out += result.ledger.explanation()
        let dates = lines.indices.flatMap { DateParser.readings(in: analysed[$0].text, lineIndex: $0) }
        out.append("date ledger:")
        return out + DateExtractor().ledger(dates, context: context, receiptLines: analysed).explanation(tieBreak: DateExtractor.earlierLineFirst)
    }
}
