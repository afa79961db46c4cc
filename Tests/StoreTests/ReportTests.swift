import Foundation
import RebutCore
import Testing
@testable import Store

@Suite struct ReportTests {
    @Test func totalsAreExactPerEventCategoryAndCurrency() throws {
        let folder = try TemporaryFolder()
        let store = try folder.makeStore()
        let trip = try store.createEvent(Event(name: "Trip"))
        let flat = try store.createEvent(Event(name: "Flat"))
        let amounts: [(Int64, String?, String?, String?)] = [
            (trip.id!, "meals", "EUR", "0.10"), (trip.id!, "meals", "EUR", "0.20"),
            (trip.id!, "meals", "MYR", "0.10"), (trip.id!, "fuel", "EUR", "40.05"),
            (trip.id!, "meals", "EUR", nil), (flat.id!, "water", "EUR", "19.99"),
        ]
        for (seed, (event, category, currency, total)) in amounts.enumerated() {
            _ = try store.file(newReceipt(seed: seed, total: total.flatMap { Decimal(string: $0) },
                                          currency: currency, category: category), into: event)
        }
        let lines = try store.totals(eventId: trip.id)
        #expect(lines.map { "\($0.category ?? "-") \($0.currency ?? "-") \(MoneyFormat.canonical($0.total))" }
                == ["fuel EUR 40.05", "meals EUR 0.30", "meals MYR 0.10"])
        let meals = try #require(lines.first { $0.category == "meals" && $0.currency == "EUR" })
        #expect(meals.total == Decimal(string: "0.3"))
        #expect(meals.receiptCount == 2)
        #expect(meals.missingTotalCount == 1)
        #expect(try store.totals().map(\.eventName) == ["Flat", "Trip", "Trip", "Trip"])
    }

    @Test func knownVendorsAreDistinctMostUsedFirst() throws {
        let folder = try TemporaryFolder()
        let store = try folder.makeStore()
        let event = try store.createEvent(Event(name: "KL"))
        _ = try store.file(newReceipt(seed: 1, vendor: "Kedai Ah Beng"), into: event.id!)
        _ = try store.file(newReceipt(seed: 2, vendor: "Restoran Ali"), into: event.id!)
        _ = try store.file(newReceipt(seed: 3, vendor: "Restoran Ali"), into: event.id!)
        _ = try store.file(newReceipt(seed: 4, vendor: nil), into: event.id!)
        #expect(try store.knownVendors() == ["Restoran Ali", "Kedai Ah Beng"])
    }

    @Test func searchFindsOCRTextAndVendorsByPrefix() throws {
        let folder = try TemporaryFolder()
        let store = try folder.makeStore()
        let event = try store.createEvent(Event(name: "KL"))
        let nasi = try store.file(newReceipt(seed: 1, vendor: "Restoran Ali", ocrText: "NASI LEMAK 5.00\nTEH TARIK 2.00"),
                                  into: event.id!).receipt
        let hotel = try store.file(newReceipt(seed: 2, vendor: "Hôtel du Parc", ocrText: "Nuitée 1 x 89,00"),
                                   into: event.id!).receipt
        #expect(try store.search("lemak").map(\.id) == [nasi.id])
        #expect(try store.search("teh tar").map(\.id) == [nasi.id])
        #expect(try store.search("hotel").map(\.id) == [hotel.id], "diacritics are ignored")
        #expect(try store.search("nasi hotel").isEmpty, "every word must match")
        #expect(try store.search("  \"*)( ").isEmpty)
        // The index follows corrections and deletions.
        try store.setField(.vendor, to: "Warung Ali", receiptId: nasi.id!)
        #expect(try store.search("warung").map(\.id) == [nasi.id])
        try store.deleteReceipt(id: hotel.id!)
        #expect(try store.search("hotel").isEmpty)
    }
}
