import Testing
import RebutCore
@testable import Extraction

/// Inputs the fuzzer (scripts/fuzz.sh, Fuzz/FuzzExtraction) found breaking a promise, minimised.
struct FuzzRegressionTests {
    /// Every candidate quotes exactly the line its `lineIndex` names (the picker shows both).
    func expectQuotesOwnLines(_ text: String, _ context: ExtractionContext = .init()) {
        let lines = TextLine.lines(fromPlainText: text)
        let fields = ReceiptExtractor().extract(from: lines, context: context)
        for (field, candidates) in fields.candidates {
            for candidate in candidates {
                guard let index = candidate.lineIndex else { continue }
                #expect(lines.indices.contains(index), "\(field) \(candidate.value) points past the text")
                guard lines.indices.contains(index) else { continue }
                #expect(candidate.line == lines[index].text, "\(field) \(candidate.value)")
            }
        }
    }

    /// A tax table whose labels head the column ("MwSt Netto Steuer Brutto" over "A 19% …")
    /// quoted the header and the row joined while pointing at the row.
    @Test func taxTableRowQuotesItsOwnLine() {
        let text = """
        Summe EUR 73,68
        MwSt Netto Steuer Brutto
        A 19% 60,83 11,56 72,39
        """
        expectQuotesOwnLines(text, ExtractionContext(languages: ["deu"]))
        let tax = ReceiptExtractor().extract(from: TextLine.lines(fromPlainText: text),
                                             context: ExtractionContext(languages: ["deu"])).candidates[.tax] ?? []
        #expect(tax.contains { $0.lineIndex == 2 && $0.line == "A 19% 60,83 11,56 72,39" })
    }
}
