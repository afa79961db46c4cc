/// One OCR line prepared for keyword matching.
///
/// Short keywords ("TAX", "IVA", "CB") must match whole words, or they would fire inside other
/// words ("PRIVATE", "TAXI"). Long keywords are matched against the line with spaces removed and
/// tolerate OCR errors ("TOTAI", "T0TAL", "SUBT0TAL", "TotalSales"), one error per five letters.
struct MatchableLine: Sendable {
    let folded: String
    let words: [String]
    /// Letters only, as ASCII bytes (other letters as 0xFF), for the approximate search.
    let compact: [UInt8]
    /// Which of A–Z occur, to rule keywords out before the costly search.
    let letterMask: UInt32
    /// Where a keyword may begin in `compact`: at a word or one letter in (a speck glued in front).
    /// Indexed by position, 0...compact.count + 1 (flags, not sets: matching runs per keyword per line).
    let wordStarts: [Bool]
    /// Where it may end: at a word's end or one letter short ("TOTALS").
    let wordEnds: [Bool]
    /// For exact matches the word must end there too ("SUMME" is not in "SUMMER").
    let wordEndsExactly: [Bool]

    init(_ text: String) {
        folded = TextNormalisation.fold(text)
        // Inside words OCR puts 0 for O and 1 for I/L; keep digits elsewhere.
        let mapped = String(folded.map { c -> Character in c == "0" ? "O" : c })
        words = mapped.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "&") })
            .flatMap { MatchableLine.unglue(String($0)) }
        var letters: [UInt8] = []
        var starts = Set<Int>()
        var ends = Set<Int>()
        var exactEnds = Set<Int>()
        for word in words {
            starts.insert(letters.count)
            starts.insert(letters.count + 1)
            letters += word.filter { $0.isLetter }.map { $0.asciiValue ?? 0xFF }
            ends.formUnion([letters.count - 1, letters.count])
            exactEnds.insert(letters.count)
        }
        func flags(_ positions: Set<Int>) -> [Bool] {
            var result = [Bool](repeating: false, count: letters.count + 2)
            for position in positions where result.indices.contains(position) { result[position] = true }
            return result
        }
        wordEnds = flags(ends)
        wordEndsExactly = flags(exactEnds)
        compact = letters
        wordStarts = flags(starts)
        letterMask = compact.reduce(0) { mask, byte in
            (65...90).contains(byte) ? mask | (1 << UInt32(byte - 65)) : mask
        }
    }

    /// Words OCR often glues to their neighbour ("TOTALGST", "GSTSUMMARY", "TotalSales").
    static let glueWords = ["SUBTOTAL", "TOTAL", "AMOUNT", "SUMMARY", "PAYABLE", "SALES", "ROUNDED"]

    static func unglue(_ word: String) -> [String] {
        for glue in glueWords where word.count > glue.count + 1 {
            if word.hasPrefix(glue) { return [glue] + unglue(String(word.dropFirst(glue.count))) }
            if word.hasSuffix(glue) { return unglue(String(word.dropLast(glue.count))) + [glue] }
        }
        return [word]
    }

    func contains(any keywords: KeywordSet) -> Bool {
        keywords.patterns.contains { contains($0) }
    }

    /// The first keyword of the set that matches, for reporting which anchor fired.
    func firstMatch(_ keywords: KeywordSet) -> String? {
        keywords.patterns.first { contains($0) }?.keyword
    }

    func contains(_ pattern: KeywordPattern) -> Bool {
        if pattern.letters.count <= 4 || pattern.exactWords {
            return containsWords(pattern)
        }
        // One OCR error per six letters; five-letter words are exact ("CASTE" is not "CARTE"),
        // except TOTAL, the anchor OCR mangles most and matters most ("TOTAI", "T0TAL").
        let length = pattern.letters.count
        if length < 6, !pattern.isTotalAnchor {
            return approximatelyContains(pattern.letters, errors: 0)
        }
        // A word of one or two letters inside a phrase ("TOTAL HT", "TO PAY") is what tells the
        // phrase apart: one error would replace it ("TOTAL TO" is not "TOTAL HT"), so it is exact.
        guard pattern.shortWords.allSatisfy(words.contains) else { return false }
        let errors = length >= 10 ? 2 : 1
        // Every pattern letter absent from the line costs at least one edit.
        var absent = 0
        for bit in pattern.letterBits where letterMask & bit == 0 {
            absent += 1
            if absent > errors { return false }
        }
        return approximatelyContains(pattern.letters, errors: errors)
    }

    private func containsWords(_ pattern: KeywordPattern) -> Bool {
        let sequence = pattern.words
        guard !sequence.isEmpty, sequence.count <= words.count else { return false }
        // Every line meets every short keyword: only the few with a Q pay for the lenient compare.
        let matches: (String, String) -> Bool = pattern.readsLeniently ? { Self.reads($0, as: $1) } : { $0 == $1 }
        for start in 0...(words.count - sequence.count) {
            var ok = true
            for (k, w) in sequence.enumerated() where !matches(words[start + k], w) { ok = false; break }
            if ok { return true }
        }
        return false
    }

    /// A short keyword's letter Q also matches an O: OCR drops the tail of a Q more than any
    /// other confusion inside short words ("Oty" for "Qty" on 12 of 262 tune receipts). Not in
    /// two-letter ones: "TQ" (thank you) would take every "TO".
    ///
    /// A four-letter keyword also matches a word one look-alike letter away ("GASH" for CASH,
    /// "PAlD" for PAID): one such letter, never two, and only between shapes OCR confuses, so
    /// "WASH" or "EACH" stay words of their own. Three-letter words stay exact ("TAX", "BAR").
    static func reads(_ word: String, as keyword: String) -> Bool {
        if word == keyword { return true }
        guard word.count == keyword.count else { return false }
        var lookalikes = 0
        for (read, printed) in zip(word, keyword) where read != printed {
            if printed == "Q" && read == "O" && keyword.count >= 3 { continue }
            guard keyword.count == 4, KeywordPattern.lookalike(read, printed) else { return false }
            lookalikes += 1
        }
        return lookalikes <= 1
    }

    /// Sellers' algorithm: is there a substring of `compact`, starting at a word, within `errors`
    /// edits of `pattern`? Anchoring at words keeps "ENTERPRISE" from matching "TENDER".
    private func approximatelyContains(_ pattern: [UInt8], errors: Int) -> Bool {
        let m = pattern.count
        guard m > 0, compact.count >= m - errors else { return false }
        let never = m + errors + 1
        var previous = Array(0...m)
        if !wordStarts[0] { previous = [Int](repeating: never, count: m + 1) }
        var current = [Int](repeating: 0, count: m + 1)
        if previous[m] <= errors { return true }
        for (j, c) in compact.enumerated() {
            current[0] = wordStarts[j + 1] ? 0 : never
            for i in 1...m {
                let cost = pattern[i - 1] == c ? 0 : 1
                current[i] = min(previous[i - 1] + cost, previous[i] + 1, current[i - 1] + 1)
            }
            if current[m] <= errors, (errors == 0 ? wordEndsExactly : wordEnds)[j + 1] { return true }
            swap(&previous, &current)
        }
        return false
    }
}

/// A list of keywords compiled once (at first use of the static list that holds it), so matching,
/// which runs for every keyword on every line, takes no lock and compiles nothing.
struct KeywordSet: Sendable, ExpressibleByArrayLiteral {
    let patterns: [KeywordPattern]

    init(_ keywords: [String]) { patterns = keywords.map(KeywordPattern.init) }
    init(arrayLiteral keywords: String...) { self.init(keywords) }

    var keywords: [String] { patterns.map(\.keyword) }

    static func + (a: KeywordSet, b: KeywordSet) -> KeywordSet { KeywordSet(a.keywords + b.keywords) }
}

/// A keyword split once into the forms the matcher needs.
struct KeywordPattern: Sendable {
    let keyword: String
    let words: [String]
    let letters: [UInt8]
    let letterBits: [UInt32]
    /// Keywords made of punctuation-heavy abbreviations ("S.L.", "C/") match as words only.
    let exactWords: Bool
    let isTotalAnchor: Bool
    /// A word of three letters or more with a Q, which `MatchableLine.reads` lets OCR's O stand
    /// for, or of four letters with a letter OCR confuses with another (`lookalike`).
    let readsLeniently: Bool
    /// Words of one or two letters in a phrase, which an approximate match must find whole.
    let shortWords: [String]

    init(_ keyword: String) {
        self.keyword = keyword
        let folded = TextNormalisation.fold(keyword)
        words = folded.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "&") }).map(String.init)
        letters = folded.filter { $0.isLetter }.map { $0.asciiValue ?? 0xFF }
        isTotalAnchor = folded.contains("TOTAL")
        letterBits = letters.map { (65...90).contains($0) ? 1 << UInt32($0 - 65) : 0 }
        readsLeniently = words.contains { ($0.count >= 3 && $0.contains("Q")) || ($0.count == 4 && $0.contains(where: Self.confusable.contains)) }
        shortWords = words.count > 1 ? words.filter { $0.count <= 2 && $0.allSatisfy(\.isLetter) } : []
        // Dotted abbreviations ("S.L.", "C/") and lone short words match as words; "SDN BHD" may be fuzzy.
        exactWords = letters.count <= 4 || (words.allSatisfy { $0.count <= 2 } && words.count > 1)
            || keyword.contains(".") || keyword.contains("/")
    }

    /// Letters a till's print and a low-resolution scan make OCR read as one another: the open
    /// and closed C and G, the round O and D, the upright I and L, and the digits 1 for I or L and
    /// 0 for O ("1NCL" for INCL).
    static let lookalikePairs: Set<String> = ["CG", "GC", "OD", "DO", "IL", "LI", "1I", "1L", "0O"]
    static let confusable = Set(lookalikePairs.joined())

    static func lookalike(_ read: Character, _ printed: Character) -> Bool {
        lookalikePairs.contains(String([read, printed]))
    }
}
