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

    func extract(_ lines: [ReceiptLine], context: ExtractionContext) -> Result {
        var votes: [String: (count: Double, line: ReceiptLine)] = [:]
        func vote(_ code: String, _ weight: Double, _ line: ReceiptLine) {
            votes[code] = ((votes[code]?.count ?? 0) + weight, votes[code]?.line ?? line)
        }
        for line in lines {
            for amount in line.amounts {
                guard var code = amount.currency else { continue }
                // "$" means dollars, but which ones depends on where: trust the event's currency.
                if code == "USD", let fallback = context.defaultCurrency, fallback.hasSuffix("D"),
                   !line.match.folded.contains("USD") { code = fallback }
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
        if let fallback = context.defaultCurrency?.uppercased(), !candidates.contains(where: { $0.value == fallback }) {
            candidates.append(Candidate(value: fallback, score: 0.5, line: ""))
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
