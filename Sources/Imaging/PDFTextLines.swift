import Foundation
import RebutCore

/// Turns a PDF page's text layer into the printed lines an OCR reading would give: one
/// `TextLine` per line of print, top to bottom, words left to right, confidence 100.
///
/// poppler orders text by blocks: on a bill, "Total to pay" and its amount at the right margin
/// can come out as two blocks far apart. Extraction expects a label and its amount on one
/// line, as Tesseract reads them, so poppler's lines are regrouped by position: pieces whose
/// vertical centres lie within half a line height of each other form one line.
public enum PDFTextLines {
    /// Lines in pixels at `pixelsPerPoint` (300 dpi is 300/72), so boxes are comparable with
    /// those of a page rendered and read by OCR at that resolution.
    public static func lines(from characters: [PDFCharacter], pixelsPerPoint: Double) -> [TextLine] {
        let pieces = pieces(of: characters)
        guard pieces.allSatisfy({ $0.box != nil }) else {
            // No geometry: poppler's own lines, in its order.
            return pieces.map { TextLine(text: $0.text, confidence: 100) }
        }
        var rows: [[Piece]] = []
        for piece in pieces.sorted(by: { $0.box!.centreY < $1.box!.centreY }) {
            let box = piece.box!
            if let last = rows.last, let lastBox = last.last?.box,
               abs(box.centreY - lastBox.centreY) < 0.5 * min(box.height, lastBox.height) {
                rows[rows.count - 1].append(piece)
            } else {
                rows.append([piece])
            }
        }
        return rows.map { row in line(row.sorted { $0.box!.left < $1.box!.left }, scale: pixelsPerPoint) }
    }

    /// A run of characters poppler put on one of its lines, with their boxes.
    struct Piece {
        var characters: [PDFCharacter]
        var text: String { String(String.UnicodeScalarView(characters.map(\.scalar))).trimmingCharacters(in: .whitespaces) }
        /// Union of the boxes of the visible characters.
        var box: PDFRect? { union(characters.filter { !$0.scalar.properties.isWhitespace }.compactMap(\.box)) }
    }

    static func pieces(of characters: [PDFCharacter]) -> [Piece] {
        var pieces: [Piece] = []
        var current: [PDFCharacter] = []
        func flush() {
            let piece = Piece(characters: current)
            if !piece.text.isEmpty { pieces.append(piece) }
            current = []
        }
        for character in characters {
            if character.scalar == "\n" || character.scalar == "\r" { flush(); continue }
            // poppler does not always put a line break between its lines either: a column of
            // labels ran on into the column of amounts beside it ("VAT 20%£29.99", the amount
            // of the line above), and the piece, two lines tall, took its amount to the wrong line.
            if let box = character.box, !character.scalar.properties.isWhitespace,
               let previous = current.last(where: { !$0.scalar.properties.isWhitespace })?.box,
               abs(box.centreY - previous.centreY) >= 0.5 * max(box.height, previous.height) {
                flush()
            }
            current.append(character)
        }
        flush()
        return pieces
    }

    private static func line(_ pieces: [Piece], scale: Double) -> TextLine {
        var words: [Word] = []
        for piece in pieces {
            var run: [PDFCharacter] = []
            func flushWord() {
                defer { run = [] }
                let text = String(String.UnicodeScalarView(run.map(\.scalar)))
                guard !text.isEmpty, let box = union(run.compactMap(\.box)) else { return }
                words.append(Word(text: text, confidence: 100, box: pixels(box, scale)))
            }
            for character in piece.characters {
                if character.scalar.properties.isWhitespace { flushWord(); continue }
                // poppler does not always put a space between words far apart on one line
                // ("Subtotal" ... "£135.88"): a gap wider than a space (~0.28 em) ends the word.
                if let previous = run.last?.box, let box = character.box,
                   box.left - previous.right > 0.25 * max(box.height, previous.height) {
                    flushWord()
                }
                run.append(character)
            }
            flushWord()
        }
        let box = union(pieces.compactMap(\.box)).map { pixels($0, scale) }
        return TextLine(text: words.map(\.text).joined(separator: " "), confidence: 100, box: box, words: words)
    }

    private static func union(_ boxes: [PDFRect]) -> PDFRect? {
        guard var result = boxes.first else { return nil }
        for box in boxes.dropFirst() {
            result = PDFRect(left: min(result.left, box.left), top: min(result.top, box.top),
                             right: max(result.right, box.right), bottom: max(result.bottom, box.bottom))
        }
        return result
    }

    private static func pixels(_ rect: PDFRect, _ scale: Double) -> Box {
        let x = Int((rect.left * scale).rounded(.down)), y = Int((rect.top * scale).rounded(.down))
        return Box(x: x, y: y, width: max(1, Int((rect.right * scale).rounded(.up)) - x),
                   height: max(1, Int((rect.bottom * scale).rounded(.up)) - y))
    }
}

/// Whether a page's text layer can be trusted instead of reading the rendered page.
///
/// A bill printed to PDF has real text; a scan has none, or an invisible OCR layer added by
/// the scanner's software. Such a layer is usually fine, but a font without a Unicode map
/// gives private-use or replacement characters, and a bad OCR layer is mostly punctuation:
/// those pages are rendered and read again. Rare enough that a few tell-tale counts suffice.
public enum PDFTextLayerQuality {
    /// At least this many letters and digits: a receipt or bill has a vendor, a date and a total.
    public static let minimumAlphanumerics = 20

    public static func isUsable(_ lines: [TextLine]) -> Bool {
        var alphanumerics = 0, visible = 0, garbage = 0
        for scalar in lines.flatMap({ $0.text.unicodeScalars }) where !scalar.properties.isWhitespace {
            visible += 1
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil { alphanumerics += 1 }
            if scalar == "\u{FFFD}" || scalar.properties.generalCategory == .privateUse
                || scalar.properties.generalCategory == .control {
                garbage += 1
            }
        }
        guard alphanumerics >= minimumAlphanumerics else { return false }
        // Mostly letters and digits (a bill's punctuation is a fraction), hardly any unmapped glyphs.
        return Double(alphanumerics) >= 0.5 * Double(visible) && Double(garbage) <= 0.05 * Double(visible)
    }
}
