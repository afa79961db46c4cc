import Extraction
import OCR
import RebutCore

/// Joins the two halves of targeted re-reading: after the first OCR pass it names the lines
/// to read again (on the OCR worker), and afterwards it lets the readings vote on the fields.
struct RereadPlanner: Sendable {
    let extraction: ExtractionContext
    private let extractor = ReceiptExtractor()

    init(extraction: ExtractionContext) {
        self.extraction = extraction
    }

    /// The lines worth a second reading: none when every required field is already confident.
    /// Runs on the OCR worker thread, so it stays pure and cheap (one extraction of the text).
    @Sendable func requests(_ page: OCRPage) -> [LineRereadRequest] {
        let fields = extractor.extract(from: page.lines, context: extraction)
        let uncertain = ReceiptAnalyser.uncertainFields(in: fields)
        guard !uncertain.isEmpty else { return [] }
        return LineHints.lines(for: uncertain, in: page.lines, extracted: fields).map { hint in
            LineRereadRequest(lineIndex: hint.lineIndex, content: hint.field == .date ? .date
                              : hint.field == .total ? .amount : .text)
        }
    }

    /// Extraction over the first reading and every re-read, voting on the fields that were uncertain.
    func merge(_ page: OCRPage) -> ReceiptFields {
        let first = extractor.extract(from: page.lines, context: extraction)
        let uncertain = ReceiptAnalyser.uncertainFields(in: first)
        let alternatives = page.rereads.map {
            AlternativeReading(lineIndex: $0.lineIndex, text: $0.text, confidence: $0.confidence)
        }
        return extractor.extract(from: page.lines, alternatives: alternatives, merging: uncertain, context: extraction)
    }
}
