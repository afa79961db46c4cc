import Foundation

/// The evidence about every total candidate, one account per amount: which rule said what, with
/// what weight. The score is read off the ledger (`score(of:)`), never kept on the side, so what
/// `--explain` prints is exactly what decided.
struct TotalLedger: Sendable {
    struct Entry: Sendable {
        enum Effect: Sendable { case add(Double), scale(Double) }
        var rule: TotalRule
        var effect: Effect
        var note: String
    }

    struct Account: Sendable {
        let value: Decimal
        /// The line the amount is read from (or, for an implied amount, the line of the sum's first term).
        var source: LabelledAmount
        var entries: [Entry] = []
    }

    private(set) var accounts: [Decimal: Account] = [:]
    /// Rules switched off, to measure what each earns (`bench extraction --without`).
    let disabled: Set<TotalRule>

    init(disabled: Set<TotalRule> = []) { self.disabled = disabled }

    var values: Dictionary<Decimal, Account>.Keys { accounts.keys }

    func has(_ value: Decimal) -> Bool { accounts[value] != nil }

    func source(of value: Decimal) -> LabelledAmount? { accounts[value]?.source }

    /// Opens an account with its first evidence (an amount nobody has mentioned yet).
    mutating func open(_ value: Decimal, source: LabelledAmount, rule: TotalRule, weight: Double, note: String = "") {
        guard !disabled.contains(rule), accounts[value] == nil else { return }
        accounts[value] = Account(value: value, source: source, entries: [Entry(rule: rule, effect: .add(weight), note: note)])
    }

    /// Closes an account (a better occurrence of the amount replaces it).
    mutating func forget(_ value: Decimal) { accounts[value] = nil }

    /// Adds evidence to an existing account.
    mutating func add(_ rule: TotalRule, _ weight: Double, to value: Decimal, note: String = "") {
        guard !disabled.contains(rule), accounts[value] != nil else { return }
        accounts[value]!.entries.append(Entry(rule: rule, effect: .add(weight), note: note))
    }

    /// Casts doubt on an existing account: its score is multiplied by `factor` in the rule's phase.
    mutating func scale(_ rule: TotalRule, by factor: Double, _ value: Decimal, note: String = "") {
        guard !disabled.contains(rule), accounts[value] != nil else { return }
        accounts[value]!.entries.append(Entry(rule: rule, effect: .scale(factor), note: note))
    }

    /// `value` is what `printed`'s evidence was about (its rounding, its correct reading): it
    /// takes over that evidence, on the same line, replacing its own.
    mutating func takeOver(_ rule: TotalRule, from printed: Decimal, to value: Decimal) {
        guard !disabled.contains(rule), let original = accounts[printed] else { return }
        var source = original.source
        source.value = value
        let marker = Entry(rule: rule, effect: .add(0), note: "evidence of \(printed) moved here")
        accounts[value] = Account(value: value, source: source, entries: [marker] + original.entries)
    }

    /// Phase by phase: evidence added, then the phase's doubts multiplied in.
    func score(of value: Decimal) -> Double {
        guard let account = accounts[value] else { return 0 }
        var score = 0.0
        for phase in TotalRule.Phase.allCases {
            for entry in account.entries where entry.rule.phase == phase {
                if case .add(let weight) = entry.effect { score += weight }
            }
            for entry in account.entries where entry.rule.phase == phase {
                if case .scale(let factor) = entry.effect { score *= factor }
            }
        }
        return score
    }

    /// Candidates best first; ties go to the larger amount.
    func ranked() -> [(value: Decimal, score: Double, account: Account)] {
        accounts.map { ($0.key, score(of: $0.key), $0.value) }
            .sorted { $0.score != $1.score ? $0.score > $1.score : $0.value > $1.value }
    }

    /// One line per entry, for `--explain`.
    func explanation(limit: Int = 8) -> [String] {
        ranked().prefix(limit).flatMap { candidate -> [String] in
            let header = String(format: "%@ score %.3f  (line %d: %@)", "\(candidate.value)" as NSString,
                                candidate.score, candidate.account.source.lineIndex, candidate.account.source.line as NSString)
            return [header] + candidate.account.entries.map { entry in
                let effect: String
                switch entry.effect {
                case .add(let weight): effect = String(format: "+%.3f", weight)
                case .scale(let factor): effect = String(format: "×%.2f", factor)
                }
                return "    \(entry.rule.rawValue.padding(toLength: 26, withPad: " ", startingAt: 0)) \(effect)"
                    + (entry.note.isEmpty ? "" : "  \(entry.note)")
            }
        }
    }
}
