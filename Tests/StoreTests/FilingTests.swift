import Foundation
import GRDB
import RebutCore
import Testing
@testable import Store

@Suite struct FilingTests {
    @Test func aReceiptRoundTripsWithEveryField() throws {
        let folder = try TemporaryFolder()
        let store = try folder.makeStore()
        let event = try store.createEvent(Event(name: "KL", kind: .trip))
        var new = newReceipt(seed: 1, category: "meals")
        new.fields.tax = Decimal(string: "0.70")
        new.ocrLines[0].box = Box(x: 3, y: 4, width: 100, height: 20)
        new.ocrLines[0].confidence = 87.5
        new.categoryConfidence = 0.8
        new.categoryCandidates = [Candidate(value: "meals", score: 0.8, line: "RESTORAN ALI", lineIndex: 0)]

        let filed = try #require({ if case .filed(let r) = try store.file(new, into: event.id!) { r } else { nil } }())
        let stored = try #require(try store.receipt(id: filed.id!))
        #expect(stored == filed)
        #expect(stored.vendor == "Restoran Ali")
        #expect(stored.date == LocalDate(year: 2019, month: 3, day: 4))
        #expect(stored.total == Decimal(string: "12.30"))
        #expect(stored.tax == Decimal(string: "0.70"))
        #expect(stored.currency == "MYR")
        #expect(stored.payment == "cash")
        #expect(stored.category == "meals")
        #expect(stored.ocrLines == new.ocrLines)
        #expect(stored.confidence == ["vendor": 0.9, "date": 0.9, "total": 0.9, "category": 0.8])
        #expect(stored.candidates["date"]?.map(\.value) == ["2019-03-04", "2019-04-03"])
        #expect(stored.candidates["category"]?.first?.value == "meals")
        #expect(stored.imagePath == "\(hexKey(1).prefix(2))/\(hexKey(1)).jpg")
        #expect(try store.receipt(sha256: hexKey(1).uppercased())?.id == stored.id)
    }

    @Test func imageBytesAreKeptUnchanged() throws {
        let folder = try TemporaryFolder()
        let store = try folder.makeStore()
        let event = try store.createEvent(Event(name: "KL"))
        let receipt = try store.file(newReceipt(seed: 7), into: event.id!).receipt
        let onDisk = try Data(contentsOf: store.imageURL(for: receipt))
        #expect(onDisk == imageBytes(7))
        #expect(store.imageURL(for: receipt).path.hasPrefix(folder.url.appendingPathComponent("store/rebut.images").path))
    }

    @Test func filingTheSameImageTwiceIsADuplicate() throws {
        let folder = try TemporaryFolder()
        let store = try folder.makeStore()
        let trip = try store.createEvent(Event(name: "KL"))
        let other = try store.createEvent(Event(name: "Penang"))
        let first = try store.file(newReceipt(seed: 3), into: trip.id!)
        var again = newReceipt(seed: 3)
        again.fileName = "copy of receipt.jpg"
        let second = try store.file(again, into: other.id!)
        #expect(!first.isDuplicate)
        #expect(second.isDuplicate)
        #expect(second.receipt.id == first.receipt.id)
        #expect(second.receipt.eventId == trip.id)
        #expect(try store.receipts().count == 1)
        #expect(folder.imageFiles().count == 1)
    }

    @Test func moneyIsStoredAsCanonicalText() throws {
        let folder = try TemporaryFolder()
        let store = try folder.makeStore()
        let event = try store.createEvent(Event(name: "KL"))
        _ = try store.file(newReceipt(seed: 1, total: Decimal(9)), into: event.id!)
        _ = try store.file(newReceipt(seed: 2, total: Decimal(string: "1234.5"), currency: "JPY"), into: event.id!)
        _ = try store.file(newReceipt(seed: 3, total: Decimal(string: "0.105"), currency: "EUR"), into: event.id!)
        let db = try DatabaseQueue(path: folder.databaseURL.path)
        let rows = try db.read { db in
            try Row.fetchAll(db, sql: "SELECT total, typeof(total) AS type FROM receipt ORDER BY id")
        }
        #expect(rows.map { $0["type"] as String } == ["text", "text", "text"])
        // JPY has no minor unit, but 1234.5 must not silently become 1234: every digit is kept.
        #expect(rows.map { $0["total"] as String } == ["9.00", "1234.5", "0.105"])
        #expect(try store.receipts().map(\.total) == [Decimal(9), Decimal(string: "1234.5"), Decimal(string: "0.105")])
    }

    @Test func aFailedInsertLeavesNoImage() throws {
        let folder = try TemporaryFolder()
        let store = try folder.makeStore()
        #expect(throws: StoreError.eventNotFound("with id 42")) {
            try store.file(newReceipt(seed: 1), into: 42)
        }
        #expect(folder.imageFiles().isEmpty)

        // Make SQLite itself refuse the row, after the image has been written to disk.
        let event = try store.createEvent(Event(name: "KL"))
        let db = try DatabaseQueue(path: folder.databaseURL.path)
        try db.write { db in
            try db.execute(sql: """
                CREATE TRIGGER refuse BEFORE INSERT ON receipt
                BEGIN SELECT RAISE(ABORT, 'refused by test trigger'); END
                """)
        }
        #expect(throws: DatabaseError.self) { try store.file(newReceipt(seed: 2), into: event.id!) }
        #expect(folder.imageFiles().isEmpty)
        #expect(try store.receipts().isEmpty)

        try db.write { db in try db.execute(sql: "DROP TRIGGER refuse") }
        _ = try store.file(newReceipt(seed: 2), into: event.id!)
        #expect(folder.imageFiles().count == 1)
    }

    @Test func malformedHashOrExtensionIsRejected() throws {
        let folder = try TemporaryFolder()
        let store = try folder.makeStore()
        let event = try store.createEvent(Event(name: "KL"))
        var bad = newReceipt(seed: 1)
        bad.sha256 = "not-a-hash"
        #expect(throws: StoreError.self) { try store.file(bad, into: event.id!) }
        var badExtension = newReceipt(seed: 1)
        badExtension.imageExtension = "../x"
        #expect(throws: StoreError.self) { try store.file(badExtension, into: event.id!) }
        #expect(folder.imageFiles().isEmpty)
    }

    @Test func receiptsFilterByEventAndStatus() throws {
        let folder = try TemporaryFolder()
        let store = try folder.makeStore()
        let a = try store.createEvent(Event(name: "A"))
        let b = try store.createEvent(Event(name: "B"))
        _ = try store.file(newReceipt(seed: 1, date: LocalDate(year: 2019, month: 5, day: 1)), into: a.id!)
        _ = try store.file(newReceipt(seed: 2, date: LocalDate(year: 2019, month: 1, day: 1)), into: a.id!)
        _ = try store.file(newReceipt(seed: 3, vendor: nil, status: .needsReview), into: b.id!)
        #expect(try store.receipts(eventId: a.id).map(\.sha256) == [hexKey(2), hexKey(1)])
        #expect(try store.receipts(status: .needsReview).map(\.sha256) == [hexKey(3)])
        #expect(try store.receipts(eventId: a.id, status: .needsReview).isEmpty)
    }

    @Test func deletingAReceiptRemovesItsImage() throws {
        let folder = try TemporaryFolder()
        let store = try folder.makeStore()
        let event = try store.createEvent(Event(name: "KL"))
        let receipt = try store.file(newReceipt(seed: 1), into: event.id!).receipt
        _ = try store.file(newReceipt(seed: 2), into: event.id!)
        try store.setField(.category, to: "meals", receiptId: receipt.id!)
        try store.deleteReceipt(id: receipt.id!)
        #expect(try store.receipt(id: receipt.id!) == nil)
        #expect(!FileManager.default.fileExists(atPath: store.imageURL(for: receipt).path))
        #expect(folder.imageFiles().count == 1)
        #expect(throws: StoreError.receiptNotFound(receipt.id!)) { try store.deleteReceipt(id: receipt.id!) }
        // What the user taught survives the receipt.
        #expect(try store.learnedCategories() == ["RESTORANALI": "meals"])
    }

    @Test func deletingAnEventRemovesItsReceiptsAndImages() throws {
        let folder = try TemporaryFolder()
        let store = try folder.makeStore()
        let gone = try store.createEvent(Event(name: "Gone"))
        let kept = try store.createEvent(Event(name: "Kept"))
        for seed in 1...3 { _ = try store.file(newReceipt(seed: seed), into: gone.id!) }
        let survivor = try store.file(newReceipt(seed: 4), into: kept.id!).receipt
        #expect(folder.imageFiles().count == 4)
        #expect(try store.deleteEvent(id: gone.id!) == 3)
        #expect(try store.receipts().map(\.id) == [survivor.id])
        #expect(folder.imageFiles().map(\.lastPathComponent) == [hexKey(4) + ".jpg"])
        // The same image can now be filed again.
        #expect(!(try store.file(newReceipt(seed: 1), into: kept.id!).isDuplicate))
    }
}

@Suite struct MaintenanceTests {
    @Test func onlyImagesOfThisStoresInterruptedFilingsAreSwept() throws {
        let folder = try TemporaryFolder()
        let store = try folder.makeStore()
        let event = try store.createEvent(Event(name: "KL"))
        let kept = try store.file(newReceipt(seed: 1), into: event.id!).receipt
        // What a crash leaves: an image renamed into place whose row never committed (its path
        // still marked pending), an old temporary file, and a fresh temporary file another
        // process may still be filing. An unreferenced image with no pending mark is not proven
        // to be a leftover, so it stays.
        let orphanPath = ImageFiles.relativePath(sha256: hexKey(2), extension: "jpg")
        let unproven = ImageFiles.relativePath(sha256: hexKey(3), extension: "png")
        let shard = store.imagesFolder.appendingPathComponent(String(hexKey(2).prefix(2)))
        try FileManager.default.createDirectory(at: shard, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: store.imageURL(for: kept).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(String(hexKey(3).prefix(2))), withIntermediateDirectories: true)
        let oldTemporary = shard.appendingPathComponent(".tmp-old")
        let freshTemporary = shard.appendingPathComponent(".tmp-fresh")
        for url in [store.imagesFolder.appendingPathComponent(orphanPath), store.imagesFolder.appendingPathComponent(unproven),
                    oldTemporary, freshTemporary] { try Data([1, 2, 3]).write(to: url) }
        try store.dbPool.write { try ExpenseStore.markPending(orphanPath, in: $0) }
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -7200)],
                                              ofItemAtPath: oldTemporary.path)

        #expect(try store.removeStrayImages() == 2)
        #expect(Set(folder.imageFiles().map(\.lastPathComponent))
                == [store.imageURL(for: kept).lastPathComponent, "\(hexKey(3)).png", ".tmp-fresh"])
        #expect(try Data(contentsOf: store.imageURL(for: kept)) == imageBytes(1))
        // The mark is used up: a second sweep finds nothing.
        #expect(try store.removeStrayImages() == 0)
    }

    @Test func aFilingThatCommittedLeavesNoPendingMark() throws {
        let folder = try TemporaryFolder()
        let store = try folder.makeStore()
        let event = try store.createEvent(Event(name: "KL"))
        _ = try store.file(newReceipt(seed: 1), into: event.id!)
        #expect(try store.dbPool.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM pendingImage") } == 0)
    }
}
