import Foundation
import Hummingbird
import RebutCore
import Store

/// The filters and sort order of an event's receipt list, shared by the page and the API.
struct ReceiptQuery: Sendable {
    enum Sort: String, CaseIterable, Sendable {
        case date, total, vendor, status, category
    }

    var status: ReceiptStatus?
    var category: String?
    var sort: Sort = .date
    var descending = false

    /// Reads `status`, `category`, `sort` (`-date` for newest first); a value it does not know is a 400.
    init(_ parameter: (String) -> String?) throws {
        if let raw = parameter("status"), !raw.isEmpty {
            guard let status = ReceiptStatus(rawValue: raw) else {
                throw WebError.badRequest("unknown status '\(TextSanitising.abbreviated(raw))': use filed or needs_review")
            }
            self.status = status
        }
        if let raw = parameter("category"), !raw.isEmpty { category = raw }
        if var raw = parameter("sort"), !raw.isEmpty {
            if raw.hasPrefix("-") { descending = true; raw.removeFirst() }
            guard let sort = Sort(rawValue: raw) else {
                throw WebError.badRequest("unknown sort '\(TextSanitising.abbreviated(raw))': use date, total, vendor, status or category, with - for descending")
            }
            self.sort = sort
        }
    }

    func apply(_ receipts: [ReceiptSummary]) -> [ReceiptSummary] {
        // The store returns them by date then id; other orders keep that as the tie-break.
        let sorted: [ReceiptSummary]
        switch sort {
        case .date: sorted = receipts
        case .total: sorted = receipts.enumerated().sorted { a, b in
            (a.element.total ?? .greatestFiniteMagnitude, a.offset) < (b.element.total ?? .greatestFiniteMagnitude, b.offset)
        }.map(\.element)
        case .vendor: sorted = Self.stable(receipts) { ($0.vendor ?? "\u{10FFFF}").lowercased() }
        case .status: sorted = Self.stable(receipts) { $0.status.rawValue }
        case .category: sorted = Self.stable(receipts) { $0.category ?? "\u{10FFFF}" }
        }
        return descending ? sorted.reversed() : sorted
    }

    private static func stable(_ receipts: [ReceiptSummary], by key: (ReceiptSummary) -> String) -> [ReceiptSummary] {
        receipts.enumerated().sorted { a, b in (key(a.element), a.offset) < (key(b.element), b.offset) }.map(\.element)
    }
}

extension Parameters {
    /// A numeric id from the path; anything else is a 400 naming it.
    func id(_ name: String) throws -> Int64 {
        guard let raw = get(name) else { throw WebError.badRequest("missing \(name)") }
        guard let id = Int64(raw), id > 0 else {
            throw WebError.badRequest("\(name) must be a positive whole number, not '\(TextSanitising.abbreviated(raw))'")
        }
        return id
    }
}
