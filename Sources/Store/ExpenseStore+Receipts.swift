import Foundation
import GRDB
import RebutCore

extension ExpenseStore {
    /// The receipt filed from an image with this hash, if any: checked before paying for OCR.
    public func receipt(sha256: String) throws -> Receipt? {
        let hex = sha256.lowercased()
        return try dbPool.read { db in
            try Receipt.filter(Receipt.Columns.sha256 == hex).fetchOne(db)
        }
    }

    public func receipt(id: Int64) throws -> Receipt? {
        try dbPool.read { db in try Receipt.fetchOne(db, key: id) }
    }

    /// Receipts by date (undated last), then id; each filter left nil matches everything.
    /// `from` and `to` are inclusive days; an undated receipt matches no date range.
    public func receipts(eventId: Int64? = nil, status: ReceiptStatus? = nil, category: String? = nil,
                         from: LocalDate? = nil, to: LocalDate? = nil) throws -> [Receipt] {
        try dbPool.read { db in
            var request = Receipt.all()
            if let eventId { request = request.filter(Receipt.Columns.eventId == eventId) }
            if let status { request = request.filter(Receipt.Columns.status == status) }
            if let category { request = request.filter(Receipt.Columns.category == category.lowercased()) }
            if let from { request = request.filter(Receipt.Columns.date >= from.iso8601) }
            if let to { request = request.filter(Receipt.Columns.date <= to.iso8601) }
            return try request.order(Receipt.Columns.date == nil, Receipt.Columns.date, Receipt.Columns.id).fetchAll(db)
        }
    }

    /// Files a receipt under an event, atomically.
    ///
    /// The image is written to a temporary file and flushed before the transaction starts (slow
    /// I/O outside the write lock), and the path it will take is recorded as pending. Inside one
    /// transaction the row is inserted, the file renamed into place and the pending mark cleared;
    /// if anything fails the file is removed and the row rolled back, so there is never a row
    /// without its image. A crash after the rename but before the commit leaves the pending mark,
    /// which is how `removeStrayImages` knows the file is this store's and unreferenced. The same
    /// image filed twice (even by two processes at once) gives `.duplicate` and changes nothing.
    public func file(_ new: NewReceipt, into eventId: Int64) throws -> FilingOutcome {
        let sha = try Validation.sha256(new.sha256)
        let ext = try Validation.imageExtension(new.imageExtension)
        if let existing = try receipt(sha256: sha) { return .duplicate(existing: existing) }

        let relativePath = ImageFiles.relativePath(sha256: sha, extension: ext)
        var receipt = Self.makeReceipt(new, sha256: sha, imagePath: relativePath, eventId: eventId)
        let temporary = try images.writeTemporary(new.imageData, for: relativePath)
        var movedIntoPlace = false
        do {
            try dbPool.write { db in try Self.markPending(relativePath, in: db) }
            let outcome: FilingOutcome = try dbPool.write { db in
                if let existing = try Receipt.filter(Receipt.Columns.sha256 == sha).fetchOne(db) {
                    return .duplicate(existing: existing)
                }
                guard try Event.exists(db, key: eventId) else {
                    throw StoreError.eventNotFound("with id \(eventId)")
                }
                try receipt.insert(db)
                if let period = new.billingPeriod { try Self.save(period, receiptId: receipt.id!, in: db) }
                if let image = new.readImage { try ReceiptReadImage(receiptId: receipt.id!, image).insert(db) }
                try images.moveIntoPlace(temporary, as: relativePath)
                movedIntoPlace = true
                try Self.clearPending(relativePath, in: db)
                // Read back what SQLite kept (dates to the millisecond) so callers hold the stored truth.
                return .filed(try Receipt.fetchOne(db, key: receipt.id) ?? receipt)
            }
            if !movedIntoPlace { images.remove(temporary) }
            return outcome
        } catch {
            images.remove(temporary)
            if movedIntoPlace { try? removeImageUnlessReferenced(relativePath) }
            // Another process filed the same image between our check and our insert.
            if let dbError = error as? DatabaseError, dbError.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE,
               let existing = try self.receipt(sha256: sha) {
                return .duplicate(existing: existing)
            }
            throw error
        }
    }

    static func markPending(_ relativePath: String, in db: Database) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO pendingImage (imagePath, startedAt) VALUES (?, ?)",
                       arguments: [relativePath, Date()])
    }

    static func clearPending(_ relativePath: String, in db: Database) throws {
        try db.execute(sql: "DELETE FROM pendingImage WHERE imagePath = ?", arguments: [relativePath])
    }

    /// Deletes the receipt and then its image. Its corrections are kept.
    public func deleteReceipt(id: Int64) throws {
        try deleteReceipts(ids: [id])
    }

    /// Deletes every receipt named, all or none (one unknown id deletes nothing), then their
    /// images, only after the commit: a rolled-back delete must not lose images.
    public func deleteReceipts(ids: [Int64]) throws {
        let imagePaths: [String] = try dbPool.write { db in
            var paths: [String] = []
            for id in ids {
                guard let receipt = try Receipt.fetchOne(db, key: id) else { throw StoreError.receiptNotFound(id) }
                try receipt.delete(db)
                paths.append(receipt.imagePath)
            }
            return paths
        }
        for path in imagePaths { try removeImageUnlessReferenced(path) }
    }

    private func removeImageUnlessReferenced(_ relativePath: String) throws {
        let referenced = try dbPool.read { db in
            try Receipt.filter(Receipt.Columns.imagePath == relativePath).fetchCount(db) > 0
        }
        if !referenced { images.remove(relativePath: relativePath) }
    }

    static func makeReceipt(_ new: NewReceipt, sha256: String, imagePath: String, eventId: Int64) -> Receipt {
        let fields = new.fields
        var confidence = Dictionary(uniqueKeysWithValues: fields.confidence.map { ($0.key.rawValue, $0.value) })
        var candidates = Dictionary(uniqueKeysWithValues: fields.candidates.map { ($0.key.rawValue, $0.value) })
        if let categoryConfidence = new.categoryConfidence { confidence[ReceiptField.category.rawValue] = categoryConfidence }
        if !new.categoryCandidates.isEmpty { candidates[ReceiptField.category.rawValue] = new.categoryCandidates }
        let now = Date()
        return Receipt(eventId: eventId, fileName: new.fileName, sha256: sha256, imagePath: imagePath,
                       ocrText: new.ocrText, ocrLines: new.ocrLines, vendor: fields.vendor, date: fields.date,
                       total: fields.total, currency: fields.currency?.uppercased(),
                       payment: fields.payment?.rawValue, tax: fields.tax, category: new.category,
                       confidence: confidence, candidates: candidates, status: new.status,
                       createdAt: now, updatedAt: now, sourcePath: new.sourcePath, location: new.location)
    }
}
