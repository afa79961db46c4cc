/// A key press as the review screen understands it, decoded from terminal input bytes.
public enum Key: Sendable, Hashable {
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, backspace, escape, tab
    /// Ctrl-C: raw mode delivers it as a byte rather than a signal.
    case interrupt
    case character(Character)
}

/// Turns the bytes a terminal sends into `Key`s.
///
/// Keeps an incomplete escape sequence or UTF-8 character across reads, because a read may end
/// in the middle of one. A lone ESC at the end of a read is the Escape key: terminals write a
/// whole sequence at once, so an ESC with nothing after it was pressed on its own.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    public init() {}

    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var i = 0
        let b = pending
        parsing: while i < b.count {
            let byte = b[i]
            switch byte {
            case 0x1B:
                guard i + 1 < b.count else { keys.append(.escape); i += 1; break parsing }
                let next = b[i + 1]
                if next == UInt8(ascii: "[") {
                    // CSI: parameters (digits, ';') then one final byte in 0x40...0x7E.
                    var j = i + 2
                    while j < b.count, !(0x40...0x7E).contains(b[j]) { j += 1 }
                    guard j < b.count else { break parsing }     // incomplete: wait for more
                    let parameters = String(decoding: b[(i + 2)..<j], as: UTF8.self)
                    if let key = Self.csi(final: b[j], parameters: parameters) { keys.append(key) }
                    i = j + 1
                } else if next == UInt8(ascii: "O") {
                    // SS3: what terminals in "application cursor" mode send for arrows.
                    guard i + 2 < b.count else { break parsing }
                    if let key = Self.csi(final: b[i + 2], parameters: "") { keys.append(key) }
                    i += 3
                } else {
                    // ESC then another key (Alt+key): report Escape and read the key itself.
                    keys.append(.escape)
                    i += 1
                }
            case 0x0D, 0x0A: keys.append(.enter); i += 1
            case 0x7F, 0x08: keys.append(.backspace); i += 1
            case 0x09: keys.append(.tab); i += 1
            case 0x03: keys.append(.interrupt); i += 1
            case 0x00..<0x20: i += 1   // other control bytes mean nothing here
            default:
                let length = Self.utf8Length(lead: byte)
                guard length > 0 else { i += 1; continue }   // stray continuation byte
                guard i + length <= b.count else { break parsing }
                let text = String(decoding: b[i..<(i + length)], as: UTF8.self)
                if let character = text.first, character != "\u{FFFD}" { keys.append(.character(character)) }
                i += length
            }
        }
        pending = Array(b[i...])
        return keys
    }

    private static func csi(final: UInt8, parameters: String) -> Key? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "~"):
            switch parameters {
            case "1", "7": return .home
            case "4", "8": return .end
            case "5": return .pageUp
            case "6": return .pageDown
            default: return nil
            }
        default: return nil
        }
    }

    private static func utf8Length(lead: UInt8) -> Int {
        switch lead {
        case 0x20..<0x80: return 1
        case 0xC2..<0xE0: return 2
        case 0xE0..<0xF0: return 3
        case 0xF0..<0xF5: return 4
        default: return 0
        }
    }
}
