import Foundation
import RebutCore

extension ReceiptExtractor {
    /// What the total rules see on each line (role, amounts) and which sums close: for
    /// `rebut bench extraction --explain`, to see why a receipt's total went wrong.
    public func explainTotals(_ lines: [TextLine]) -> [String] {
        let analysed = ReceiptLine.analyse(lines)
        var out = analysed.map { line in
            let amounts = line.amounts.map { "\($0.value)\($0.hasFraction ? "" : "(int)")" }.joined(separator: " ")
            let role = line.role.map { "\($0)" } ?? "-"
            return String(format: "%3d %-12@ %-20@ %@", line.index, role as NSString, amounts as NSString,
                          line.text as NSString)
        }
        let labelled = TotalExtractor().labelledAmounts(analysed)
        for witness in ReceiptSums.witnesses(labelled) {
            out.append("sum \(witness.kind.rawValue) = \(witness.value) from lines \(witness.termLines.sorted()) weight \(witness.weight)")
        }
        return out
    }
}
