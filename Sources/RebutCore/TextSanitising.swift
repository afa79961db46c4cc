/// Text that reaches the store or a terminal from OCR or from a user: terminal escape
/// sequences and control characters could rewrite the screen or hide what was stored.
public enum TextSanitising {
    /// Removes ANSI escape sequences (CSI `ESC [ … final`, OSC `ESC ] … BEL/ST`, and two-byte
    /// `ESC x`) and every other control character; tabs and line breaks become spaces.
    public static func withoutControls(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar.value {
            case 0x1B:
                guard let next = scalars.next() else { break }
                if next == "[" {
                    // CSI: parameters and intermediates until a final byte in 0x40...0x7E.
                    while let c = scalars.next(), !(0x40...0x7E).contains(c.value) {}
                } else if next == "]" {
                    // OSC: until BEL or ESC \.
                    while let c = scalars.next(), c.value != 0x07, c.value != 0x1B {}
                }
            case 0x09, 0x0A, 0x0D:
                out.append(" ")
            case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                continue   // C0/C1 controls and bidirectional overrides
            default:
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// At most `limit` characters, with an ellipsis when cut: for echoing a value back.
    public static func abbreviated(_ text: String, limit: Int = 60) -> String {
        let clean = withoutControls(text)
        return clean.count <= limit ? clean : String(clean.prefix(limit - 1)) + "…"
    }
}
