/// What a receipt says about the country it was printed in, for the currency when the amounts
/// carry none or only an ambiguous "$".
///
/// Each signal is a word that practically only appears on one country's (or the euro area's)
/// receipts: a legal form (SDN BHD, PTE LTD, GmbH), a tax name (MwSt, TVA), an address word
/// (JALAN, TAMAN) or a region name. Distinct signals are counted, not lines, so one long
/// address cannot outvote the rest of the receipt.
enum CountryEvidence {
    struct Finding: Sendable, Equatable {
        var currency: String
        /// Distinct signal words seen.
        var signals: Int
        var lineIndex: Int
    }

    static let signals: [(currency: String, words: Set<String>)] = [
        ("MYR", ["SDN", "BERHAD", "JALAN", "JLN", "TAMAN", "JOHOR", "SELANGOR", "KUALA", "LUMPUR",
                 "MELAKA", "PENANG", "PINANG", "PERAK", "KEDAH", "PAHANG", "SABAH", "SARAWAK",
                 "TERENGGANU", "KELANTAN", "PUTRAJAYA", "NEGERI", "SEMBILAN", "MALAYSIA", "RINGGIT"]),
        ("SGD", ["PTE", "SINGAPORE"]),
        ("EUR", ["GMBH", "MWST", "UST", "TVA", "TTC", "SARL", "SIRET", "CIF", "NIF", "IVA",
                 "ESPANA", "FRANCE", "DEUTSCHLAND", "CATALUNYA", "BARCELONA", "MADRID", "PARIS",
                 "BERLIN", "EURO", "EUROS"]),
    ]

    /// The country currency with the most distinct signals, if any.
    static func strongest(in lines: [ReceiptLine]) -> Finding? {
        var seen: [String: (words: Set<String>, line: Int)] = [:]
        for line in lines {
            let words = Set(line.match.words)
            for (currency, vocabulary) in signals {
                let hits = words.intersection(vocabulary)
                guard !hits.isEmpty else { continue }
                seen[currency, default: ([], line.index)].words.formUnion(hits)
            }
        }
        return seen.map { Finding(currency: $0.key, signals: $0.value.words.count, lineIndex: $0.value.line) }
            .max { ($0.signals, $1.currency) < ($1.signals, $0.currency) }
    }

    /// Currencies a receipt may print as a bare "$".
    static let dollarLike: Set<String> = ["USD", "SGD", "MYR", "AUD", "CAD", "NZD", "HKD", "MXN"]
}
