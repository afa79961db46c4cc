import Foundation
import GRDB
import RebutCore

/// A receipt typed in by a person: the slip the OCR could not read, or one with no image at all.
public struct ManualReceipt: Sendable {
    /// What the person typed, per field, before validation ("12,50", "2024-03-01", "meals").
    public var values: [ReceiptField: String]
    /// The image, when there is one: its bytes as they came, their hash and the sniffed extension.
    public var image: (data: Data, sha256: String, extension: String, fileName: String)?
    /// Where the image was taken (its EXIF GPS), when it says.
    public var location: GeoPoint?

    public init(values: [ReceiptField: String], image: (data: Data, sha256: String, extension: String, fileName: String)? = nil,
                location: GeoPoint? = nil) {
        self.values = values
        self.image = image
        self.location = location
    }
}

extension ExpenseStore {
    /// Files a receipt a person typed in, each value validated as `receipts set` validates it
    /// and certain (confidence 1). Without an image the receipt gets a random identity in place
    /// of the image hash and no image path; with one, the same image is never filed twice
    /// (`.duplicate`).
    public func addManual(_ manual: ManualReceipt, into eventId: Int64) throws -> FilingOutcome {
        var receipt = Receipt(eventId: eventId, fileName: manual.image?.fileName ?? "(typed in)",
                              sha256: "", imagePath: "", ocrText: "", status: .needsReview)
        // Currency first: amounts are kept with its number of decimals.
        for field in [ReceiptField.currency] + ReceiptField.allCases.filter({ $0 != .currency }) {
            guard let raw = manual.values[field] else { continue }
            let canonical = try Validation.canonical(field, raw, currency: receipt.currency, knownCategories: knownCategories)
            try Self.apply(field, canonical, to: &receipt)
            if canonical != nil { receipt.confidence[field.rawValue] = 1.0 }
        }
        receipt.status = receipt.computedStatus(threshold: reviewThreshold)

        guard let image = manual.image else {
            receipt.sha256 = Ingestless.randomIdentity()
            return try dbPool.write { db in
                guard try Event.exists(db, key: eventId) else { throw StoreError.eventNotFound("with id \(eventId)") }
                try receipt.insert(db)
                return .filed(try Receipt.fetchOne(db, key: receipt.id) ?? receipt)
            }
        }
        let fields = ReceiptFields(vendor: receipt.vendor, date: receipt.date, total: receipt.total,
                                   currency: receipt.currency, payment: receipt.payment.flatMap(PaymentMethod.init(rawValue:)),
                                   tax: receipt.tax,
                                   confidence: Dictionary(uniqueKeysWithValues: receipt.confidence.compactMap { key, value in
                                       ReceiptField(rawValue: key).map { ($0, value) }
                                   }))
        let new = NewReceipt(fileName: image.fileName, sha256: image.sha256, imageData: image.data,
                             imageExtension: image.extension, ocrText: "", ocrLines: [], fields: fields,
                             category: receipt.category, categoryConfidence: receipt.category == nil ? nil : 1.0,
                             status: receipt.status, location: manual.location)
        return try file(new, into: eventId)
    }
}

/// Identities for receipts without an image.
enum Ingestless {
    /// 64 hex digits like an image hash, from two random UUIDs: unique, and never the hash of
    /// a real image a later filing could collide with.
    static func randomIdentity() -> String {
        (UUID().uuidString + UUID().uuidString).replacingOccurrences(of: "-", with: "").lowercased()
    }
}
