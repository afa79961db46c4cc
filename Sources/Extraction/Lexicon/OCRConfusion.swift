import RebutCore

/// The characters OCR mistakes for one another in printed receipts, so that "MERCAD0NA 5.A." and
/// "MERCADONA S.A." are one misread apart, not three edits.
public enum OCRConfusion {
    /// Each confusable character to one representative: 0/O/Q/D → O, 1/I/L → I, 5/S → S, 8/B → B.
    private static let letterClass: [Character: Character] = [
        "0": "O", "Q": "O", "D": "O", "1": "I", "L": "I", "|": "I", "!": "I", "5": "S", "$": "S", "8": "B",
    ]

    /// A name's key with confusable characters merged ("RN" → "M" first): equal keys are names
    /// OCR could have printed for one another.
    public static func nameKey(_ text: String) -> [Character] {
        let key = TextNormalisation.alphanumericKey(text).replacingOccurrences(of: "RN", with: "M")
        return key.map { letterClass[$0] ?? $0 }
    }

    /// 0...1: 1 − edit distance / longer length, on confusable-merged keys.
    public static func similarity(_ a: String, _ b: String) -> Double {
        let x = nameKey(a), y = nameKey(b)
        guard !x.isEmpty, !y.isEmpty else { return 0 }
        return EditDistance.similarity(x, y)
    }

    /// Registration and phone numbers with letters OCR reads for digits turned back into digits.
    static func numberKey(_ text: String) -> String {
        String(TextNormalisation.alphanumericKey(text).map { c -> Character in
            switch c {
            case "O", "Q", "D": return "0"
            case "I", "L": return "1"
            case "S": return "5"
            case "B": return "8"
            case "Z": return "2"
            default: return c
            }
        })
    }

    /// Digits OCR prints for one another on receipts (a broken or smudged stroke): 6/8, 3/8, 0/8,
    /// 1/7, 5/6… Symmetric.
    static let digitConfusions: [Int: [Int]] = {
        let pairs = [(0, 6), (0, 8), (0, 9), (1, 7), (1, 4), (2, 7), (3, 8), (3, 9), (3, 5), (4, 9),
                     (5, 6), (5, 8), (6, 8), (8, 9)]
        var table: [Int: [Int]] = [:]
        for (a, b) in pairs {
            table[a, default: []].append(b)
            table[b, default: []].append(a)
        }
        return table
    }()

    /// Every number one misread digit away from `value` printed with `width` digits.
    static func oneMisreadAway(_ value: Int, width: Int) -> [Int] {
        var digits = Array(String(value)).compactMap { $0.wholeNumberValue }
        while digits.count < width { digits.insert(0, at: 0) }
        var out: [Int] = []
        for i in digits.indices {
            for replacement in digitConfusions[digits[i]] ?? [] {
                var changed = digits
                changed[i] = replacement
                out.append(changed.reduce(0) { $0 * 10 + $1 })
            }
        }
        return out
    }
}
