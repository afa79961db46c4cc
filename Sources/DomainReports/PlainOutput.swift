import Foundation
import RebutCore
import Rental

/// How a flat's or a project's report is printed as text: on a terminal, or as CSV or JSON
/// (the CLI prints these; the web app serves the same text as downloads).
public enum ReportFormat: String, CaseIterable, Sendable {
    case terminal, csv, json
}

/// CSV fields quoted when they need it (RFC 4180).
public enum CSVField {
    public static func quoted(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    public static func line(_ fields: [String]) -> String { fields.map(quoted).joined(separator: ",") + "\n" }
}

public enum JSONValue {
    /// Sorted-key JSON of plain dictionaries and arrays, as `JSONOutput` writes Encodable values.
    public static func pretty(_ value: Any) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]))
            ?? Data("null".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

/// A booking as JSON, the same in `rebut bookings list --json` and in a flat's report.
public enum BookingJSON {
    public static func object(_ b: Booking) -> [String: Any] {
        ["id": b.id ?? 0, "checkIn": b.checkIn.iso8601, "checkOut": b.checkOut.iso8601, "nights": b.nights, "adults": b.adults,
         "children": b.children, "amount": MoneyFormat.canonical(b.amount, currency: b.currency), "currency": b.currency,
         "guest": b.guest ?? NSNull(), "channel": b.channel ?? NSNull()]
    }
}
