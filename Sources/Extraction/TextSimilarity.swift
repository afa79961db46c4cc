import RebutCore

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
        return EditDistance.similarity(x, y)
    }
}
