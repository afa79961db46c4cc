import Foundation
import GRDB
import RebutCore

public enum ReceiptStatus: String, Codable, Sendable, CaseIterable, DatabaseValueConvertible {
    /// Vendor, date and total are known with enough confidence.
    case filed
    /// Something required is missing or uncertain: the user should look at it.
    case needsReview = "needs_review"
}

/// A filed receipt: the OCR result, the extracted fields, and the evidence behind them.
///
/// The database mapping is written by hand (not derived from Codable) because money must be
/// stored as canonical TEXT and structured values as JSON text; `Codable` stays available for
/// JSON output.
public struct Receipt: Codable, Sendable, Hashable, Identifiable, FetchableRecord, MutablePersistableRecord, ReceiptFieldValues {
    public static let databaseTableName = "receipt"

    public var id: Int64?
    public var eventId: Int64
    /// The name of the file the receipt came from, as the user had it.
    public var fileName: String
    /// Lower-case hex SHA-256 of the image bytes: the same image is never filed twice.
    public var sha256: String
    /// Relative to the store's own image folder ("ab/ab12….jpg"; see `ExpenseStore.imagesFolder`).
    public var imagePath: String
    public var ocrText: String
    public var ocrLines: [TextLine]
    public var vendor: String?
    public var date: LocalDate?
    public var total: Decimal?
    public var currency: String?
    /// A `PaymentMethod` raw value.
    public var payment: String?
    public var tax: Decimal?
    /// A category id ("meals").
    public var category: String?
    /// 0...1 per `ReceiptField` raw value; 1.0 once the user has set the field.
    public var confidence: [String: Double]
    /// Ranked candidates per `ReceiptField` raw value, best first.
    public var candidates: [String: [Candidate]]
    public var status: ReceiptStatus
    public var createdAt: Date
    public var updatedAt: Date
    /// The absolute path the folder watcher filed this receipt from; nil for other callers.
    public var sourcePath: String?
    /// The user's own words about the receipt ("dinner with the client"), searched and reported.
    public var note: String?
    /// Where the photo was taken, from its EXIF GPS tags.
    public var location: GeoPoint?

    public init(id: Int64? = nil, eventId: Int64, fileName: String, sha256: String, imagePath: String,
                ocrText: String, ocrLines: [TextLine] = [], vendor: String? = nil, date: LocalDate? = nil,
                total: Decimal? = nil, currency: String? = nil, payment: String? = nil, tax: Decimal? = nil,
                category: String? = nil, confidence: [String: Double] = [:],
                candidates: [String: [Candidate]] = [:], status: ReceiptStatus,
                createdAt: Date = Date(), updatedAt: Date = Date(), sourcePath: String? = nil,
                note: String? = nil, location: GeoPoint? = nil) {
        self.id = id
        self.eventId = eventId
        self.fileName = fileName
        self.sha256 = sha256
        self.imagePath = imagePath
        self.ocrText = ocrText
        self.ocrLines = ocrLines
        self.vendor = vendor
        self.date = date
        self.total = total
        self.currency = currency
        self.payment = payment
        self.tax = tax
        self.category = category
        self.confidence = confidence
        self.candidates = candidates
        self.status = status
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.sourcePath = sourcePath
        self.note = note
        self.location = location
    }

    public enum Columns {
        public static let id = Column("id")
        public static let eventId = Column("eventId")
        public static let fileName = Column("fileName")
        public static let sha256 = Column("sha256")
        public static let imagePath = Column("imagePath")
        public static let ocrText = Column("ocrText")
        public static let ocrLines = Column("ocrLines")
        public static let vendor = Column("vendor")
        public static let date = Column("date")
        public static let total = Column("total")
        public static let currency = Column("currency")
        public static let payment = Column("payment")
        public static let tax = Column("tax")
        public static let category = Column("category")
        public static let confidence = Column("confidence")
        public static let candidates = Column("candidates")
        public static let status = Column("status")
        public static let createdAt = Column("createdAt")
        public static let updatedAt = Column("updatedAt")
        public static let sourcePath = Column("sourcePath")
        public static let note = Column("note")
        public static let latitude = Column("latitude")
        public static let longitude = Column("longitude")
    }

    public static let event = belongsTo(Event.self)

    public init(row: Row) throws {
        id = row[Columns.id]
        eventId = row[Columns.eventId]
        fileName = row[Columns.fileName]
        sha256 = row[Columns.sha256]
        imagePath = row[Columns.imagePath]
        ocrText = row[Columns.ocrText]
        ocrLines = try JSONColumn.decode([TextLine].self, from: row[Columns.ocrLines], column: "ocrLines") ?? []
        vendor = row[Columns.vendor]
        date = try ReceiptColumns.date(row[Columns.date])
        total = try MoneyText.decode(row[Columns.total], column: "total")
        currency = row[Columns.currency]
        payment = row[Columns.payment]
        tax = try MoneyText.decode(row[Columns.tax], column: "tax")
        category = row[Columns.category]
        confidence = try JSONColumn.decode([String: Double].self, from: row[Columns.confidence],
                                           column: "confidence") ?? [:]
        candidates = try JSONColumn.decode([String: [Candidate]].self, from: row[Columns.candidates],
                                           column: "candidates") ?? [:]
        status = try ReceiptColumns.status(row[Columns.status])
        createdAt = row[Columns.createdAt]
        updatedAt = row[Columns.updatedAt]
        sourcePath = row[Columns.sourcePath]
        note = row[Columns.note]
        let latitude: Double? = row[Columns.latitude], longitude: Double? = row[Columns.longitude]
        if let latitude, let longitude {
            location = GeoPoint(latitude: latitude, longitude: longitude)
        } else {
            location = nil
        }
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container[Columns.id] = id
        container[Columns.eventId] = eventId
        container[Columns.fileName] = fileName
        container[Columns.sha256] = sha256
        container[Columns.imagePath] = imagePath
        container[Columns.ocrText] = ocrText
        container[Columns.ocrLines] = try JSONColumn.encode(ocrLines)
        container[Columns.vendor] = vendor
        container[Columns.date] = date?.iso8601
        container[Columns.total] = total.map { MoneyText.text($0, currency: currency) }
        container[Columns.currency] = currency
        container[Columns.payment] = payment
        container[Columns.tax] = tax.map { MoneyText.text($0, currency: currency) }
        container[Columns.category] = category
        container[Columns.confidence] = try JSONColumn.encode(confidence)
        container[Columns.candidates] = try JSONColumn.encode(candidates)
        container[Columns.status] = status
        container[Columns.createdAt] = createdAt
        container[Columns.updatedAt] = updatedAt
        container[Columns.sourcePath] = sourcePath
        container[Columns.note] = note
        container[Columns.latitude] = location?.latitude
        container[Columns.longitude] = location?.longitude
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }


    /// The review rule: filed iff vendor, date and total are all set and each is at least
    /// `threshold` confident. A field without a recorded confidence counts as unsure.
    /// False for a receipt typed in without an image.
    public var hasImage: Bool { !imagePath.isEmpty }

    public func computedStatus(threshold: Double) -> ReceiptStatus {
        let uncertain = ReviewRule.uncertainFields(threshold: threshold,
                                                   isPresent: { value(of: $0) != nil },
                                                   confidence: { confidence[$0.rawValue] })
        return uncertain.isEmpty ? .filed : .needsReview
    }
}
