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
            if m.contains(any: Keywords.legalForms) { score += 0.45 }
            if m.contains(any: Keywords.addressWords) { score -= 0.35 }
            let range = NSRange(location: 0, length: (folded as NSString).length)
            if Self.postcode.firstMatch(in: folded, range: range) != nil { score -= 0.3 }
            if Self.phoneLike.firstMatch(in: folded, range: range) != nil { score -= 0.3 }
            if !line.amounts.filter(\.hasFraction).isEmpty { score -= 0.3 }
            if !DateParser.readings(in: line.text, lineIndex: line.index).isEmpty { score -= 0.4 }
            if Double(digits) > Double(letters) * 0.4 { score -= 0.3 }
            if letters < 4 { score -= 0.25 }
            // Printed names are upper or title case; an all-lower-case line is handwriting or noise.
            let lower = cleaned.filter(\.isLowercase).count
            let upper = cleaned.filter(\.isUppercase).count
            if upper == 0 && lower > 0 { score -= 0.3 }
            else if upper >= lower { score += 0.05 }
            score -= 0.4 * Self.noiseRatio(cleaned)
            if line.role != nil { score -= 0.3 }
            if let confidence = line.confidence { score *= 0.6 + 0.4 * min(1, max(0, confidence / 100)) }
            scored.append((cleaned, score, line))
        }

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
        let confidence = knownMatch != nil ? max(0.9, top.score)
            : Confidence.fromScores(best: top.score, second: second, strong: 0.9)
        return Result(candidates: Array(candidates.prefix(5)), confidence: confidence)
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
        return TextNormalisation.squeeze(s)
    }
}
