/// String similarity for vendor names: 1 − Levenshtein distance / longer length.
///
/// Public because the accuracy benchmark scores vendors with the same measure the extractor uses
/// to match known vendors.
public enum TextSimilarity {
    /// Upper case, letters and digits only: "Mr. D.I.Y. (M) Sdn Bhd" → "MRDIYMSDNBHD".
    public static func normalisedKey(_ text: String) -> String {
        TextNormalisation.alphanumericKey(text)
    }

    /// 0...1 on the normalised keys; two empty names are not similar.
    public static func similarity(_ a: String, _ b: String) -> Double {
        let x = Array(normalisedKey(a)), y = Array(normalisedKey(b))
        guard !x.isEmpty, !y.isEmpty else { return 0 }
        return 1 - Double(levenshtein(x, y)) / Double(max(x.count, y.count))
    }

    public static func levenshtein<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
