import Foundation
import RebutCore
import Store

/// The JSON shape of a stored receipt in `receipts list --json` and `events show --json`.
struct ReceiptRow: Encodable {
    var id: Int64?
    var event: String
    var file: String
    @NullEncoded var vendor: String?
    @NullEncoded var date: String?
    @NullEncoded var total: String?
    @NullEncoded var currency: String?
    @NullEncoded var category: String?
    @NullEncoded var payment: String?
    @NullEncoded var tax: String?
    var status: String
    var confidence: [String: Double]
    var sha256: String
    @NullEncoded var note: String?
    /// `{"latitude": 41.38, "longitude": 2.17}` from the photo's EXIF GPS; null without.
    @NullEncoded var location: GeoPoint?

    init(_ r: Receipt, event: String) {
        id = r.id
        self.event = event
        file = r.fileName
        vendor = r.vendor
        date = r.date?.iso8601
        total = r.total.map { MoneyFormat.canonical($0, currency: r.currency) }
        currency = r.currency
        category = r.category
        payment = r.payment
        tax = r.tax.map { MoneyFormat.canonical($0, currency: r.currency) }
        status = r.status.rawValue
        confidence = r.confidence
        sha256 = r.sha256
        note = r.note
        location = r.location
    }
}

enum ReceiptFormatting {
    /// "2018-12-25  BOOK TA .K SDN BHD  9.00 MYR  meals"
    static func oneLine(_ r: Receipt) -> String {
        let total = r.total.map { MoneyFormat.canonical($0, currency: r.currency) + " " + (r.currency ?? "") } ?? "—"
        return [r.date?.iso8601 ?? "—", r.vendor.map(TextSanitising.withoutControls) ?? "—", total, r.category ?? "—"]
            .joined(separator: "  ")
    }

    static func row(_ r: Receipt) -> String {
        let status = r.status == .needsReview ? "needs review" : "filed"
        return "#\(r.id ?? 0)  \(oneLine(r))  [\(status)]  \(TextSanitising.withoutControls(r.fileName))"
    }
}
