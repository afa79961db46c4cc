import RebutCore

/// Finds the currency: symbols and codes printed on the receipt, else the event's currency,
/// else what the receipt's language suggests.
struct CurrencyExtractor: Sendable {
    struct Result: Sendable {
        var candidates: [Candidate]
        var confidence: Double
    }

    /// Codes and words that name a currency on their own (not touching an amount).
    static let words: [(String, String)] = [
        ("RM", "MYR"), ("MYR", "MYR"), ("RINGGIT", "MYR"), ("EUR", "EUR"), ("EURO", "EUR"), ("EUROS", "EUR"),
        ("USD", "USD"), ("GBP", "GBP"), ("CHF", "CHF"), ("SGD", "SGD"), ("JPY", "JPY"),
    ]
    /// "¥" is left out: OCR prints it for a struck "Y" far more often than receipts print yen.
    static let symbols: [(Character, String)] = [("€", "EUR"), ("£", "GBP")]

    /// A line whose role is about money paid (a total, a payment, a subtotal), not a date or an item.
    static func isMoneyLine(_ line: ReceiptLine) -> Bool {
        [.total, .finalTotal, .roundedTotal, .subtotal, .cashPayment, .cardPayment].contains(line.role)
    }

    func extract(_ lines: [ReceiptLine], context: ExtractionContext) -> Result {
        // Votes add up per code; the line shown is the strongest voter, and among equals the
        // one whose amount is money the receipt is about (a total beats a date line's stray "RM").
        var votes: [String: (count: Double, strongest: Double, line: ReceiptLine)] = [:]
        func vote(_ code: String, _ weight: Double, _ line: ReceiptLine) {
            guard let old = votes[code] else { votes[code] = (weight, weight, line); return }
            let better = weight > old.strongest || (weight == old.strongest && Self.isMoneyLine(line) && !Self.isMoneyLine(old.line))
            votes[code] = (old.count + weight, max(old.strongest, weight), better ? line : old.line)
        }
        let country = CountryEvidence.strongest(in: lines)
        var weakEvidence: Candidate?
        for line in lines {
            for amount in line.amounts {
                guard var code = amount.currency else { continue }
                // "$" means dollars, but which ones depends on where: the receipt's own country
                // first (Malaysian shops print "$" for ringgit), else the event's currency.
                if code == "USD", !line.match.folded.contains("USD") {
                    if let country, country.signals >= 2, CountryEvidence.dollarLike.contains(country.currency) {
                        code = country.currency
                    } else if let fallback = context.defaultCurrency, fallback.hasSuffix("D") {
                        code = fallback
                    }
                }
                vote(code, 1, line)
            }
            for (word, code) in Self.words where line.match.words.contains(word) { vote(code, 0.6, line) }
            for (symbol, code) in Self.symbols where line.text.contains(symbol) { vote(code, 0.6, line) }
        }
        let ranked = votes.sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key }
        var candidates = ranked.map {
            Candidate(value: $0.key, score: min(1, 0.5 + 0.1 * $0.value.count), line: $0.value.line.text,
                      lineIndex: $0.value.line.index)
        }
        // No currency printed: several signs of one country beat the event's default (a Spanish
        // invoice filed under a trip in ringgit is still in euros); a single sign does not.
        if let country, !candidates.contains(where: { $0.value == country.currency }) {
            let line = lines.first { $0.index == country.lineIndex }
            let evidence = Candidate(value: country.currency, score: country.signals >= 2 ? 0.55 : 0.45,
                                     line: line?.text ?? "", lineIndex: line?.index)
            if country.signals >= 2 { candidates.append(evidence) } else { weakEvidence = evidence }
        }
        if let fallback = context.defaultCurrency?.uppercased(), !candidates.contains(where: { $0.value == fallback }) {
            candidates.append(Candidate(value: fallback, score: 0.5, line: ""))
        }
        if let weakEvidence, !candidates.contains(where: { $0.value == weakEvidence.value }) {
            candidates.append(weakEvidence)
        }
        if let languageCurrency = context.languages.lazy.compactMap({ Keywords.language($0)?.likelyCurrency }).first,
           !candidates.contains(where: { $0.value == languageCurrency }) {
            candidates.append(Candidate(value: languageCurrency, score: 0.3, line: ""))
        }
        guard let top = candidates.first else { return Result(candidates: [], confidence: 0) }
        let second = candidates.count > 1 ? candidates[1].score : 0
        let confidence = top.lineIndex == nil ? top.score
            : Confidence.fromScores(best: top.score, second: second, strong: 0.8)
        return Result(candidates: Array(candidates.prefix(5)), confidence: confidence)
    }
}
