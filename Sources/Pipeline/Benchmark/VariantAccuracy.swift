import Foundation

/// Accuracy per capture variant (clean, photo, page-grey, …) of a wild dataset, so a capture that
/// costs accuracy shows against the same receipts' clean versions.
public struct VariantAccuracy: Sendable, Codable, Hashable {
    public struct Row: Sendable, Codable, Hashable {
        public var variant: String
        public var receipts: Int
        public var total: Double
        public var date: Double
        /// Vendor within the similarity threshold (≥ 0.8).
        public var vendor: Double
        public var allThree: Double
    }

    public var rows: [Row]

    /// `variantOf` names each score's variant; scores without one are left out. Rows follow
    /// `order` first (the generator's order), then any other variant by name.
    public init(_ scores: [AccuracyScore.ReceiptScore], variantOf: (String) -> String?,
                order: [String] = ["clean", "photo", "photo-exif", "photo-curl", "page-white", "page-grey", "heic", "pdf-image", "pdf-text"]) {
        var grouped: [String: [AccuracyScore.ReceiptScore]] = [:]
        for score in scores {
            if let variant = variantOf(score.name) { grouped[variant, default: []].append(score) }
        }
        let names = order.filter { grouped[$0] != nil } + grouped.keys.filter { !order.contains($0) }.sorted()
        rows = names.map { name in
            let group = grouped[name]!
            func share(_ right: (AccuracyScore.ReceiptScore) -> Bool) -> Double {
                Double(group.filter(right).count) / Double(group.count)
            }
            return Row(variant: name, receipts: group.count, total: share(\.total), date: share(\.date),
                       vendor: share(\.vendorSimilar), allThree: share(\.allThree))
        }
    }

    public var isEmpty: Bool { rows.isEmpty }

    /// variant × total/date/vendor/all three, in percent.
    public var table: String { table(heading: "variant") }

    /// The same table under another heading for its groups ("shop").
    public func table(heading: String) -> String {
        var out = heading.padding(toLength: 14, withPad: " ", startingAt: 0) + " receipts   total    date  vendor  all three\n"
        for row in rows {
            out += row.variant.padding(toLength: 14, withPad: " ", startingAt: 0)
                + String(format: " %8d  %5.1f%%  %5.1f%%  %5.1f%%  %5.1f%%\n", row.receipts,
                         row.total * 100, row.date * 100, row.vendor * 100, row.allThree * 100)
        }
        return out
    }
}
