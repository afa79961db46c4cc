import Foundation
import GRDB
import RebutCore
import Testing
@testable import Store

/// The image the OCR read is filed with its receipt, in the same transaction, once per image,
/// and goes with it; stores from before it existed are upgraded and keep their receipts without one.
@Suite struct ReadImageStoreTests {
    static let read = ReadImage(jpeg: Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3, 0xFF, 0xD9]), width: 2480, height: 3508)

    @Test func theReadImageIsFiledWithItsReceiptAndDeletedWithIt() throws {
        let folder = try TemporaryFolder()
        let store = try folder.makeStore()
        let event = try store.createEvent(Event(name: "Trip", kind: .trip))
        var new = newReceipt(seed: 1)
        new.readImage = Self.read
        let receipt = try store.file(new, into: event.id!).receipt
        #expect(try store.readImage(receiptId: receipt.id!) == Self.read)
        let size = try #require(try store.readImageSize(receiptId: receipt.id!))
        #expect(size.width == 2480 && size.height == 3508)

        // The same image again (a second upload of one photo) keeps the first read image, once.
        var again = newReceipt(seed: 1)
        again.readImage = ReadImage(jpeg: Data([9, 9, 9]), width: 10, height: 10)
        #expect(try store.file(again, into: event.id!).isDuplicate)
        let rows = try DatabaseQueue(path: folder.databaseURL.path).read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM receiptReadImage")
        }
        #expect(rows == 1)
        #expect(try store.readImage(receiptId: receipt.id!) == Self.read)

        try store.deleteReceipt(id: receipt.id!)
        #expect(try store.readImage(receiptId: receipt.id!) == nil)
        let left = try DatabaseQueue(path: folder.databaseURL.path).read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM receiptReadImage")
        }
        #expect(left == 0)
    }

    @Test func aReceiptWithoutOneHasNone() throws {
        let folder = try TemporaryFolder()
        let store = try folder.makeStore()
        let event = try store.createEvent(Event(name: "Trip", kind: .trip))
        let receipt = try store.file(newReceipt(seed: 2), into: event.id!).receipt
        #expect(try store.readImage(receiptId: receipt.id!) == nil)
        #expect(try store.readImageSize(receiptId: receipt.id!) == nil)
    }

    /// A row that would refer to no receipt, or claim an empty coordinate space, is refused by SQLite.
    @Test func theTableRefusesOrphansAndEmptySizes() throws {
        let folder = try TemporaryFolder()
        let store = try folder.makeStore()
        let event = try store.createEvent(Event(name: "Trip", kind: .trip))
        let receipt = try store.file(newReceipt(seed: 3), into: event.id!).receipt
        let queue = try DatabaseQueue(path: folder.databaseURL.path)
        try queue.write { db in try db.execute(sql: "PRAGMA foreign_keys = ON") }
        #expect(throws: DatabaseError.self) {
            try queue.write { db in try ReceiptReadImage(receiptId: 9999, Self.read).insert(db) }
        }
        #expect(throws: DatabaseError.self) {
            try queue.write { db in
                try ReceiptReadImage(receiptId: receipt.id!, ReadImage(jpeg: Data([1]), width: 0, height: 10)).insert(db)
            }
        }
    }

    @Test func aStoreFromBeforeReadImagesIsUpgradedAndItsReceiptsHaveNone() throws {
        let folder = try TemporaryFolder()
        do {
            let queue = try folder.databaseMigrated(upTo: "web-1: web password, sessions, API tokens")
            try queue.write { db in
                #expect(try !db.tableExists("receiptReadImage"))
                try db.execute(sql: "INSERT INTO event (name, kind, active, createdAt) VALUES ('Old trip', 'trip', 1, ?)",
                               arguments: [Date()])
                try db.execute(sql: """
                    INSERT INTO receipt (eventId, fileName, sha256, imagePath, ocrText, ocrLines, confidence, candidates,
                                         status, createdAt, updatedAt)
                    VALUES (1, 'old.jpg', ?, '', '', '[]', '{}', '{}', 'filed', ?, ?)
                    """, arguments: [String(repeating: "b", count: 64), Date(), Date()])
            }
        }
        let store = try ExpenseStore(path: folder.databaseURL)
        let old = try #require(try store.receipts().first)
        #expect(try store.readImage(receiptId: old.id!) == nil)
        let event = try #require(try store.events().first)
        var new = newReceipt(seed: 4)
        new.readImage = Self.read
        let filed = try store.file(new, into: event.id!).receipt
        #expect(try store.readImage(receiptId: filed.id!) == Self.read)
    }
}
