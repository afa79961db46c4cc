import Foundation
import RebutCore
import Store

/// A receipt found by `rebut search`, with the line that matched: from its note, OCR text,
/// vendor or category, in that order of preference.
public struct SearchResult: Sendable {
    public var receipt: Receipt
    /// Where the match is: "note", "text", "vendor" or "category".
    public var field: String
    public var line: String

    public init(receipt: Receipt, query: String) {
        self.receipt = receipt
        let terms = Self.words(query)
        let sources: [(String, [String])] = [
            ("note", receipt.note.map { [$0] } ?? []),
            ("vendor", receipt.vendor.map { [$0] } ?? []),
            ("text", receipt.ocrText.split(whereSeparator: \.isNewline).map(String.init)),
            ("category", receipt.category.map { [$0] } ?? []),
        ]
        // The line matching the most query words wins; ties go to the earlier source and line.
        var best: (field: String, line: String, hits: Int) = ("", "", 0)
        for (field, lines) in sources {
            for line in lines {
                let words = Self.words(line)
                let hits = terms.filter { term in words.contains { $0.hasPrefix(term) } }.count
                if hits > best.hits { best = (field, line.trimmingCharacters(in: .whitespaces), hits) }
            }
        }
        field = best.field
        line = best.line
    }

    /// Lower-cased words without accents, as FTS5's unicode61 tokenizer sees them.
    static func words(_ text: String) -> [String] {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }
}
