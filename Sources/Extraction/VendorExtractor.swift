import Foundation

/// Picks the vendor from the header block: the business name is printed first and boldest, above
/// the address, registration numbers and the document title.
struct VendorExtractor: Sendable {
    struct Result: Sendable {
        var candidates: [Candidate]
        var confidence: Double
    }

    /// How far down the receipt a name can start.
    static let headerLines = 14
    static let knownVendorThreshold = 0.85

    private static let postcode = try! NSRegularExpression(pattern: #"(?<!\d)\d{5}(?!\d)"#)
    private static let phoneLike = try! NSRegularExpression(pattern: #"\d{2,4}[- ]?\d{3,4}[- ]?\d{3,4}"#)

    func extract(_ lines: [ReceiptLine], context: ExtractionContext) -> Result {
        var scored: [(value: String, score: Double, line: ReceiptLine)] = []
        var rank = 0
        for line in lines.prefix(Self.headerLines) {
            let cleaned = Self.clean(line.text)
            guard Self.letterCount(cleaned) >= 2 else { continue }
            var score = 0.55 - 0.07 * Double(min(rank, 6))
            rank += 1
            let m = line.match
            let folded = m.folded
            let letters = Self.letterCount(cleaned)
            let digits = cleaned.filter(\.isNumber).count

            if isTitle(m, letters: letters) { score -= 0.6 }
            let legal = m.contains(any: Keywords.legalForms)
            if legal { score += 0.45 }
            else if m.contains(any: Keywords.businessWords) { score += 0.05 }
            if m.contains(any: Self.ownerWords) { score += 0.15 }
            if m.contains(any: Keywords.addressWords) { score -= 0.35 }
            let range = NSRange(location: 0, length: (folded as NSString).length)
            if Self.postcode.firstMatch(in: folded, range: range) != nil { score -= 0.3 }
            if Self.phoneLike.firstMatch(in: folded, range: range) != nil { score -= 0.3 }
            if !line.amounts.filter(\.hasFraction).isEmpty { score -= 0.3 }
            if !DateParser.readings(in: line.text, lineIndex: line.index).isEmpty { score -= 0.4 }
            if Double(digits) > Double(letters) * 0.4 { score -= 0.3 }
            if letters < 4 { score -= 0.25 }
            // A lone short word ("Latte", "Hose") is a logo fragment or speck more often than a name.
            if letters < 6, !cleaned.contains(" "), !legal { score -= 0.12 }
            // Printed names are upper or title case; an all-lower-case line is handwriting or noise.
            let lower = cleaned.filter(\.isLowercase).count
            let upper = cleaned.filter(\.isUppercase).count
            if upper == 0 && lower > 0 { score -= 0.3 }
            else if upper >= lower { score += 0.05 }
            score -= 0.4 * Self.noiseRatio(cleaned)
            // A payment or total line names an amount; a name that merely contains "MASTER" does not.
            if line.role != nil, !line.amounts.isEmpty { score -= 0.3 }
            if let confidence = line.confidence { score *= 0.6 + 0.4 * min(1, max(0, confidence / 100)) }
            scored.append((cleaned, score, line))
        }
        scored += joinedNames(scored, lines: lines)

        // A store the user already has wins when a header line is a close fuzzy match.
        var knownMatch: (String, Double, ReceiptLine)? = nil
        for line in scored {
            for known in context.knownVendors {
                let similarity = Self.bestSimilarity(known, line.value)
                if similarity >= Self.knownVendorThreshold, similarity > (knownMatch?.1 ?? 0) {
                    knownMatch = (known, similarity, line.line)
                }
            }
        }

        var candidates = scored.sorted { $0.score > $1.score }
            .map { Candidate(value: $0.value, score: Confidence.clamp($0.score), line: $0.line.text, lineIndex: $0.line.index) }
        if let (known, similarity, line) = knownMatch {
            candidates.removeAll { TextSimilarity.normalisedKey($0.value) == TextSimilarity.normalisedKey(known) }
            candidates.insert(Candidate(value: known, score: min(1, similarity), line: line.text, lineIndex: line.index), at: 0)
        }
        var seen = Set<String>()
        candidates = candidates.filter { seen.insert(TextSimilarity.normalisedKey($0.value)).inserted }
        guard let top = candidates.first else { return Result(candidates: [], confidence: 0) }
        let second = candidates.count > 1 ? candidates[1].score : 0
        var confidence = knownMatch != nil ? max(0.9, top.score)
            : Confidence.fromScores(best: top.score, second: second, strong: 0.9)
        // A legal form is the surest sign the line is a business name.
        if knownMatch == nil, MatchableLine(top.value).contains(any: Keywords.legalForms) {
            confidence = max(confidence, 0.6)
        }
        return Result(candidates: Array(candidates.prefix(5)), confidence: confidence)
    }

    /// Words announcing the legal owner under a brand ("Owned by", "Dimiliki oleh", "Une société").
    static let ownerWords = ["OWNED BY", "OWNER BY", "OPERATED BY", "DIMILIKI", "DIMILIKI OLEH", "A DIVISION OF"]

    /// Names split over two lines: a legal form alone ("SDN BHD", "CO. (M) SDN BHD") takes the line
    /// above, and a line ending in "&" takes the line below.
    private func joinedNames(_ scored: [(value: String, score: Double, line: ReceiptLine)],
                             lines: [ReceiptLine]) -> [(value: String, score: Double, line: ReceiptLine)] {
        var joined: [(value: String, score: Double, line: ReceiptLine)] = []
        for (k, entry) in scored.enumerated() {
            // Only a legal form completes a name; a trade line ("BISTRO & CAFE") under a brand is a tagline.
            let digitsOutsideParentheses = entry.value.replacingOccurrences(
                of: #"\([^)]*\)?"#, with: "", options: .regularExpression).contains(where: \.isNumber)
            if entry.line.match.contains(any: Keywords.legalForms), !digitsOutsideParentheses,
               Self.nameCore(entry.value) < 4, k > 0,
               let above = scored[..<k].last(where: { $0.score > 0 && Self.letterCount($0.value) >= 3 }) {
                // The two halves of one name are printed alike; a title-case brand over an
                // upper-case company name is two names.
                if above.line.index >= entry.line.index - 2, above.score > 0, Self.nameCore(above.value) >= 3,
                   Self.isUpperCase(above.value) == Self.isUpperCase(entry.value) {
                    joined.append((above.value + " " + entry.value, entry.score + 0.08, entry.line))
                }
            }
            if entry.value.hasSuffix("&"), k + 1 < scored.count {
                let below = scored[k + 1]
                if below.line.index <= entry.line.index + 2, below.score > -0.2 {
                    joined.append((entry.value + " " + below.value, max(entry.score, below.score) + 0.1, entry.line))
                }
            }
        }
        return joined
    }

    /// Letters left in a name once legal forms and filler are removed: "CO. (M) SDN BHD" → 0.
    static func nameCore(_ value: String) -> Int {
        let filler: Set<String> = ["CO", "M", "THE", "AND", "&", "OF"]
        let words = MatchableLine(value).words.filter { !filler.contains($0) }
        let legal = Set((Keywords.legalForms + Keywords.businessWords).flatMap { KeywordPattern.cached($0).words })
        return words.filter { !legal.contains($0) && !$0.allSatisfy(\.isNumber) }.joined().count
    }

    /// A known name matches a line when the whole line is close, or when the line starts with it
    /// (branch names and legal forms often follow: "ACME SDN BHD (KL)").
    static func bestSimilarity(_ known: String, _ line: String) -> Double {
        let whole = TextSimilarity.similarity(known, line)
        let k = TextSimilarity.normalisedKey(known), l = TextSimilarity.normalisedKey(line)
        guard k.count >= 4, l.count > k.count else { return whole }
        let prefix = String(l.prefix(k.count))
        return max(whole, TextSimilarity.similarity(k, prefix) - 0.02)
    }

    private func isTitle(_ m: MatchableLine, letters: Int) -> Bool {
        guard let title = m.firstMatch(Keywords.documentTitles) else { return false }
        let titleLetters = title.filter(\.isLetter).count
        return letters <= titleLetters + 5
    }

    static func isUpperCase(_ s: String) -> Bool {
        let letters = s.filter(\.isLetter)
        return !letters.isEmpty && Double(letters.filter(\.isUppercase).count) >= 0.8 * Double(letters.count)
    }

    static func letterCount(_ s: String) -> Int { s.filter(\.isLetter).count }

    /// Share of characters that are neither letters, digits, spaces nor name punctuation.
    static func noiseRatio(_ s: String) -> Double {
        guard !s.isEmpty else { return 1 }
        let noise = s.filter { !($0.isLetter || $0.isNumber || $0 == " " || ".&()-',/@+".contains($0)) }.count
        var ratio = Double(noise) / Double(s.count)
        // Short tokens of one letter mixed with symbols ("| a &") are noise too.
        let tokens = s.split(separator: " ")
        let tiny = tokens.filter { $0.count == 1 && !"&".contains($0) }.count
        if tokens.count >= 2 { ratio += 0.3 * Double(tiny) / Double(tokens.count) }
        return min(1, ratio)
    }

    /// Trims OCR debris at the edges ("| ", "‘", " ~", trailing dots) and collapses spaces.
    static func clean(_ text: String) -> String {
        var s = TextNormalisation.squeeze(text)
        let keepAtEnd: Set<Character> = [")", "."]
        func isEdgeNoise(_ c: Character) -> Bool { !(c.isLetter || c.isNumber || c == "(" || c == "&") }
        while let first = s.first, isEdgeNoise(first) { s.removeFirst() }
        while let last = s.last, isEdgeNoise(last), !(keepAtEnd.contains(last) && s.dropLast().last?.isLetter == true) {
            s.removeLast()
        }
        // A lone letter or digit separated at the edge is usually a speck read as text.
        let tokens = s.split(separator: " ")
        if tokens.count >= 3, let f = tokens.first, f.count == 1, !(f.first!.isUppercase && f.first!.isLetter) {
            s = tokens.dropFirst().joined(separator: " ")
        }
        // A zero touching letters is an O ("C0.", "K0KO"); digits elsewhere ("99 SPEED") stay.
        s = s.replacingOccurrences(of: #"(?<=[A-Za-z])0|0(?=[A-Za-z])"#, with: "O", options: .regularExpression)
        // "¥" inside a name is a struck "Y" ("D.I.¥.").
        s = s.replacingOccurrences(of: #"(?<=[A-Za-z.])¥|¥(?=[A-Za-z.])"#, with: "Y", options: .regularExpression)
        // Registration numbers printed after the name: "(126926-H)", "(519537", "1070687-M".
        s = Self.trailingRegistration.stringByReplacingMatches(
            in: s, range: NSRange(location: 0, length: (s as NSString).length), withTemplate: "")
        // "$/B", "5/8", "§/B": "S/B" (Sendirian Berhad) as OCR often reads it.
        s = Self.slashSB.stringByReplacingMatches(
            in: s, range: NSRange(location: 0, length: (s as NSString).length), withTemplate: "S/B")
        // After the legal form, only registration debris follows: "S/B 273500-U (KSB)", "SDN BHD (B199K)".
        if let r = Self.legalFormTail.firstMatch(in: s, range: NSRange(location: 0, length: (s as NSString).length)) {
            s = (s as NSString).substring(to: r.range(at: 1).location + r.range(at: 1).length)
        }
        // "SON BHD", "SDN BND", "S0N. BHD.": the Malaysian legal form as OCR often reads it.
        for match in Self.sdnBhd.matches(in: s, range: NSRange(location: 0, length: (s as NSString).length)).reversed() {
            let found = (s as NSString).substring(with: match.range)
            guard found.uppercased().filter(\.isLetter) != "SDNBHD" else { continue }
            let replacement = Self.sdnBhd.replacementString(for: match, in: s, offset: 0, template: "SDN$1 BHD$2")
            s = (s as NSString).replacingCharacters(in: match.range, with: replacement)
        }
        return TextNormalisation.squeeze(s)
    }

    private static let trailingRegistration = try! NSRegularExpression(
        pattern: #"(?<=[A-Za-z.)/])\s*(\([^()]*\d{3,}[^()]*\)?|\(\s*\d[^)]*\)?|\(.{0,2}|\d{5,}\s*-?\s*[A-Za-z]?\)?)\s*$"#)
    private static let slashSB = try! NSRegularExpression(pattern: #"(?<![A-Za-z])[S$5§]/[B8]8?(?![A-Za-z])"#)
    private static let legalFormTail = try! NSRegularExpression(
        pattern: #"^(.*?(?:S/B|B[HN][DO0]\.?|BERHAD|LTD\.?|GMBH|S\.L\.?|S\.A\.?|SARL|SAS))\s+[^A-Za-z]*\d.*$"#,
        options: [.caseInsensitive])
    private static let sdnBhd = try! NSRegularExpression(
        pattern: #"\bS[O0DQI]N(\.?)\s*B[HNA][DO0](\.?)(?![A-Za-z])"#, options: [.caseInsensitive])
}
