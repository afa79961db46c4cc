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
