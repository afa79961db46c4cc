// libFuzzer target: OCR text in, receipt fields out, through the public `ReceiptExtractor`.
//
// Built and run by scripts/fuzz.sh (REBUT_FUZZ=1, -sanitize=fuzzer,address). Beyond
// "no crash", every input's result is checked against what the rest of Rebut relies on, and a
// broken promise is a crash libFuzzer saves and minimises like any other.
//
// Input layout: the first byte chooses the context (languages, default currency, reference
// date, known vendors, how confidences are given); the rest is UTF-8-ish OCR text, one line per
// "\n". Invalid UTF-8 becomes U+FFFD, as Tesseract's output would never contain it but a
// damaged text file read by `rebut bench` could.

import CLibFuzzer
import Extraction
import Foundation
import RebutCore

// SwiftPM links an executable's own main in place of libFuzzer's, so this main hands over.
var argumentCount = CommandLine.argc
var argumentValues: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argumentCount, &argumentValues, fuzzExtraction))

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzExtraction(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = FuzzInput(UnsafeBufferPointer(start: bytes, count: count))
    let fields = ReceiptExtractor().extract(from: input.lines, context: input.context)
    ExtractionInvariants(lines: input.lines, knownVendors: input.context.knownVendors, fields: fields).check()
    return 0
}

/// One fuzz input decoded into what the extractor takes.
struct FuzzInput {
    let lines: [TextLine]
    let context: ExtractionContext

    /// The language sets Rebut is run with, plus an empty and an unknown one.
    static let languageSets: [[String]] = [
        ["eng"], ["spa"], ["cat", "spa"], ["deu"], ["fra"], ["eng", "spa", "cat", "deu", "fra"], [], ["xyz"],
    ]

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        let options = bytes.first ?? 0
        let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
        let languages = Self.languageSets[Int(options & 0b111)]
        context = ExtractionContext(
            languages: languages,
            defaultCurrency: options & 0b1000 != 0 ? "EUR" : nil,
            referenceDate: options & 0b1_0000 != 0 ? LocalDate(year: 2024, month: 6, day: 30) : nil,
            knownVendors: options & 0b10_0000 != 0 ? ["MERCADONA", "Bäckerei Sonnenschein GmbH", "TESCO STORES LTD"] : [])
        lines = options & 0b100_0000 != 0 ? Self.wordLines(text) : TextLine.lines(fromPlainText: text)
    }

    /// Lines as Tesseract gives them: words with confidences and boxes. A word written "12.50@41"
    /// is read at confidence 41 (as in the extraction tests); others at 95.
    static func wordLines(_ text: String) -> [TextLine] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { row, line in
            let words = line.split(separator: " ").enumerated().map { column, token -> Word in
                let parts = token.split(separator: "@", maxSplits: 1)
                let confidence = parts.count == 2 ? Double(parts[1]) ?? 95 : 95
                return Word(text: String(parts.first ?? ""), confidence: confidence,
                            box: Box(x: column * 60, y: row * 40, width: 50, height: 30))
            }
            let mean = words.isEmpty ? nil : words.map(\.confidence).reduce(0, +) / Double(words.count)
            return TextLine(text: words.map(\.text).joined(separator: " "), confidence: mean,
                            box: Box(x: 0, y: row * 40, width: max(1, words.count) * 60, height: 30), words: words)
        }
    }
}

/// What any extraction result must satisfy, whatever the text.
struct ExtractionInvariants {
    let lines: [TextLine]
    let knownVendors: [String]
    let fields: ReceiptFields

    /// No receipt total or tax comes near this; a larger value means digits were run together.
    static let largestAmount = Decimal(string: "1000000000000")!

    func check() {
        for (field, candidates) in fields.candidates {
            expect(!candidates.isEmpty, "\(field) has an empty candidate list")
            for candidate in candidates { check(candidate, of: field) }
            let confidence = fields.confidence[field]
            expect(confidence.map { $0.isFinite && (0...1).contains($0) } == true,
                   "\(field) confidence \(String(describing: confidence)) is not in 0...1")
        }
        for field in fields.confidence.keys {
            expect(fields.candidates[field] != nil, "\(field) has a confidence but no candidates")
        }
        if let vendor = fields.vendor {
            expect(vendor == fields.candidates[.vendor]?.first?.value, "vendor is not its best candidate")
        }
        if let date = fields.date {
            expect(date.iso8601 == fields.candidates[.date]?.first?.value, "date is not its best candidate")
        }
        if let currency = fields.currency {
            expect(currency == fields.candidates[.currency]?.first?.value, "currency is not its best candidate")
        }
        if let payment = fields.payment {
            expect(payment.rawValue == fields.candidates[.payment]?.first?.value, "payment is not its best candidate")
        }
        check(amount: fields.total, named: "total")
        check(amount: fields.tax, named: "tax")
    }

    private func check(_ candidate: Candidate, of field: ReceiptField) {
        let value = candidate.value
        expect(candidate.score.isFinite && (0...1).contains(candidate.score),
               "\(field) candidate \(value.debugDescription) has score \(candidate.score)")
        expect(!value.isEmpty, "\(field) candidate is empty")
        expect(!value.unicodeScalars.contains(where: Self.isControl),
               "\(field) candidate \(value.debugDescription) contains a control character")
        if let index = candidate.lineIndex {
            expect(lines.indices.contains(index),
                   "\(field) candidate \(value.debugDescription) points at line \(index) of \(lines.count)")
            if lines.indices.contains(index) {
                expect(candidate.line == lines[index].text,
                       "\(field) candidate \(value.debugDescription) quotes \(candidate.line.debugDescription) but line \(index) is \(lines[index].text.debugDescription)")
            }
        }
        switch field {
        case .date:
            expect(LocalDate(iso8601: value) != nil, "date candidate \(value.debugDescription) is not a calendar day")
        case .total, .tax:
            let amount = MoneyFormat.parse(value)
            expect(amount != nil, "\(field) candidate \(value.debugDescription) is not a canonical amount")
            check(amount: amount, named: "\(field) candidate")
        case .currency:
            expect(value.count == 3 && value.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) },
                   "currency candidate \(value.debugDescription) is not an ISO 4217 code")
        case .payment:
            expect(PaymentMethod(rawValue: value) != nil, "payment candidate \(value.debugDescription) is not a method")
        case .vendor:
            // A vendor name is cut from one line, or two when it is printed over two (or is one
            // the user already has): it cannot be longer than the two longest lines together.
            let longest = lines.map(\.text.count).sorted(by: >).prefix(2).reduce(1, +)
            expect(knownVendors.contains(value) || value.count <= longest,
                   "vendor candidate \(value.debugDescription) is longer than its lines")
        case .category:
            break
        }
    }

    private func check(amount: Decimal?, named name: String) {
        guard let amount else { return }
        expect(!amount.isNaN, "\(name) is NaN")
        expect(abs(amount) < Self.largestAmount, "\(name) \(amount) is absurdly large")
        let canonical = MoneyFormat.canonical(amount)
        expect(MoneyFormat.parse(canonical) != nil, "\(name) \(amount) has no canonical text (\(canonical))")
    }

    /// C0 and C1 controls (newline, tab, ANSI escape, DEL…): never part of a field value.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
    }

    private func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
        guard !condition else { return }
        let text = "FuzzExtraction: invariant broken: \(message())\n"
        FileHandle.standardError.write(Data(text.utf8))
        abort()
    }
}
