import Foundation
import RebutCore
import RebutTestSupport
import Review
import Store

/// A store on a real SQLite file in a temporary folder, with one event.
struct ReviewStoreFixture {
    let folder: TemporaryDirectory
    let store: ExpenseStore
    let event: Event

    init(eventName: String = "Girona") throws {
        folder = try TemporaryDirectory("rebut-review")
        store = try ExpenseStore(path: folder.file("store/rebut.sqlite"))
        event = try store.ensureEvent(named: eventName, kind: .trip)
    }

    var storePath: URL { folder.file("store/rebut.sqlite") }

    /// Files a receipt made from a synthetic OCR page through `store.file`, as the pipeline
    /// would: vendor known, date and total missing but with ranked candidates.
    @discardableResult
    func fileSynthetic(seed: Int, vendor: String = "CAFE LUNA", ocrLines extraLines: [String] = []) throws -> Receipt {
        let text = [
            vendor,                    // 0
            "C/ Major 12, Girona",     // 1
            "03/04/2019 13:45",        // 2
            "2 x Cafe 3.00",           // 3
            "SUBTOTAL 8.26",           // 4
            "IVA 10% 0.83",            // 5
            "TOTAL 9.09",              // 6
            "EFECTIU 10.00",           // 7
            "CANVI 0.91",              // 8
        ] + extraLines
        let lines = text.map { TextLine(text: $0, confidence: 88) }
        let fields = ReceiptFields(
            vendor: vendor, date: nil, total: nil, currency: "EUR",
            confidence: [.vendor: 0.9, .currency: 0.8],
            candidates: [
                .vendor: [Candidate(value: vendor, score: 0.9, line: vendor, lineIndex: 0)],
                .date: [Candidate(value: "2019-04-03", score: 0.45, line: text[2], lineIndex: 2),
                        Candidate(value: "2019-03-04", score: 0.40, line: text[2], lineIndex: 2)],
                .total: [Candidate(value: "9.09", score: 0.48, line: text[6], lineIndex: 6),
                         Candidate(value: "10.00", score: 0.30, line: text[7], lineIndex: 7),
                         Candidate(value: "8.26", score: 0.21, line: text[4], lineIndex: 4)],
            ])
        let new = NewReceipt(fileName: "synthetic-\(seed).jpg", sha256: Self.hexKey(seed),
                             imageData: Data([0xFF, 0xD8, 0xFF, UInt8(truncatingIfNeeded: seed)]),
                             imageExtension: "jpg", ocrText: text.joined(separator: "\n"), ocrLines: lines,
                             fields: fields, category: "meals", status: .needsReview)
        return try store.file(new, into: event.id!).receipt
    }

    static func hexKey(_ seed: Int) -> String {
        let digits = String(seed, radix: 16)
        return String(repeating: "a", count: 64 - digits.count) + digits
    }

    static let categories = [
        ReviewCategory(id: "meals", name: "Meals"),
        ReviewCategory(id: "lodging", name: "Lodging"),
        ReviewCategory(id: "office", name: "Office supplies"),
        ReviewCategory(id: "other", name: "Other"),
    ]

    func session() throws -> ReviewSession {
        ReviewSession(receipts: try store.receipts(status: .needsReview), categories: Self.categories,
                      threshold: store.reviewThreshold, eventNames: [event.id!: event.name])
    }
}

extension ReviewSession {
    /// Feeds keys; returns the last action.
    @discardableResult
    mutating func press(_ keys: Key...) -> ReviewAction {
        var last = ReviewAction.redraw
        for key in keys { last = handle(key) }
        return last
    }

    @discardableResult
    mutating func type(_ text: String) -> ReviewAction {
        var last = ReviewAction.redraw
        for c in text { last = handle(.character(c)) }
        return last
    }
}
