import Foundation
import GRDB
import RebutCore
import Testing
@testable import Store

/// Stores filed before notes, places and rates existed are upgraded in place.
@Suite struct ReportMigrationTests {
    @Test func aStoreFromBeforeFindsItsOldReceiptsByCategoryAndKeepsThemUnplaced() throws {
        let folder = try TemporaryFolder()
        do {
            let queue = try folder.databaseMigrated(upTo: "v3: per-store image folder, pending image writes")
            try queue.write { db in
                try db.execute(sql: "INSERT INTO event (name, kind, active, createdAt) VALUES ('Old trip', 'trip', 1, ?)",
                               arguments: [Date()])
                try db.execute(sql: """
                    INSERT INTO receipt (eventId, fileName, sha256, imagePath, ocrText, ocrLines, vendor, date, total, currency,
                                         category, confidence, candidates, status, createdAt, updatedAt)
                    VALUES (1, 'old.jpg', ?, '', 'Taxi fare 12.00', '[]', 'City Cabs', '2024-03-01', '12.00', 'EUR',
                            'transport', '{}', '{}', 'filed', ?, ?)
                    """, arguments: [String(repeating: "a", count: 64), Date(), Date()])
            }
        }
        let store = try ExpenseStore(path: folder.databaseURL)
        // The search index was rebuilt with the new columns: the old receipt's category is found.
        #expect(try store.search("transport", filter: SearchFilter()).map(\.vendor) == ["City Cabs"])
        #expect(try store.search("taxi", filter: SearchFilter()).count == 1)
        let old = try #require(try store.receipts().first)
        #expect(old.note == nil && old.location == nil)
        // Notes set now are indexed by the recreated triggers.
        try store.setNote("airport transfer", receiptId: old.id!)
        #expect(try store.search("airport", filter: SearchFilter()).map(\.id) == [old.id])
        #expect(try store.rates().isEmpty)
    }

    @Test func ratesAreExactTextAndBadOnesAreRefusedWhole() throws {
        let folder = try TemporaryFolder()
        let store = try folder.makeStore()
        let day = LocalDate(iso8601: "2024-03-01")!
        try store.saveRates([ExchangeRate(base: "eur", quote: "gbp", day: day, rate: Decimal(string: "0.85531")!, source: "ECB")])
        let stored = try DatabaseQueue(path: folder.databaseURL.path).read { db in
            try Row.fetchOne(db, sql: "SELECT base, quote, rate, typeof(rate) AS kind FROM exchangeRate")
        }
        #expect(stored?["base"] == "EUR" && stored?["quote"] == "GBP")
        #expect(stored?["rate"] == "0.85531" && stored?["kind"] == "text")
        #expect(throws: StoreError.self) {
            try store.saveRates([ExchangeRate(base: "EUR", quote: "USD", day: day, rate: 1, source: "ECB"),
                                 ExchangeRate(base: "EUR", quote: "ZZZ", day: day, rate: 1, source: "ECB")])
        }
        #expect(try store.rates(currency: "USD").isEmpty, "a refused batch writes nothing")
        #expect(throws: StoreError.self) {
            try store.saveRates([ExchangeRate(base: "EUR", quote: "USD", day: day, rate: 0, source: "manual")])
        }
    }
}
