import Foundation

/// A named rule that writes to an `EvidenceLedger`, acting in one of its field's phases.
protocol LedgerRule: Hashable, Sendable, RawRepresentable where RawValue == String {
    associatedtype Phase: Comparable, CaseIterable, Sendable
    var phase: Phase { get }
}

/// Where a candidate was read, for the explanation.
protocol LedgerSource: Sendable {
    var lineIndex: Int { get }
    var line: String { get }
}

/// The evidence about every candidate of one field, one account per candidate value: which rule
/// said what, with what weight. The score is read off the ledger (`score(of:)`), never kept on the
/// side, so what `--explain` prints is exactly what decided.
struct EvidenceLedger<Key: Hashable & Sendable, Rule: LedgerRule, Source: LedgerSource>: Sendable {
    struct Entry: Sendable {
        enum Effect: Sendable { case add(Double), scale(Double) }
        var rule: Rule
        var effect: Effect
        var note: String

        init(_ rule: Rule, _ effect: Effect, note: String = "") {
            self.rule = rule
            self.effect = effect
            self.note = note
        }
    }

    struct Account: Sendable {
        let value: Key
        /// Where the candidate is read (for an implied one, where the evidence for it is).
        var source: Source
        var entries: [Entry] = []
    }

    private(set) var accounts: [Key: Account] = [:]
    /// Rules switched off, to measure what each earns (`bench extraction --without`).
    let disabled: Set<Rule>

    init(disabled: Set<Rule> = []) { self.disabled = disabled }

    var values: Dictionary<Key, Account>.Keys { accounts.keys }

    func has(_ value: Key) -> Bool { accounts[value] != nil }

    func source(of value: Key) -> Source? { accounts[value]?.source }

    /// Opens an account with its first evidence (a value nobody has mentioned yet).
    mutating func open(_ value: Key, source: Source, rule: Rule, weight: Double, note: String = "") {
        open(value, source: source, entries: [Entry(rule, .add(weight), note: note)])
    }

    /// Opens an account with the entries one reading earned (switched-off rules left out).
    mutating func open(_ value: Key, source: Source, entries: [Entry]) {
        let kept = entries.filter { !disabled.contains($0.rule) }
        guard !kept.isEmpty, accounts[value] == nil else { return }
        accounts[value] = Account(value: value, source: source, entries: kept)
    }

    /// Closes an account (a better occurrence of the value replaces it).
    mutating func forget(_ value: Key) { accounts[value] = nil }

    /// Adds evidence to an existing account.
    mutating func add(_ rule: Rule, _ weight: Double, to value: Key, note: String = "") {
        guard !disabled.contains(rule), accounts[value] != nil else { return }
        accounts[value]!.entries.append(Entry(rule, .add(weight), note: note))
    }

    /// Casts doubt on an existing account: its score is multiplied by `factor` in the rule's phase.
    mutating func scale(_ rule: Rule, by factor: Double, _ value: Key, note: String = "") {
        guard !disabled.contains(rule), accounts[value] != nil else { return }
        accounts[value]!.entries.append(Entry(rule, .scale(factor), note: note))
    }

    /// `value` is what `original`'s evidence was about (its rounding, its correct reading): it
    /// takes over that evidence, replacing its own; `moved` says where it now reads from.
    /// `keeping`: what `value` already had stays beside what it takes over.
    mutating func takeOver(_ rule: Rule, from original: Key, to value: Key, keeping: Bool = false, moved: (Source) -> Source) {
        guard !disabled.contains(rule), let account = accounts[original] else { return }
        let marker = Entry(rule, .add(0), note: "evidence of \(original) moved here")
        let kept = keeping ? accounts[value]?.entries ?? [] : []
        accounts[value] = Account(value: value, source: moved(account.source), entries: [marker] + account.entries + kept)
    }

    func score(of value: Key) -> Double { Self.score(accounts[value]?.entries ?? []) }

    /// Phase by phase: evidence added, then the phase's doubts multiplied in.
    static func score(_ entries: [Entry]) -> Double {
        var score = 0.0
        for phase in Rule.Phase.allCases.sorted() {
            for entry in entries where entry.rule.phase == phase {
                if case .add(let weight) = entry.effect { score += weight }
            }
            for entry in entries where entry.rule.phase == phase {
                if case .scale(let factor) = entry.effect { score *= factor }
            }
        }
        return score
    }

    /// Candidates best first; `before` breaks ties, and the value itself breaks what is still
    /// tied, so the order never depends on the dictionary's (per-process) iteration order.
    func ranked(tieBreak before: (Account, Account) -> Bool) -> [(value: Key, score: Double, account: Account)] {
        accounts.map { ($0.key, score(of: $0.key), $0.value) }
            .sorted { a, b in
                if a.1 != b.1 { return a.1 > b.1 }
                if before(a.2, b.2) { return true }
                if before(b.2, a.2) { return false }
                return String(describing: a.0) < String(describing: b.0)
            }
    }

    /// One line per entry, best candidates first, for `--explain`.
    func explanation(limit: Int = 8, tieBreak: (Account, Account) -> Bool) -> [String] {
        ranked(tieBreak: tieBreak).prefix(limit).flatMap { candidate -> [String] in
            let header = String(format: "%@ score %.3f  (line %d: %@)", "\(candidate.value)" as NSString,
                                candidate.score, candidate.account.source.lineIndex, candidate.account.source.line as NSString)
            return [header] + candidate.account.entries.map { entry in
                let effect: String
                switch entry.effect {
                case .add(let weight): effect = String(format: "%+.3f", weight)
                case .scale(let factor): effect = String(format: "×%.2f", factor)
                }
                return "    \(entry.rule.rawValue.padding(toLength: 26, withPad: " ", startingAt: 0)) \(effect)"
                    + (entry.note.isEmpty ? "" : "  \(entry.note)")
            }
        }
    }
}

extension LabelledAmount: LedgerSource {}
extension DateReading: LedgerSource {}

/// The total's ledger: one account per amount.
typealias TotalLedger = EvidenceLedger<Decimal, TotalRule, LabelledAmount>

extension EvidenceLedger where Key == Decimal, Source == LabelledAmount {
    /// The larger amount wins a tie.
    static func largerFirst(_ a: Account, _ b: Account) -> Bool { a.value > b.value }

    func ranked() -> [(value: Decimal, score: Double, account: Account)] { ranked(tieBreak: Self.largerFirst) }

    func explanation(limit: Int = 8) -> [String] { explanation(limit: limit, tieBreak: Self.largerFirst) }

    /// The amount takes over `printed`'s evidence, read on the same line.
    mutating func takeOver(_ rule: Rule, from printed: Decimal, to value: Decimal, keeping: Bool = false) {
        takeOver(rule, from: printed, to: value, keeping: keeping) { source in
            var moved = source
            moved.value = value
            return moved
        }
    }
}

extension TotalRule: LedgerRule {}
