import Foundation
import RebutCore

/// Picks the vendor from the header block: the business name is printed first and boldest, above
/// the address, registration numbers and the document title.
struct VendorExtractor: Sendable {
    struct Result: Sendable {
        var candidates: [Candidate]
        var confidence: Double
        /// The known vendor the receipt was matched to: its habits then weigh the other fields.
        var known: KnownVendor? = nil
    }

    /// How far down the receipt a name can start.
    static let headerLines = 14

    func extract(_ lines: [ReceiptLine], context: ExtractionContext) -> Result {
        var scored: [(value: String, score: Double, line: ReceiptLine)] = []
        var rank = 0
        let buyer = Self.buyerBlock(lines.prefix(Self.headerLines))
        for (position, line) in lines.prefix(Self.headerLines).enumerated() {
            let cleaned = Self.clean(line.text)
            guard Self.letterCount(cleaned) >= 2 else { continue }
            let abovePlace = position + 1 < lines.count && Self.isPostcodeAndPlace(lines[position + 1].match)
            var score = Self.score(line, cleaned: cleaned, rank: rank, abovePostcodeAndPlace: abovePlace)
            if buyer.contains(position) { score += VendorWeights.buyer }
            // A line without a word of three letters (a logo read as "2 {& O < O py") is no
            // printed line the name could stand below: it does not push the name down.
            if cleaned.split(separator: " ").contains(where: { $0.filter(\.isLetter).count >= 3 }) { rank += 1 }
            scored.append((cleaned, score, line))
        }
        Self.preferShopsOverOwners(&scored)
        scored += joinedNames(scored, lines: lines)

        // A vendor the user already has wins when the header or its numbers match it.
        let known = VendorMatcher(lexicon: context.lexicon.including(names: context.knownVendors))
            .match(scored.map { ($0.value, $0.line) }, lines: lines)

        var candidates = scored.sorted { $0.score > $1.score }
            .map { Candidate(value: $0.value, score: Confidence.clamp($0.score), line: $0.line.text, lineIndex: $0.line.index) }
        if let known {
            let name = known.vendor.name
            candidates.removeAll { TextSimilarity.normalisedKey($0.value) == TextSimilarity.normalisedKey(name) }
            candidates.insert(Candidate(value: name, score: min(1, known.score), line: known.line.text,
                                        lineIndex: known.line.index,
                                        evidence: "known vendor: " + known.evidence.joined(separator: ", ")), at: 0)
        }
        var seen = Set<String>()
        candidates = candidates.filter { seen.insert(TextSimilarity.normalisedKey($0.value)).inserted }
        guard let top = candidates.first else { return Result(candidates: [], confidence: 0) }
        let second = candidates.count > 1 ? candidates[1].score : 0
        var confidence = known != nil ? max(0.9, top.score)
            : Confidence.fromScores(best: top.score, second: second, strong: 0.9)
        // A legal form is the surest sign the line is a business name.
        if known == nil, Self.hasLegalForm(top.value, MatchableLine(top.value)) {
            confidence = max(confidence, 0.6)
        }
        return Result(candidates: Array(candidates.prefix(5)), confidence: confidence, known: known?.vendor)
    }

    /// A trading name printed above the business that runs it: the shop is the name above, the
    /// line below says who owns it, and the name above outranks it. Three ways receipts print it:
    /// - the owner's legal name is the shop's name with a legal form ("Bio-Markt Schmidt" over
    ///   "Schmidt GmbH", "COLD STORAGE CLEMENTI" over "COLD STORAGE CLEMENTI PTE. LTD.",
    ///   "Koch-Apotheke" over "(Koch GmbH & Co. KG)");
    /// - the shop's name is part of its operating company's, which adds words of its own ("LIDL"
    ///   over "Lidl Dienstleistung GmbH & Co. KG", "ROSSMANN" over "Dirk Rossmann GmbH");
    /// - the owner is a person trading alone ("Hans Meier e.K.", "Inh. M. Huber"), whom the
    ///   law names under a franchise, a pharmacy or a petrol station's brand.
    /// The line above must have no legal form of its own. An owner announced as such ("Dimiliki
    /// oleh … SDN BHD") is a company that receipts name as the vendor, and keeps its place.
    static func preferShopsOverOwners(_ scored: inout [(value: String, score: Double, line: ReceiptLine)]) {
        for k in scored.indices {
            let owner = scored[k]
            let soleTrader = isSoleTrader(owner.line.match)
            // The name as cleaned: its legal form repaired where OCR misread it ("GmbN", "6mbH").
            guard hasLegalForm(owner.value, MatchableLine(owner.value)) || soleTrader, nameCore(owner.value) >= 3,
                  !owner.line.match.contains(any: ownerWords) else { continue }
            let core = nameCoreWords(owner.value).filter { !LegalForms.keySuffixes.contains($0) && !soleTraderWords.contains($0) }
            guard !core.isEmpty else { continue }
            // The names within two lines above, nearest first. A speck or logo fragment between
            // the two ("Se", "ee ae") is no name: the shop whose name the owner's repeats is
            // found past it. A sole trader names no shop, nor does a German company printed
            // under a shop's sign, so the nearest name is theirs.
            let above = scored[..<k].indices.reversed().filter {
                scored[$0].line.index >= owner.line.index - 2 && scored[$0].line.index < owner.line.index
                    && nameCore(scored[$0].value) >= 3
            }
            let shop = above.first { b in
                guard scored[b].score > 0, !hasLegalForm(scored[b].value, scored[b].line.match) else { return false }
                return namesShop(core: core, owner: owner.value, shop: scored[b].value)
            } ?? (soleTrader || owner.line.match.contains(any: operatorForms) ? above.first.flatMap { b in
                // A sign that scores as a name (a logo's debris, "ee ae", does not) and prints no
                // number of three digits or more (a slogan's year, "Ihr Bäcker seit 1890", an
                // address); a letter misread as a digit ("E55O") is no such number.
                scored[b].score >= owner.score * signShare && !hasLegalForm(scored[b].value, scored[b].line.match)
                    && !TextNormalisation.matches(Self.longNumber, scored[b].value) ? b : nil
            } : nil)
            guard let b = shop else { continue }
            scored[b].score = max(scored[b].score, owner.score + VendorWeights.shopOverOwner)
        }
    }

    /// Whether an owner's name (its `core` words, legal forms dropped) repeats the shop's:
    /// every core word among the shop's words, or the shop's name printed within the owner's.
    static func namesShop(core: [String], owner: String, shop: String) -> Bool {
        let brandWords = Set(MatchableLine(shop).words.flatMap { $0.split(separator: "-").map(String.init) + [$0] }
            .map(lookAlike))
        if core.allSatisfy({ word in brandWords.contains { sameWord(lookAlike(word), $0) } }) { return true }
        // Trade words count here: "Markt" is part of "MediaMarkt".
        let named = { (v: String) in MatchableLine(v).words.filter { !LegalForms.keySuffixes.contains($0) && !nameFiller.contains($0) } }
        return printsWithin(named(shop).joined(), named(owner))
    }

    /// Whether `name` is printed as a run of `words` that leaves some of them over, spaced or
    /// not: "LIDL" in "Lidl Dienstleistung", "MediaMarkt" in "Media Markt TV-Hifi-Elektro";
    /// or whose last word opens a compound the company's name goes on with ("ROSENHOF Drogerie"
    /// in "Rosenhof Drogeriemärkte": German joins a trade's words into one).
    static func printsWithin(_ name: String, _ words: [String]) -> Bool {
        let key = lookAlike(name)
        guard key.count >= 3 else { return false }
        let parts = words.map(lookAlike)
        for start in parts.indices {
            var run = ""
            for end in start..<parts.count {
                let before = run.count
                run += parts[end]
                if sameWord(run, key) { return end - start + 1 < parts.count }
                if run.count >= key.count {
                    if key.count - before >= 4, run.count - key.count >= 4, opensWith(run, key) { return true }
                    break
                }
            }
        }
        return false
    }

    /// Lines an invoice gives its buyer: a buyer label ("Bill To", "Rechnung an"), the line
    /// after it when the label stands alone, and the address lines under that.
    static func buyerBlock(_ lines: ArraySlice<ReceiptLine>) -> Set<Int> {
        var block = Set<Int>()
        for (position, line) in lines.enumerated() {
            let words = line.match.words.drop { !$0.contains(where: \.isLetter) }
            guard Keywords.buyerLabels.contains(where: { words.starts(with: $0) }) else { continue }
            block.formUnion(position...(position + buyerBlockLines))
        }
        return block
    }

    /// How many lines under a buyer label belong to the buyer: a name and two address lines.
    static let buyerBlockLines = 3

    /// Whether `text` opens with `prefix`, one glyph misread, lost or added (as `sameWord`).
    static func opensWith(_ text: String, _ prefix: String) -> Bool {
        let t = Array(text), p = Array(prefix)
        guard t.count + 1 >= p.count else { return false }
        return (max(0, p.count - 1)...min(t.count, p.count + 1)).contains { length in
            sameWord(String(t.prefix(length)), prefix)
        }
    }

    /// Two spellings of one word, one of them misread by a glyph ("REWF" and "REWE", "PENY" and
    /// "PENNY", "McdiaMarkt" and "MediaMarkt"): equal, or one edit apart in four letters or more.
    /// The brand over the company that runs it is printed twice, and OCR rarely misreads both alike.
    static func sameWord(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        guard min(a.count, b.count) >= 3, max(a.count, b.count) >= 4 else { return false }
        return EditDistance.levenshtein(Array(a), Array(b)) <= 1
    }

    /// A person trading alone: "e.K." (eingetragene Kauffrau, eingetragener Kaufmann) or the
    /// owner introduced as such ("Inh.", "Inhaber").
    static func isSoleTrader(_ m: MatchableLine) -> Bool {
        m.contains(any: soleTraderForms)
    }

    /// German and Austrian company forms. A German till prints the shop's sign first and, as the
    /// law asks of a receipt, the company that runs it under it ("ARAL" over "Tankstellen Brandt
    /// GmbH", "MARKTKAUF" over "Frischmarkt Weber GmbH & Co. KG"): the shop is what its
    /// customers call it. Malaysian and English-speaking forms stay names of their own: a
    /// receipt headed by a company printed under a sign names the company (SROIE's truths).
    static let operatorForms: KeywordSet = ["GMBH", "MBH", "AG", "KG", "OHG", "UG", "GBR"]
    /// How much of the owner's score the line above must reach to be taken for the shop's sign
    /// where nothing but the layout says so: names score 0.5–0.6 beside owners' 0.56–0.93, a
    /// logo's debris read as letters 0.1–0.2.
    static let signShare = 0.5
    static let longNumber = try! NSRegularExpression(pattern: #"\d{3,}"#)

    static let soleTraderForms: KeywordSet = ["E.K.", "E. K.", "E.KFM.", "E.KFR.", "INH.", "INHABER", "INHABERIN"]
    /// Their words, dropped from the owner's name like a legal form's ("EK" is one already).
    static let soleTraderWords = Set(soleTraderForms.patterns.flatMap(\.words))

    /// A word with the characters OCR confuses made one ("5ervice" and "Service", "ORCH1D" and
    /// "ORCHID"), for telling whether two lines print the same name.
    static func lookAlike(_ word: String) -> String {
        String(word.map { c -> Character in
            switch c {
            case "0": "O"
            case "1", "L": "I"
            case "5": "S"
            case "8": "B"
            default: c
            }
        })
    }

    /// Words announcing the legal owner under a brand ("Owned by", "Dimiliki oleh", "Une société").
    static let ownerWords: KeywordSet = ["OWNED BY", "OWNER BY", "OPERATED BY", "DIMILIKI", "DIMILIKI OLEH", "A DIVISION OF"]

    /// Names split over two lines: a legal form alone ("SDN BHD", "CO. (M) SDN BHD") takes the line
    /// above, and a line ending in "&" takes the line below. The whole name scores a little above
    /// its stronger half, so a half that looks complete alone ("… HOLDINGS") does not win.
    private func joinedNames(_ scored: [(value: String, score: Double, line: ReceiptLine)],
                             lines: [ReceiptLine]) -> [(value: String, score: Double, line: ReceiptLine)] {
        var joined: [(value: String, score: Double, line: ReceiptLine)] = []
        for (k, entry) in scored.enumerated() {
            // Only a legal form completes a name; a trade line ("BISTRO & CAFE") under a brand is a tagline.
            let digitsOutsideParentheses = TextNormalisation.replacing(TextNormalisation.parenthesised, in: entry.value, with: "")
                .contains(where: \.isNumber)
            if Self.hasLegalForm(entry.value, entry.line.match), !digitsOutsideParentheses,
               Self.nameCore(entry.value) < 3, k > 0,
               let above = scored[..<k].last(where: { $0.score > 0 && Self.letterCount($0.value) >= 3 }) {
                // The two halves of one name are printed alike; a title-case brand over an
                // upper-case company name is two names. A legal form alone has no case of its own
                // to compare: "GmbH" and "oHG" are printed so under any name.
                let alike = Self.nameCore(entry.value) == 0 || Self.isUpperCase(above.value) == Self.isUpperCase(entry.value)
                if above.line.index >= entry.line.index - 2, above.score > 0, Self.nameCore(above.value) >= 3, alike {
                    joined.append((above.value + " " + entry.value, max(above.score, entry.score) + 0.08, entry.line))
                }
            }
            if entry.value.hasSuffix("&"), k + 1 < scored.count, Self.nameCore(entry.value) >= 4, entry.score > 0 {
                let below = scored[k + 1]
                if below.line.index <= entry.line.index + 2, below.score > -0.2 {
                    joined.append((entry.value + " " + below.value, max(entry.score, below.score) + 0.1, entry.line))
                }
            }
        }
        return joined
    }

    /// Legal forms as printed: short ones ("SA", "SAS", "AG", "CB") must be in capitals or dotted,
    /// or any word would do ("Sas", "ag").
    static func hasLegalForm(_ text: String, _ m: MatchableLine) -> Bool {
        guard let form = m.firstMatch(Keywords.legalForms) else { return false }
        let letters = form.filter(\.isLetter)
        guard letters.count <= 3, !form.contains("."), !form.contains("/") else { return true }
        let tokens = text.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
        return tokens.contains { TextNormalisation.fold($0) == letters && $0 == $0.uppercased() }
            || Keywords.legalForms.patterns.contains { $0.keyword.count > 3 && m.contains($0) }
    }

    /// Every word of a legal form or trade word.
    static let legalAndBusinessWords = Set((Keywords.legalForms + Keywords.businessWords).patterns.flatMap(\.words))

    /// Words around a name that are no part of it: "CO. (M)", "THE … OF …".
    static let nameFiller: Set<String> = ["CO", "M", "THE", "AND", "&", "OF"]

    /// The words of a name once legal forms, trade words, filler and numbers are removed.
    static func nameCoreWords(_ value: String) -> [String] {
        MatchableLine(value).words.filter {
            !nameFiller.contains($0) && !legalAndBusinessWords.contains($0) && !$0.allSatisfy(\.isNumber)
        }
    }

    /// Letters left in a name once legal forms and filler are removed: "CO. (M) SDN BHD" → 0.
    static func nameCore(_ value: String) -> Int { nameCoreWords(value).joined().count }

    /// A line of little but title words: "*** TICKET CLIENT ***" is two titles, not a name.
    static func isTitle(_ m: MatchableLine, letters: Int) -> Bool {
        guard let title = m.firstMatch(Keywords.documentTitles) else { return false }
        let titleLetters = max(title.filter(\.isLetter).count,
                               m.words.filter(titleWords.contains).reduce(0) { $0 + $1.count })
        return letters <= titleLetters + 5
    }

    /// The words of the document titles, of four letters or more (not "THE", "FOR").
    static let titleWords = Set(Keywords.documentTitles.patterns.flatMap(\.words).filter { $0.count >= 4 })

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
}
