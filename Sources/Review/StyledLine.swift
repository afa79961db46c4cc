/// SGR attributes the screen uses; kept to ones every terminal since the VT100 understands.
public struct TextStyle: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let bold = TextStyle(rawValue: 1 << 0)
    public static let dim = TextStyle(rawValue: 1 << 1)
    public static let underline = TextStyle(rawValue: 1 << 2)
    public static let reverse = TextStyle(rawValue: 1 << 3)
    /// Yellow text: a line or value the OCR offered as a candidate.
    public static let highlight = TextStyle(rawValue: 1 << 4)
    /// Green text: a value chosen and waiting to be saved.
    public static let chosen = TextStyle(rawValue: 1 << 5)

    var sgr: String {
        var codes: [String] = []
        if contains(.bold) { codes.append("1") }
        if contains(.dim) { codes.append("2") }
        if contains(.underline) { codes.append("4") }
        if contains(.reverse) { codes.append("7") }
        if contains(.highlight) { codes.append("33") }
        if contains(.chosen) { codes.append("32") }
        return codes.isEmpty ? "" : "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    static let reset = "\u{1B}[0m"
}

/// One screen row built from styled pieces, cut to the terminal's width when rendered.
struct StyledLine {
    private var segments: [(text: String, style: TextStyle)] = []
    /// Style of the spaces that pad the row to the full width (a bar); nil leaves it short.
    var fill: TextStyle?

    init(_ text: String = "", _ style: TextStyle = [], fill: TextStyle? = nil) {
        self.fill = fill
        if !text.isEmpty { add(text, style) }
    }

    mutating func add(_ text: String, _ style: TextStyle = []) {
        segments.append((Terminal.printable(text), style))
    }

    var plainText: String { segments.map(\.text).joined() }

    /// At most `width` columns of text; escape codes take no columns and are always closed.
    func render(width: Int) -> String {
        var out = ""
        var used = 0
        for segment in segments where used < width {
            var piece = ""
            for character in segment.text {
                let columns = Terminal.columns(character)
                if used + columns > width { used = width; break }
                piece.append(character)
                used += columns
            }
            guard !piece.isEmpty else { continue }
            out += segment.style.isEmpty ? piece : segment.style.sgr + piece + TextStyle.reset
        }
        if let fill, used < width {
            let spaces = String(repeating: " ", count: width - used)
            out += fill.isEmpty ? spaces : fill.sgr + spaces + TextStyle.reset
        }
        return out
    }
}

extension Terminal {
    /// OCR text and typed values reach the screen: control characters (ESC above all) must not,
    /// or a receipt could move the cursor or change colours. Tabs become a space.
    public static func printable(_ text: String) -> String {
        String(text.unicodeScalars.map { scalar -> Character in
            switch scalar.value {
            case 0x00..<0x20, 0x7F..<0xA0: return " "
            default: return Character(scalar)
            }
        })
    }

    /// Columns a character takes: 2 for East Asian wide and emoji, else 1. An approximation of
    /// wcwidth that is right for the scripts receipts use.
    public static func columns(_ character: Character) -> Int {
        guard let value = character.unicodeScalars.first?.value else { return 0 }
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// Visible columns of a rendered row: escape sequences removed.
    public static func visibleWidth(_ rendered: String) -> Int {
        stripEscapes(rendered).reduce(0) { $0 + columns($1) }
    }

    public static func stripEscapes(_ rendered: String) -> String {
        var out = ""
        var inEscape = false
        for scalar in rendered.unicodeScalars {
            if inEscape {
                if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
                continue
            }
            if scalar == "\u{1B}" { inEscape = true; continue }
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}
