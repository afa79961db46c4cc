import ArgumentParser
import RebutCore
import Store

struct ReceiptsCandidates: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "candidates",
        abstract: "List what the OCR found for each field, best first.",
        discussion: """
        Pick one with `rebut receipts set ID --FIELD @N` (N as numbered here).
        JSON: {"total": [{"value": "9.00", "score": 0.93, "line": "TOTAL 9.00", "lineIndex": 14}, …], "date": […], …}
        (lineIndex counts OCR lines from 0; it is absent for a value inferred from several lines. \
        evidence, when present, says what your history added: a known vendor's matching name or \
        numbers, a date corrected into the event's dates.)
        """)

    @OptionGroup var receipt: ReceiptID
    @Flag(name: .long, help: "Print JSON.") var json = false
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = try storeOptions.open(.readOnly)
        let r = try ReceiptLookup.find(receipt.id, in: store)
        if json {
            struct Shown: Encodable { var value: String; var score: Double; var line: String; var lineIndex: Int?; var evidence: String? }
            var out: [String: [Shown]] = [:]
            for field in ReceiptField.allCases where field != .category {
                out[field.rawValue] = (r.candidates[field.rawValue] ?? []).map {
                    Shown(value: $0.value, score: ($0.score * 1000).rounded() / 1000, line: $0.line, lineIndex: $0.lineIndex,
                          evidence: $0.evidence)
                }
            }
            print(JSONOutput.pretty(out))
            return
        }
        for field in ReceiptField.allCases where field != .category {
            let candidates = r.candidates[field.rawValue] ?? []
            let current = ReceiptLookup.value(of: field, in: r) ?? "—"
            print("\(field.rawValue)  (now: \(current))")
            if candidates.isEmpty { print("   no candidates") }
            for (i, c) in candidates.enumerated() {
                print("  @\(i + 1)  \(c.value.padding(toLength: 28, withPad: " ", startingAt: 0)) \(String(format: "%.2f", c.score))  “\(c.line)”"
                      + (c.evidence.map { "  (\($0))" } ?? ""))
            }
        }
    }
}
