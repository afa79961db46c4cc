/// Edit distance, shared by vendor matching, category learning and the benchmarks so that they
/// all mean the same thing by "similar".
public enum EditDistance {
    /// Insertions, deletions and substitutions needed to turn `a` into `b` (two-row Levenshtein).
    public static func levenshtein<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1,
                                 previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// 1 − distance / longer length: 1 for equal sequences, 0 when one of them is empty.
    public static func similarity<T: Equatable>(_ a: [T], _ b: [T]) -> Double {
        guard !a.isEmpty, !b.isEmpty else { return a.isEmpty && b.isEmpty ? 1 : 0 }
        return 1 - Double(levenshtein(a, b)) / Double(max(a.count, b.count))
    }
}
