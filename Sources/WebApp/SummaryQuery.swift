import Foundation
import RebutCore
import Reports
import Store

/// `by`, `from`, `to`, `event` and `currency` of a spending summary, checked as
/// `rebut report --by` checks them; every bad value is a 400 naming it.
struct SummaryQuery: Sendable {
    var grouping: SpendingSummary.Grouping
    var from: LocalDate?
    var to: LocalDate?
    var eventId: Int64?
    var currency: String?

    init(_ parameter: (String) -> String?, defaultGrouping: SpendingSummary.Grouping? = nil) throws {
        let by = parameter("by").flatMap { $0.isEmpty ? nil : $0 }
        guard let grouping = by.flatMap(SpendingSummary.Grouping.init(rawValue:)) ?? (by == nil ? defaultGrouping : nil) else {
            throw WebError.badRequest("by must be one of \(SpendingSummary.Grouping.allCases.map(\.rawValue).joined(separator: ", "))"
                                      + (by.map { ", not '\(TextSanitising.abbreviated($0))'" } ?? ""))
        }
        self.grouping = grouping
        from = try Self.date("from", parameter)
        to = try Self.date("to", parameter)
        if let from, let to, to < from { throw WebError.badRequest("to \(to.iso8601) is before from \(from.iso8601)") }
        if let raw = parameter("event"), !raw.isEmpty {
            guard let id = Int64(raw), id > 0 else {
                throw WebError.badRequest("event must be an event's id, not '\(TextSanitising.abbreviated(raw))'")
            }
            eventId = id
        }
        if let raw = parameter("currency"), !raw.isEmpty {
            let code = raw.uppercased()
            guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw WebError.badRequest("currency must be a three-letter code such as EUR, not '\(TextSanitising.abbreviated(raw))'")
            }
            currency = code
        }
    }

    private static func date(_ name: String, _ parameter: (String) -> String?) throws -> LocalDate? {
        guard let raw = parameter(name), !raw.isEmpty else { return nil }
        guard let date = LocalDate(iso8601: raw) else {
            throw WebError.badRequest("\(name) '\(TextSanitising.abbreviated(raw))' is not a date such as 2025-03-31")
        }
        return date
    }

    func summary(store: ExpenseStore) async throws -> SpendingSummary {
        try await store.nonBlocking.run { [self] store in
            try SpendingSummary.build(store: store, by: grouping, from: from, to: to, eventId: eventId, currency: currency)
        }
    }
}
