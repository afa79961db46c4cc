import Extraction
import OCR
import RebutCore
import Synchronization

/// Joins the two halves of targeted re-reading: after the first OCR pass it names the lines
/// to read again (on the OCR worker), and afterwards it lets the readings vote on the fields.
///
/// Two kinds of re-reading: lines likely to hold an *uncertain* date or vendor are read once
/// more, enlarged; the lines holding the picked date and total are *verified*, read at several
/// smaller sizes when Tesseract doubts their digits, because a confident pick can still be a
/// misread digit, and so are the lines of leading total candidates one digit apart, since one of
/// them must be misread. Uncertain totals are otherwise left to the receipt's own sums: re-reading
/// every uncertain total line changed no total on sroie-dev (163/180 with and without), nor on
/// the tune part (229/262), and was a third of all line re-reads (304 → 198).
public struct RereadPlanner: Sendable {
    let extraction: ExtractionContext
    let verificationLineHeights: [Int]
    private let extractor = ReceiptExtractor()
    /// The same reading is extracted to plan re-reads, to decide on a fallback and to merge:
    /// once is enough.
    private let extractions = ExtractionMemo()

    /// Fields whose picked line is verified. Totals too: on the tune part (262 receipts) verifying
    /// the total's line when its digits are doubtful read 2 more totals right (229 → 231), lost
    /// none, and cost about 1% of the worker's time; the two were faint low-resolution scans
    /// whose first reading took a 9 for a 4 or dropped a digit.
    static let verifiedFields: [ReceiptField] = [.date, .total]
    /// Uncertain fields whose likely lines are re-read.
    static let rereadWhenUncertain: Set<ReceiptField> = [.date, .vendor]
    /// Uncertain fields whose readings are counted rather than ranked by confidence. Totals: the
    /// receipt's sums already judge each reading, so agreement is the better tie-break; dates and
    /// vendors: a lone confident re-read beats a weak page pick (sroie-dev: counting uncertain
    /// dates lost 1 receipt, counting uncertain vendors lost 1, ranking uncertain totals lost 2).
    static let countedWhenUncertain: Set<ReceiptField> = [.total]

    public init(extraction: ExtractionContext, verificationLineHeights: [Int] = LineRereadOptions.default.verificationLineHeights) {
        self.extraction = extraction
        self.verificationLineHeights = verificationLineHeights
    }

    /// The lines worth a second reading. Runs on the OCR worker thread, so it stays pure and
    /// cheap (one extraction of the text).
    @Sendable func requests(_ page: OCRPage) -> [LineRereadRequest] {
        let fields = extract(page.lines)
        var requests: [LineRereadRequest] = []
        let uncertain = ReceiptAnalyser.uncertainFields(in: fields).filter(Self.rereadWhenUncertain.contains)
        if !uncertain.isEmpty {
            requests = LineHints.lines(for: uncertain, in: page.lines, extracted: fields).map { hint in
                LineRereadRequest(lineIndex: hint.lineIndex, content: Self.content(of: hint.field))
            }
        }
        guard !verificationLineHeights.isEmpty else { return requests }
        var verified: [(line: Int, field: ReceiptField)] = Self.doubtfulPicks(fields, lines: page.lines).compactMap { field in
            fields.candidates[field]?.first?.lineIndex.map { ($0, field) }
        }
        verified += Self.linesOfTotalsOneDigitApart(fields).map { ($0, .total) }
        for (line, field) in verified where !requests.contains(where: { $0.lineIndex == line && $0.lineHeights != nil }) {
            requests.append(LineRereadRequest(lineIndex: line, content: Self.content(of: field),
                                              lineHeights: verificationLineHeights))
        }
        return requests
    }

    /// Below this word confidence (Tesseract's 0...100) the digits of a verified pick are
    /// doubtful. On sroie-dev, 9 of 24 misread date words but only 16 of 159 right ones score
    /// below 70; but a low-resolution scan's misread digits often score 70–89 ("06/03/2016" at
    /// 81 for 2018, "08/01/2018" at 79 for the 5th) and went unverified. Raised to 90 (session
    /// 23): scan-poor tune 152 → 155 all three, tune and the first wild set unchanged, with
    /// agreement no longer outvoting a page pick the receipt trusts more (`RereadVote`); about
    /// one line more read per receipt.
    static let doubtfulWordConfidence = 90.0

    /// Confident fields whose pick Tesseract itself doubts: the least confident word printing the
    /// field's kind of value on the picked line (`printsValue`), or else with digits, scores below
    /// `doubtfulWordConfidence`. A doubted time or till number beside a surely read date is no
    /// doubt about the date.
    static func doubtfulPicks(_ fields: ReceiptFields, lines: [TextLine]) -> [ReceiptField] {
        verifiedFields.filter { field in
            guard let index = fields.candidates[field]?.first?.lineIndex, lines.indices.contains(index) else { return false }
            let numeric = lines[index].words.filter { $0.text.filter(\.isNumber).count >= 2 }
            let printing = numeric.filter { printsValue(field, $0.text) }
            guard let least = (printing.isEmpty ? numeric : printing).map(\.confidence).min() else { return false }
            return least < doubtfulWordConfidence
        }
    }

    /// Whether a word has the shape of the field's value: a date's digits around a separator
    /// ("09/03/2018", "2018-03-09"), an amount's cents ("170.00", "$8,60").
    static func printsValue(_ field: ReceiptField, _ word: String) -> Bool {
        switch field {
        case .date: return word.contains(#/\d[\/.\-]\d{1,2}[\/.\-]\d/#)
        case .total: return word.contains(#/\d[.,]\d\d(?!\d)/#)
        default: return false
        }
    }

    /// How many of the total's leading candidates are compared for amounts one digit apart.
    static let disagreeingTotalsCompared = 3

    /// Lines of leading total candidates one digit apart, one of them a misread
    /// (`ReceiptExtractor.linesOfTotalsOneDigitApart`): both are read again at the verification
    /// sizes, and the readings are counted (`merge`).
    static func linesOfTotalsOneDigitApart(_ fields: ReceiptFields) -> [Int] {
        ReceiptExtractor.linesOfTotalsOneDigitApart(fields, leading: disagreeingTotalsCompared)
    }

    /// The page segmentation mode for reading the whole page again when the first reading has
    /// no candidate at all for the date or the total: 6 (one uniform block) rejoins lines that
    /// mode 4 split across columns. One such reading at most, so a receipt costs about two
    /// readings, never three. Measured on the tune part (262 receipts): no fallback 235 dates
    /// right, mode 11 alone 238, mode 6 alone 241, 6 then 11 (as before) 242 — the second
    /// reading bought one date for a third full OCR pass on every receipt lacking one, and made
    /// such receipts take 3× a bare `tesseract` run.
    static let fallbackModes = [6]
    static let fieldsWorthAFallback: [ReceiptField] = [.date, .total]

    /// Fields a fallback reading may also take over when the first reading is unsure of them.
    /// Mode 4 and mode 6 misread different receipts: on scan-poor tune the exact total is in
    /// the text of 203 receipts read in mode 4, of 206 in mode 6, of 218 in either (the day:
    /// 62.6% and 66.4%; the vendor: 72.5% and 76.3%), yet mode 6 alone read tune 11 totals
    /// worse. Which reading is right is told by extraction's own confidence, which weighs
    /// labels, layout and the receipt's sums.
    static let fieldsComparedWithFallback: [ReceiptField] = [.total, .date, .vendor]
    /// Below this confidence (0...1) a field of the first reading is unsure, and the page is read
    /// once more as one block. At 0.5, a quarter of tune's receipts and under half of scan-poor
    /// tune's and the wild set's pay for the second reading; higher gates bought no more fields
    /// there (stored readings of both modes, `bench ocr --psm`).
    public static let unsureConfidence = 0.5
    /// A fallback's field replaces the first reading's only when this much more confident:
    /// a near tie keeps the first reading, which rereads of its lines have checked.
    static let takeoverMargin = 0.1

    /// The next whole-page reading to make, or nil when every field worth one has a candidate
    /// and the first reading is sure enough of each compared field.
    @Sendable func nextFallbackMode(_ page: OCRPage) -> Int? {
        let readings = [page.lines] + page.fallbackReadings.map(\.lines)
        let missing = Self.fieldsWorthAFallback.filter { field in
            !readings.contains { !(extract($0).candidates[field] ?? []).isEmpty }
        }
        guard !missing.isEmpty || Self.isUnsure(extract(page.lines)) else { return nil }
        return Self.fallbackModes.first { mode in !page.fallbackReadings.contains { $0.pageSegmentationMode == mode } }
    }

    /// Whether a first reading lacks a field worth a fallback or is unsure of a compared one
    /// (`bench extraction --fallback-gate` replays other gates on stored readings).
    public static func wantsFallback(_ first: ReceiptFields, unsureBelow gate: Double = unsureConfidence) -> Bool {
        fieldsWorthAFallback.contains { (first.candidates[$0] ?? []).isEmpty } || isUnsure(first, below: gate)
    }

    static func isUnsure(_ first: ReceiptFields, below gate: Double = unsureConfidence) -> Bool {
        fieldsComparedWithFallback.contains { (first.confidence[$0] ?? 0) < gate }
    }

    /// Extraction over the first reading and every re-read, voting on the uncertain fields and
    /// on the verified ones; a field the first reading lacks entirely comes from a fallback reading.
    public func merge(_ page: OCRPage) -> ReceiptFields {
        let first = extract(page.lines)
        var fields = ReceiptAnalyser.uncertainFields(in: first)
        var counted = Set(fields.filter { Self.countedWhenUncertain.contains($0) })
        var doubted = Self.doubtfulPicks(first, lines: page.lines)
        if !Self.linesOfTotalsOneDigitApart(first).isEmpty, !doubted.contains(.total) { doubted.append(.total) }
        for field in doubted where !fields.contains(field) {
            fields.append(field)
            counted.insert(field)
        }
        let alternatives = page.rereads.map {
            AlternativeReading(lineIndex: $0.lineIndex, text: $0.text, confidence: $0.confidence)
        }
        var merged = extractor.extract(from: page.lines, alternatives: alternatives, merging: fields,
                                       countingReadings: counted, context: extraction, firstReading: first)
        for fallback in page.fallbackReadings {
            let other = extract(fallback.lines)
            // A field worth a fallback that the page lacks, or one the fallback is surer of.
            let taken = Self.fieldsComparedWithFallback.filter { field in
                guard !(other.candidates[field] ?? []).isEmpty else { return false }
                let missing = Self.fieldsWorthAFallback.contains(field) && (merged.candidates[field] ?? []).isEmpty
                return missing || (other.confidence[field] ?? 0) > (merged.confidence[field] ?? 0) + Self.takeoverMargin
            }
            for field in taken { Self.take(field, from: other, into: &merged) }
        }
        return merged
    }

    /// One field of a fallback reading, its value, confidence and candidates. Line indexes
    /// point into the fallback reading, not the page: dropped.
    static func take(_ field: ReceiptField, from other: ReceiptFields, into merged: inout ReceiptFields) {
        merged.candidates[field] = (other.candidates[field] ?? []).map { candidate in
            var moved = candidate
            moved.lineIndex = nil
            return moved
        }
        merged.confidence[field] = other.confidence[field]
        switch field {
        case .date: merged.date = other.date
        case .total:
            merged.total = other.total
            merged.currency = merged.currency ?? other.currency
        case .vendor: merged.vendor = other.vendor
        default: break
        }
    }

    private func extract(_ lines: [TextLine]) -> ReceiptFields {
        if let known = extractions.fields(for: lines) { return known }
        let fields = extractor.extract(from: lines, context: extraction)
        extractions.remember(fields, for: lines)
        return fields
    }

    private static func content(of field: ReceiptField) -> LineRereadRequest.Content {
        field == .date ? .date : field == .total ? .amount : .text
    }
}

/// The last few readings extracted by one planner (one receipt: the page and its fallbacks).
private final class ExtractionMemo: Sendable {
    private let entries = Mutex<[(lines: [TextLine], fields: ReceiptFields)]>([])
    private static let capacity = 4

    func fields(for lines: [TextLine]) -> ReceiptFields? {
        entries.withLock { $0.first { $0.lines == lines }?.fields }
    }

    func remember(_ fields: ReceiptFields, for lines: [TextLine]) {
        entries.withLock { entries in
            entries.append((lines, fields))
            if entries.count > Self.capacity { entries.removeFirst() }
        }
    }
}
