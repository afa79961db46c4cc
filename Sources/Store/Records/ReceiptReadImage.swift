import Foundation
import GRDB
import RebutCore

/// The image the OCR read for one receipt (see `ReadImage`), filed with it in one transaction
/// and deleted with it.
public struct ReceiptReadImage: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "receiptReadImage"

    public var receiptId: Int64
    public var jpeg: Data
    /// The coordinate space of the receipt's OCR boxes (not necessarily the JPEG's own size).
    public var width: Int
    public var height: Int

    public init(receiptId: Int64, _ image: ReadImage) {
        self.receiptId = receiptId
        self.jpeg = image.jpeg
        self.width = image.width
        self.height = image.height
    }

    public var image: ReadImage { ReadImage(jpeg: jpeg, width: width, height: height) }

    public enum Columns {
        public static let receiptId = Column("receiptId")
        public static let width = Column("width")
        public static let height = Column("height")
    }
}

extension ExpenseStore {
    /// The image the OCR read for the receipt, or nil (typed in, a PDF of several pages, or
    /// filed before the store kept read images).
    public func readImage(receiptId: Int64) throws -> ReadImage? {
        try dbPool.read { db in try ReceiptReadImage.fetchOne(db, key: receiptId)?.image }
    }

    /// The boxes' coordinate space when a read image is kept, without reading the JPEG.
    public func readImageSize(receiptId: Int64) throws -> (width: Int, height: Int)? {
        try dbPool.read { db in
            try Row.fetchOne(db, sql: "SELECT width, height FROM receiptReadImage WHERE receiptId = ?",
                             arguments: [receiptId]).map { ($0["width"], $0["height"]) }
        }
    }
}
