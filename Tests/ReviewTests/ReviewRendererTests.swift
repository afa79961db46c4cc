import Foundation
import RebutCore
import Review
import Store
import Testing

/// The screen as text: size contract, truncation, highlights, scores.
@Suite struct ReviewRendererTests {
    /// Whether the row sets an SGR attribute (7 reverse, 33 yellow), alone or combined ("1;7").
    static func sets(_ code: String, in row: String) -> Bool {
        row.components(separatedBy: "\u{1B}[").dropFirst().contains { piece in
            guard let end = piece.firstIndex(of: "m") else { return false }
            return piece[..<end].split(separator: ";").contains { $0 == code }
        }
    }
    static func reversed(_ row: String) -> Bool { sets("7", in: row) }
    static func yellow(_ row: String) -> Bool { sets("33", in: row) }

    func assertFits(_ rows: [String], width: Int, height: Int) {
        #expect(rows.count == height)
        for (i, row) in rows.enumerated() {
            #expect(Terminal.visibleWidth(row) <= width, "row \(i) is \(Terminal.visibleWidth(row)) wide: \(row)")
        }
    }

    @Test func theScreenFits80By24AndLongLinesAreCut() throws {
        let fixture = try ReviewStoreFixture()
        let long = "ITEM " + String(repeating: "very long description ", count: 12) + "1.00"
        try fixture.fileSynthetic(seed: 1, ocrLines: [long])
        let session = try fixture.session()
        let rows = ReviewRenderer.render(session, width: 80, height: 24)
        assertFits(rows, width: 80, height: 24)
        let plain = rows.map(Terminal.stripEscapes)
        #expect(plain.contains { $0.contains("ITEM very long description") })
        #expect(!plain.contains { $0.contains("1.00") && $0.contains("ITEM") })   // the end was cut off
        #expect(plain.last == ReviewRenderer.keyMap)
        #expect(plain[0].contains("Review 1/1") && plain[0].contains("synthetic-1.jpg") && plain[0].contains("Girona"))
    }

    @Test func theFocusedFieldsCandidateLinesAreHighlightedAndScoresShown() throws {
        let fixture = try ReviewStoreFixture()
        try fixture.fileSynthetic(seed: 1)
        var session = try fixture.session()
        session.press(.right)   // total: candidates on lines 7 (TOTAL), 8 (EFECTIU), 5 (SUBTOTAL)
        let rows = ReviewRenderer.render(session, width: 80, height: 24)
        func row(containing text: String, excluding other: String = "\u{0}") -> String? {
            rows.first { Terminal.stripEscapes($0).contains(text) && !Terminal.stripEscapes($0).contains(other) }
        }
        // OCR pane rows carry a line number and a bar; the candidate list rows carry the score.
        let totalLine = try #require(row(containing: "│▶TOTAL 9.09"))
        #expect(Self.reversed(totalLine))
        let cashLine = try #require(row(containing: "│›EFECTIU 10.00"))
        #expect(Self.yellow(cashLine) && !Self.reversed(cashLine))
        let plainLine = try #require(row(containing: "IVA 10% 0.83"))
        #expect(!Self.yellow(plainLine) && !Self.reversed(plainLine))

        let first = try #require(row(containing: "9.09", excluding: "│"))
        #expect(Terminal.stripEscapes(first).contains("1  9.09"))
        #expect(Terminal.stripEscapes(first).contains("0.48"))
        #expect(Terminal.stripEscapes(first).contains("line 7: “TOTAL 9.09”"))
        #expect(Self.reversed(first))
        let third = try #require(row(containing: "8.26", excluding: "│"))
        #expect(Terminal.stripEscapes(third).contains("0.21"))

        session.press(.down)
        let moved = ReviewRenderer.render(session, width: 80, height: 24)
        #expect(moved.contains { Terminal.stripEscapes($0).contains("│▶EFECTIU 10.00") && Self.reversed($0) })
    }

    @Test func aLargerTerminalGetsMoreRowsAndStillFits() throws {
        let fixture = try ReviewStoreFixture()
        try fixture.fileSynthetic(seed: 1, ocrLines: (1...40).map { "LINE \($0)" })
        let session = try fixture.session()
        let rows = ReviewRenderer.render(session, width: 132, height: 43)
        assertFits(rows, width: 132, height: 43)
        #expect(rows.contains { Terminal.stripEscapes($0).contains("LINE 19") })
        let small = ReviewRenderer.render(session, width: 80, height: 24)
        #expect(!small.contains { Terminal.stripEscapes($0).contains("LINE 19") })
    }

    @Test func typingCategoriesAndNoticesAppearOnScreen() throws {
        let fixture = try ReviewStoreFixture()
        try fixture.fileSynthetic(seed: 1)
        var session = try fixture.session()
        session.type("e")
        session.type("2019-04-0")
        var plain = ReviewRenderer.render(session, width: 80, height: 24).map(Terminal.stripEscapes)
        #expect(plain.contains { $0.hasPrefix("date> 2019-04-0") })

        session.press(.escape)
        session.type("c")
        let picker = ReviewRenderer.render(session, width: 80, height: 24)
        assertFits(picker, width: 80, height: 24)
        plain = picker.map(Terminal.stripEscapes)
        #expect(plain.contains { $0.contains("▶ meals") && $0.contains("(now)") })
        #expect(plain.contains { $0.contains("office") && $0.contains("Office supplies") })

        session.press(.down, .enter)
        plain = ReviewRenderer.render(session, width: 80, height: 24).map(Terminal.stripEscapes)
        #expect(plain.contains { $0.contains("category lodging*") })
        #expect(plain.contains { $0.contains("category ← lodging") })
    }

    @Test func controlCharactersFromTheOCRNeverReachTheTerminal() throws {
        let fixture = try ReviewStoreFixture()
        try fixture.fileSynthetic(seed: 1, ocrLines: ["EVIL \u{1B}[2J\u{07} LINE"])
        let rows = ReviewRenderer.render(try fixture.session(), width: 80, height: 24)
        #expect(!rows.joined().contains("\u{1B}[2J"))
        #expect(!rows.joined().contains("\u{07}"))
        #expect(rows.contains { Terminal.stripEscapes($0).contains("EVIL  [2J  LINE") })
    }

    @Test func aTooSmallTerminalGetsAMessageNotAGarbledScreen() throws {
        let fixture = try ReviewStoreFixture()
        try fixture.fileSynthetic(seed: 1)
        let rows = ReviewRenderer.render(try fixture.session(), width: 30, height: 10)
        assertFits(rows, width: 30, height: 10)
        #expect(Terminal.stripEscapes(rows[0]).hasPrefix("Terminal too small"))
    }
}

@Suite struct KeyDecoderTests {
    @Test func arrowsDigitsAndEditingKeys() {
        var decoder = KeyDecoder()
        let keys = decoder.decode(Array("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}OA2\r\n\u{7F}\u{08}\u{03}\u{1B}[5~\u{1B}[6~q".utf8))
        #expect(keys == [.up, .down, .right, .left, .up, .character("2"), .enter, .enter,
                         .backspace, .backspace, .interrupt, .pageUp, .pageDown, .character("q")])
    }

    @Test func aSequenceSplitAcrossReadsIsKeptUntilComplete() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[".utf8)) == [])
        #expect(decoder.decode(Array("B".utf8)) == [.down])
        let e = Array("é".utf8)
        #expect(decoder.decode(e[0..<1]) == [])
        #expect(decoder.decode(e[1...]) == [.character("é")])
    }

    @Test func aLoneEscapeIsTheEscapeKey() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [.escape])
        #expect(decoder.decode(Array("\u{1B}x".utf8)) == [.escape, .character("x")])
        #expect(decoder.decode(Array("\u{1B}[99z".utf8)) == [])   // unknown sequences are dropped whole
    }
}
