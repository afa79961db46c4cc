import Foundation
import RebutCore
import Store

/// Where receipts were spent, for a map: GeoJSON (RFC 7946) and KML 2.2. Receipts without a
/// GPS position are left out; a document with no places is still valid (empty).
public enum PlaceExport {
    public static func geoJSON(_ receipts: [Receipt], title: String) -> Data {
        let features: [[String: Any]] = receipts.compactMap { r in
            guard let at = r.location else { return nil }
            var properties: [String: Any] = ["id": r.id ?? 0, "vendor": r.vendor ?? NSNull(), "date": r.date?.iso8601 ?? NSNull(),
                                             "amount": r.total.map { MoneyFormat.canonical($0, currency: r.currency) } ?? NSNull(),
                                             "currency": r.currency ?? NSNull(), "category": r.category ?? NSNull()]
            if let note = r.note { properties["note"] = note }
            // GeoJSON positions are longitude first.
            return ["type": "Feature", "geometry": ["type": "Point", "coordinates": [at.longitude, at.latitude]],
                    "properties": properties]
        }
        let collection: [String: Any] = ["type": "FeatureCollection", "name": title, "features": features]
        return (try? JSONSerialization.data(withJSONObject: collection, options: [.prettyPrinted, .sortedKeys])) ?? Data()
    }

    public static func kml(_ receipts: [Receipt], title: String) -> Data {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2">
            <Document>
            <name>\(escaped(title))</name>

            """
        for r in receipts {
            guard let at = r.location else { continue }
            let amount = r.total.map { ReportText.money($0, currency: r.currency ?? "") } ?? "no total"
            out += """
                <Placemark>
                <name>\(escaped(r.vendor ?? "Receipt #\(r.id ?? 0)"))</name>
                <description>\(escaped("#\(r.id ?? 0) · \(r.date?.iso8601 ?? "undated") · \(amount)"))</description>
                <Point><coordinates>\(at.longitude),\(at.latitude)</coordinates></Point>
                </Placemark>

                """
        }
        out += "</Document>\n</kml>\n"
        return Data(out.utf8)
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// 41.387°N, as printed in the PDF's list of places.
    static func degrees(_ value: Double, positive: String, negative: String) -> String {
        String(format: "%.5f° %@", abs(value), value < 0 ? negative : positive)
    }
}
