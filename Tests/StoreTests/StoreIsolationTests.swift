import Foundation
import GRDB
import RebutCore
import Testing
@testable import Store

/// Stores that share a folder, stores from before each had its own image folder, and stores
/// opened by commands that must not create them.
@Suite struct StoreIsolationTests {
    @Test func twoStoresInOneFolderKeepTheirOwnImages() throws {
        let folder = try TemporaryFolder()
        let one = try ExpenseStore(path: folder.url.appendingPathComponent("one.sqlite"))
        let two = try ExpenseStore(path: folder.url.appendingPathComponent("two.sqlite"))
        #expect(one.imagesFolder != two.imagesFolder)
        let a = try one.file(newReceipt(seed: 1), into: try one.createEvent(Event(name: "A")).id!).receipt
        // The same image filed in both stores: deleting it from one leaves the other's copy.
        let b = try two.file(newReceipt(seed: 1), into: try two.createEvent(Event(name: "B")).id!).receipt
        let c = try two.file(newReceipt(seed: 2), into: b.eventId).receipt

        #expect(try two.removeStrayImages() == 0)
        #expect(try one.removeStrayImages() == 0)
        try one.deleteReceipt(id: a.id!)
        #expect(!FileManager.default.fileExists(atPath: one.imageURL(for: a).path))
        #expect(try Data(contentsOf: two.imageURL(for: b)) == imageBytes(1))
        #expect(try Data(contentsOf: two.imageURL(for: c)) == imageBytes(2))
    }

    @Test func aStoreFromBeforeGetsItsOwnImageFolderAndTheSharedOneIsLeftAlone() throws {
        let folder = try TemporaryFolder()
        let legacy = folder.url.appendingPathComponent("images")
        // Two stores of the old layout sharing `images/`, each with one receipt.
        for (name, seed) in [("one", 1), ("two", 2)] {
            let path = folder.url.appendingPathComponent("\(name).sqlite")
            let queue = try DatabaseQueue(path: path.path)
            try Schema.migrator(imagesFolder: ExpenseStore.imagesFolder(forDatabase: path), legacyImagesFolder: legacy)
                .migrate(queue, upTo: "v2: receipt.sourcePath")
            let relative = "\(hexKey(seed).prefix(2))/\(hexKey(seed)).jpg"
            try FileManager.default.createDirectory(at: legacy.appendingPathComponent(String(hexKey(seed).prefix(2))),
                                                    withIntermediateDirectories: true)
            try imageBytes(seed).write(to: legacy.appendingPathComponent(relative))
            try queue.write { db in
                var event = Event(name: "Old")
                try event.insert(db)
                let receipt = ExpenseStore.makeReceipt(newReceipt(seed: seed), sha256: hexKey(seed),
                                                       imagePath: "images/" + relative, eventId: event.id!)
                // Only the columns a v2 store has: later migrations add more to the record.
                let columns = Set(try db.columns(in: "receipt").map(\.name))
                let values = try receipt.databaseDictionary.filter { columns.contains($0.key) }
                try db.execute(sql: "INSERT INTO receipt (\(values.keys.joined(separator: ", "))) VALUES (\(values.map { _ in "?" }.joined(separator: ", ")))",
                               arguments: StatementArguments(Array(values.values)))
            }
        }
        let one = try ExpenseStore(path: folder.url.appendingPathComponent("one.sqlite"))
        let two = try ExpenseStore(path: folder.url.appendingPathComponent("two.sqlite"))
        for (store, seed) in [(one, 1), (two, 2)] {
            let receipt = try #require(try store.receipts().first)
            #expect(receipt.imagePath == "\(hexKey(seed).prefix(2))/\(hexKey(seed)).jpg")
            #expect(store.imageURL(for: receipt).path.hasPrefix(store.imagesFolder.path))
            #expect(try Data(contentsOf: store.imageURL(for: receipt)) == imageBytes(seed))
            #expect(try store.removeStrayImages() == 0)
            try store.deleteReceipt(id: receipt.id!)
        }
        // The old shared folder still has both images: nothing proves which store owned them.
        for seed in [1, 2] {
            let relative = "\(hexKey(seed).prefix(2))/\(hexKey(seed)).jpg"
            #expect(try Data(contentsOf: legacy.appendingPathComponent(relative)) == imageBytes(seed))
        }
    }

    @Test func readingAMissingStoreNeverCreatesOne() throws {
        let folder = try TemporaryFolder()
        let typo = folder.url.appendingPathComponent("typo.sqlite")
        for mode in [ExpenseStore.OpenMode.readOnly, .existing] {
            #expect(throws: StoreError.storeNotFound(typo.path)) { try ExpenseStore(path: typo, mode: mode) }
        }
        #expect(!FileManager.default.fileExists(atPath: typo.path))
        #expect(!FileManager.default.fileExists(atPath: ExpenseStore.imagesFolder(forDatabase: typo).path))
        #expect(throws: StoreError.self) { try ExpenseStore(path: folder.url, mode: .readOnly) }
    }

    @Test func aStoreWithoutWriteAccessCanStillBeRead() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("ro/store.sqlite")
        do {
            let store = try ExpenseStore(path: path)
            _ = try store.file(newReceipt(seed: 1), into: try store.createEvent(Event(name: "KL")).id!)
        }
        let roFolder = path.deletingLastPathComponent()
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: roFolder.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path.path)
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: roFolder.path)
            try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path.path)
        }
        let store = try ExpenseStore(path: path, mode: .readOnly)
        // Root ignores permission bits, so only a real non-root user sees the read-only path.
        if getuid() != 0 { #expect(store.isReadOnly) }
        #expect(try store.receipts().count == 1)
        #expect(try store.events().map(\.name) == ["KL"])
    }
}
