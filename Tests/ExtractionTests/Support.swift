import Foundation
import RebutCore
@testable import Extraction

/// Runs the extractor on plain OCR text, the way `rebut bench extraction` reads .txt files.
func extract(_ text: String, _ context: ExtractionContext = .init()) -> ReceiptFields {
    ReceiptExtractor().extract(from: TextLine.lines(fromPlainText: text), context: context)
}

func amount(_ text: String) -> Decimal { MoneyFormat.parse(text)! }

func day(_ iso: String) -> LocalDate { LocalDate(iso8601: iso)! }

extension ReceiptFields {
    func values(_ field: ReceiptField) -> [String] { (candidates[field] ?? []).map(\.value) }
}

/// OCR-like lines with word confidences: each word is read at 95 unless it ends in "@NN"
/// ("112.46@79"), so rules that weigh OCR's own doubt can be tested on text.
func readLines(_ text: String) -> [TextLine] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { row in
        let words = row.split(separator: " ").map { token -> Word in
            // "@" alone, or not followed by a number, is printed text ("T @ 6%").
            if let at = token.lastIndex(of: "@"), at != token.startIndex, let confidence = Double(token[token.index(after: at)...]) {
                return Word(text: String(token[..<at]), confidence: confidence, box: Box(x: 0, y: 0, width: 1, height: 1))
            }
            return Word(text: String(token), confidence: 95, box: Box(x: 0, y: 0, width: 1, height: 1))
        }
        return TextLine(text: words.map(\.text).joined(separator: " "),
                        confidence: words.isEmpty ? nil : words.map(\.confidence).reduce(0, +) / Double(words.count),
                        words: words)
    }
}

/// `extract` on `readLines`.
func extractRead(_ text: String, _ context: ExtractionContext = .init()) -> ReceiptFields {
    ReceiptExtractor().extract(from: readLines(text), context: context)
}
