import Foundation
import RebutCore

/// What the categoriser chose and why.
public struct CategoryDecision: Sendable, Hashable {
    /// A category id; nil when nothing pointed anywhere.
    public var category: String?
    /// 0...1: how sure. 1.0 for a vendor the user categorised before.
    public var score: Double
    /// One sentence a user can check: "learned from your correction for MR DIY".
    public var reason: String
    /// Every category with any evidence, best first; scores comparable with each other.
    public var candidates: [Candidate]

    public init(category: String?, score: Double, reason: String, candidates: [Candidate]) {
        self.category = category
        self.score = score
        self.reason = reason
        self.candidates = candidates
    }
}

/// Chooses a category for a receipt: what the user taught it first, keyword rules otherwise.
public struct Categoriser: Sendable {
    public let rules: CategoryRules
    /// `vendorKey` → category id.
    public let learned: [String: String]

    /// How many header lines stand in for the vendor when extraction found none.
    static let headerLineCount = 6
    /// Vendor keywords found in header lines (no vendor known) count for this share of their weight.
    static let headerShare = 2.0 / 3.0
    /// Below this much evidence (one text keyword is worth 1, one vendor keyword 3) the rules
    /// suggest candidates but choose nothing: a lone "fish" on a bookshop receipt is not meals.
    static let minimumScore = 2.0
    /// The preferred group's categories get their score multiplied by this.
    static let preferredGroupBoost = 1.5

    /// `learned` keys are normalised with `vendorKey`, so raw vendor names work too.
    public init(rules: CategoryRules = .builtIn, learned: [String: String] = [:]) {
        self.rules = rules
        var keyed: [String: String] = [:]
        for (vendor, category) in learned {
            let key = Self.vendorKey(vendor)
            if !key.isEmpty { keyed[key] = category }
        }
        self.learned = keyed
    }

    /// Upper-case, letters and digits only, legal suffixes (SDN BHD, S.L., GMBH, LTD…) dropped.
    public static func vendorKey(_ vendor: String) -> String {
        VendorKey.make(vendor)
    }

    public func categorise(vendor: String?, lines: [TextLine]) -> CategoryDecision {
        categorise(vendor: vendor, lines: lines, preferring: nil)
    }

    /// - Parameter group: the event's kind of spending; its categories win close calls.
    public func categorise(vendor: String?, lines: [TextLine], preferring group: CategoryGroup?) -> CategoryDecision {
        if let vendor, let match = learnedMatch(for: vendor) {
            var decision = CategoryDecision(
                category: match.category, score: match.score,
                reason: match.exact
                    ? "learned from your correction for \(vendor)"
                    : "learned from your correction for a similar vendor (\(match.key))",
                candidates: [Candidate(value: match.category, score: match.score, line: vendor)])
            // Keep the keyword evidence as alternatives for the picker.
            let byRules = ruleDecision(vendor: vendor, lines: lines, preferring: group)
            decision.candidates += byRules.candidates.filter { $0.value != match.category }
            return decision
        }
        return ruleDecision(vendor: vendor, lines: lines, preferring: group)
    }

    // MARK: - Learned vendors

    private struct LearnedMatch { var key: String; var category: String; var score: Double; var exact: Bool }

    /// Exact key first; else the most similar learned key, if similar enough that OCR noise or a
    /// branch name ("MRDIYKUCHAI" vs "MRDIY") explains the difference.
    private func learnedMatch(for vendor: String) -> LearnedMatch? {
        let key = Self.vendorKey(vendor)
        guard !key.isEmpty else { return nil }
        if let category = learned[key] { return LearnedMatch(key: key, category: category, score: 1.0, exact: true) }
        var best: LearnedMatch?
        for (learnedKey, category) in learned {
            let similarity = Self.similarity(key, learnedKey)
            guard similarity >= 0.8 else { continue }
            let score = 0.95 * similarity
            if best.map({ score > $0.score || (score == $0.score && learnedKey < $0.key) }) ?? true {
                best = LearnedMatch(key: learnedKey, category: category, score: score, exact: false)
            }
        }
        return best
    }

    /// 0...1. Edit distance for typos and OCR slips; a long shared prefix for names that gained
    /// or lost a branch suffix.
    static func similarity(_ a: String, _ b: String) -> Double {
        let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
        let shorter = min(x.count, y.count)
        guard shorter >= 4 else { return a == b ? 1 : 0 }
        let byEdits = EditDistance.similarity(x, y)
        let byPrefix = zip(x, y).prefix { $0 == $1 }.count == shorter && shorter >= 5 ? 0.85 : 0
        return max(byEdits, byPrefix)
    }

    // MARK: - Keyword rules

    private struct Evidence {
        var rule: CategoryRule
        var score: Double = 0
        var matched: [String] = []
        var line: String = ""
        var lineIndex: Int?
    }

    private func ruleDecision(vendor: String?, lines: [TextLine], preferring group: CategoryGroup?) -> CategoryDecision {
        let paddedVendor = vendor.map(TextFolding.padded)
        let paddedLines = lines.map { TextFolding.padded($0.text) }
        // Header lines stand in for a vendor extraction did not find; with a vendor they would
        // only add noise (short shop-type words like "bar" also occur in addresses).
        let headerIndices = paddedVendor == nil || paddedVendor == "  "
            ? Array(paddedLines.indices.filter { paddedLines[$0].count > 2 }.prefix(Self.headerLineCount))
            : []

        var evidence: [Evidence] = []
        for rule in rules.rules {
            var found = Evidence(rule: rule)
            func note(_ keyword: Keyword, _ worth: Double, line: String, index: Int?) {
                found.score += worth
                if !found.matched.contains(keyword.text) { found.matched.append(keyword.text) }
                if found.lineIndex == nil && found.line.isEmpty { found.line = line; found.lineIndex = index }
            }
            for keyword in rule.vendorKeywords {
                if let paddedVendor, keyword.occurs(in: paddedVendor) {
                    note(keyword, keyword.weight, line: vendor ?? "", index: nil)
                } else if let index = headerIndices.first(where: { keyword.occurs(in: paddedLines[$0]) }) {
                    note(keyword, keyword.weight * Self.headerShare, line: lines[index].text, index: index)
                }
            }
            for keyword in rule.textKeywords {
                if let paddedVendor, keyword.occurs(in: paddedVendor) {
                    note(keyword, keyword.weight, line: vendor ?? "", index: nil)
                } else if let index = paddedLines.indices.first(where: { keyword.occurs(in: paddedLines[$0]) }) {
                    note(keyword, keyword.weight, line: lines[index].text, index: index)
                }
            }
            if let group, rule.category.group == group { found.score *= Self.preferredGroupBoost }
            if found.score > 0 { evidence.append(found) }
        }

        // Stable: equal scores keep the rules file's order.
        let ranked = evidence.enumerated().sorted { a, b in
            a.element.score != b.element.score ? a.element.score > b.element.score : a.offset < b.offset
        }.map(\.element)
        guard let best = ranked.first else {
            return CategoryDecision(category: nil, score: 0, reason: "no category keyword found", candidates: [])
        }
        let runnerUp = ranked.dropFirst().first?.score ?? 0
        let total = ranked.reduce(0) { $0 + $1.score }
        let candidates = ranked.map { item in
            Candidate(value: item.rule.category.id, score: Self.confidence(item.score, against: total - item.score),
                      line: item.line, lineIndex: item.lineIndex)
        }
        let score = Self.confidence(best.score, against: runnerUp)
        let words = best.matched.prefix(4).map { "'\($0)'" }.joined(separator: ", ")
        guard best.score >= Self.minimumScore else {
            return CategoryDecision(category: nil, score: 0,
                                    reason: "too little evidence: \(words) for \(best.rule.category.name)",
                                    candidates: candidates)
        }
        return CategoryDecision(category: best.rule.category.id, score: score,
                                reason: "\(best.rule.category.name): matched \(words)", candidates: candidates)
    }

    /// Grows with the evidence (one vendor keyword ≈ 0.5, two ≈ 0.8) and shrinks with the
    /// competition: a tie can be at most half sure.
    static func confidence(_ score: Double, against other: Double) -> Double {
        guard score > 0 else { return 0 }
        let strength = 1 - exp(-score / 4)
        let margin = score / (score + max(0, other))
        return (strength * margin * 1000).rounded() / 1000
    }
}
