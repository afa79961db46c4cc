import Foundation
import RebutCore

/// Everything the pipeline knows about a receipt before it is filed.
public struct NewReceipt: Sendable {
    public var fileName: String
    /// Hex SHA-256 of `imageData`.
    public var sha256: String
    /// The original image bytes, kept as they came.
    public var imageData: Data
    /// "jpg", "png"…: the sniffed format, not necessarily the file's own extension.
    public var imageExtension: String
    public var ocrText: String
    public var ocrLines: [TextLine]
    public var fields: ReceiptFields
    public var category: String?
    /// Confidence of `category`, 0...1, when categorisation chose it.
    public var categoryConfidence: Double?
    public var categoryCandidates: [Candidate]
    public var status: ReceiptStatus
    /// Where the folder watcher found the image (absolute path); nil for other callers.
    public var sourcePath: String?
    /// The period a utility bill covers, when it is printed on it.
    public var billingPeriod: BillingPeriod?
    /// Where the photo was taken (EXIF GPS), when it says.
    public var location: GeoPoint?
    /// The image the OCR read, in whose pixels `ocrLines`' boxes are; nil for a typed-in
    /// receipt or a PDF of several pages.
    public var readImage: ReadImage?

    public init(fileName: String, sha256: String, imageData: Data, imageExtension: String, ocrText: String,
                ocrLines: [TextLine], fields: ReceiptFields, category: String? = nil,
                categoryConfidence: Double? = nil, categoryCandidates: [Candidate] = [],
                status: ReceiptStatus, sourcePath: String? = nil, billingPeriod: BillingPeriod? = nil,
                location: GeoPoint? = nil, readImage: ReadImage? = nil) {
        self.fileName = fileName
        self.sha256 = sha256
        self.imageData = imageData
        self.imageExtension = imageExtension
        self.ocrText = ocrText
        self.ocrLines = ocrLines
        self.fields = fields
        self.category = category
        self.categoryConfidence = categoryConfidence
        self.categoryCandidates = categoryCandidates
        self.status = status
        self.sourcePath = sourcePath
        self.billingPeriod = billingPeriod
        self.location = location
        self.readImage = readImage
    }
}

/// What `file(_:into:)` did.
public enum FilingOutcome: Sendable {
    case filed(Receipt)
    /// The same image (by SHA-256) was filed before; nothing was written.
    case duplicate(existing: Receipt)

    public var receipt: Receipt {
        switch self {
        case .filed(let receipt), .duplicate(let receipt): return receipt
        }
    }
}
