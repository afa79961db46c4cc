import Foundation
import RebutCore
import Store

/// An event as `events list` and `events show` print it: its fields, how many receipts it
/// holds and their totals per currency (summed exactly, as Decimals).
struct EventSummary: Encodable {
    var id: Int64?
    var name: String
    var kind: String
    var place: String?
    var start: String?
    var end: String?
    var currency: String?
    var active: Bool
    var receipts: Int
    var needsReview: Int
    var totals: [String: String]

    init(_ event: Event, receipts: [Receipt]) {
        id = event.id
        name = event.name
        kind = event.kind.rawValue
        place = event.place
        start = event.startDate?.iso8601
        end = event.endDate?.iso8601
        currency = event.currency
        active = event.active
        self.receipts = receipts.count
        needsReview = receipts.filter { $0.status == .needsReview }.count
        var sums: [String: Decimal] = [:]
        for receipt in receipts {
            guard let total = receipt.total else { continue }
            sums[receipt.currency ?? event.currency ?? "?", default: 0] += total
        }
        totals = Dictionary(uniqueKeysWithValues: sums.map { ($0.key, MoneyFormat.canonical($0.value, currency: $0.key)) })
    }

    var oneLine: String {
        var parts = ["\(TextSanitising.withoutControls(name))", "[\(kind)]"]
        if let place { parts.append(TextSanitising.withoutControls(place)) }
        if start != nil || end != nil { parts.append("\(start ?? "…") – \(end ?? "…")") }
        parts.append("\(receipts) receipt\(receipts == 1 ? "" : "s")")
        if needsReview > 0 { parts.append("\(needsReview) to review") }
        let money = totals.sorted { $0.key < $1.key }.map { "\(TextSanitising.withoutControls($0.value)) \($0.key)" }
        if !money.isEmpty {
            // Unreviewed amounts may still be wrong: say they are in the sum.
            parts.append(money.joined(separator: " + ") + (needsReview > 0 ? " (incl. receipts to review)" : ""))
        }
        if let currency { parts.append("currency \(currency)") }
        if !active { parts.append("(inactive)") }
        return parts.joined(separator: "  ")
    }
}
