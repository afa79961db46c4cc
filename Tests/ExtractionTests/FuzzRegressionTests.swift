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

    /// A tax table whose labels head the column ("MwSt Netto Steuer Brutto" over "A 19% …"):
    /// the tax candidate quoted header and row joined while pointing at the row alone.
    @Test func taxTableRowQuotesItsOwnLine() {
        expectQuotesOwnLines("""
        ARAL Tankstelle Müller
        Leopoldstraße 44
        80802 München
        Steuer-Nr. 143/123/45678
        Datum 07.08.2022   Uhrzeit 18:02
        Super E10   38,12 l x 1,899  72,39 A
        Snickers                      1,29 B
        Summe EUR                    73,68
        Bar                          80,00
        Rückgeld                      6,32
        MwSt   Netto   Steuer   Brutto
        A 19%  60,83   11,56    72,39
        B  7%   1,21    0,08     1,29
        Vielen Dank für Ihren Einkauf
        """, ExtractionContext(languages: ["deu"]))
    }

    /// Labelled amounts that are all zero left the total ranking empty, and it trapped on
    /// `ranked.first!` (input "R&\n\nBill 0" read as word lines).
    @Test func onlyZeroAmountsGiveNoTotal() {
        for lines in [TextLine.lines(fromPlainText: "R&\n\nBill 0"), readLines("R&\n\nBill 0")] {
            let fields = ReceiptExtractor().extract(from: lines, context: ExtractionContext(knownVendors: ["MERCADONA"]))
            #expect(fields.total == nil)
            #expect(fields.candidates[.total] == nil)
        }
        #expect(extract("TOTAL 0.00\nCASH 0,00").total == nil)
    }

    /// Control characters in a line (an escape sequence, a NUL) never reach a vendor name.
    @Test func vendorNamesHaveNoControlCharacters() {
        let fields = extract("CAFE\u{05} DEL\u{1B}[31m MAR S.L.\nDate: 14/07/2019\nTOTAL 4,50")
        for candidate in fields.candidates[.vendor] ?? [] {
            #expect(!candidate.value.unicodeScalars.contains { $0.properties.generalCategory == .control },
                    "\(candidate.value.debugDescription)")
        }
    }
}
