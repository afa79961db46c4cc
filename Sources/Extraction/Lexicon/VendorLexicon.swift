import Foundation
import RebutCore

/// The vendors a person has filed, by `VendorKey`: what extraction matches a new receipt's header
/// against. Built from the store (Pipeline) and grown receipt by receipt, so the next receipt of
/// the same batch already benefits from the last correction.
public struct VendorLexicon: Sendable, Hashable, Codable {
    public private(set) var vendors: [String: KnownVendor] = [:]

    public init() {}

    /// Names alone (no receipts behind them): matched on the name only.
    public init(names: [String]) {
        for name in names { learn(VendorSighting(vendor: name), countsAsReceipt: false) }
    }

    /// How close a reading must be to the name to be kept as a spelling OCR makes of it.
    static let variantSimilarity = 0.6

    public var isEmpty: Bool { vendors.isEmpty }
    public var count: Int { vendors.count }

    /// Heaviest first, then by name.
    public var all: [KnownVendor] {
        vendors.values.sorted { ($1.weight, $0.name) < ($0.weight, $1.name) }
    }

    public func vendor(named name: String) -> KnownVendor? { vendors[VendorKey.make(name)] }

    /// Adds what one receipt shows about its vendor (`countsAsReceipt` false: a name alone).
    public mutating func learn(_ sighting: VendorSighting, countsAsReceipt: Bool = true) {
        let name = TextNormalisation.squeeze(sighting.vendor)
        let key = VendorKey.make(name)
        guard !key.isEmpty else { return }
        var known = vendors[key] ?? KnownVendor(name: name)
        known.spellings[name, default: 0] += sighting.corrected ? 3 : 1
        known.rename(known.spellings.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? name)
        if countsAsReceipt { known.receipts += 1 }
        if sighting.corrected { known.corrections += 1 }
        // Only a misread of the name is a spelling of it: a title or address line picked by
        // mistake ("TAX INVOICE") must not come to mean this vendor.
        for read in sighting.readAs where VendorKey.make(read) != key
            && OCRConfusion.similarity(read, name) >= Self.variantSimilarity {
            known.variants.insert(TextNormalisation.squeeze(read))
        }
        let fingerprint = VendorFingerprint(sighting.lines.map(\.text))
        known.identifiers.formUnion(fingerprint.identifiers.keys)
        known.phones.formUnion(fingerprint.phones.keys)
        known.addressLines.formUnion(fingerprint.addressLines.keys)
        if let currency = sighting.currency { known.currencies[currency, default: 0] += 1 }
        if let category = sighting.category { known.categories[category, default: 0] += 1 }
        if let payment = sighting.payment { known.payments[payment, default: 0] += 1 }
        if let total = sighting.total,
           let label = TotalLabel.find(total, in: ReceiptLine.inContext(ReceiptLine.analyse(sighting.lines))) {
            known.totalLabels[label, default: 0] += 1
        }
        vendors[key] = known
    }

    /// With names known only by name (the store's vendor list, a caller's list) added.
    public func including(names: [String]) -> VendorLexicon {
        var merged = self
        for name in names where merged.vendor(named: name) == nil { merged.learn(VendorSighting(vendor: name), countsAsReceipt: false) }
        return merged
    }
}
