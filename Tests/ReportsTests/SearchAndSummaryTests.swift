import Foundation
import RebutCore
import RebutTestSupport
import Reports
import Store
import Testing

@Suite struct SearchAndSummaryTests {
    @Test func searchFindsNotesCategoriesVendorsAndTextAndShowsTheLine() throws {
        let trip = try TripStore()
        try trip.store.setNote("Dinner with the Acme team", receiptId: trip.gps.id!)

        let byNote = try trip.store.search("acme", filter: SearchFilter()).map { SearchResult(receipt: $0, query: "acme") }
        #expect(byNote.map(\.receipt.id) == [trip.gps.id])
        #expect(byNote.first?.field == "note" && byNote.first?.line == "Dinner with the Acme team")

        let byCategory = try trip.store.search("groceries", filter: SearchFilter())
        #expect(byCategory.map(\.id) == [trip.euro.id])
        let byText = try trip.store.search("chips", filter: SearchFilter()).map { SearchResult(receipt: $0, query: "chips") }
        #expect(byText.first?.field == "text" && byText.first?.line.contains("Fish & Chips") == true)
        // Prefixes, accents and case folded as unicode61 does.
        #expect(try trip.store.search("YELL", filter: SearchFilter()).map(\.id) == [trip.noRate.id])

        // A note cleared is no longer found: the index follows every update.
        try trip.store.setNote(nil, receiptId: trip.gps.id!)
        #expect(try trip.store.search("acme", filter: SearchFilter()).isEmpty)
    }

    @Test func searchFiltersByEventDatesAmountAndCategory() throws {
        let trip = try TripStore()
        let other = try trip.store.createEvent(Event(name: "Paris"))
        let paris = try TripStore.typed(trip.store, other, image: nil, [.vendor: "Le Meals Bistro", .date: "2018-12-22",
                                                                        .total: "18.00", .currency: "EUR", .category: "meals"])
        let all = try trip.store.search("meals", filter: SearchFilter())
        #expect(Set(all.map(\.id)) == [trip.gps.id, trip.review.id, paris.id])
        #expect(try trip.store.search("meals", filter: SearchFilter(eventId: other.id)).map(\.id) == [paris.id])
        let fromSaturday = try trip.store.search("meals", filter: SearchFilter(from: LocalDate(iso8601: "2018-12-22")))
        #expect(Set(fromSaturday.map(\.id)) == [trip.review.id, paris.id])
        #expect(try trip.store.search("meals", filter: SearchFilter(minTotal: 15, maxTotal: 20)).map(\.id) == [paris.id])
        #expect(try trip.store.search("cab", filter: SearchFilter(category: "meals")).isEmpty)
    }

    @Test func summaryByCategoryCountsTotalsAndSharesPerCurrency() throws {
        let trip = try TripStore()
        let summary = try SpendingSummary.build(store: trip.store, by: .category, from: nil, to: nil, eventId: nil, currency: nil)
        let gbpMeals = try #require(summary.lines.first { $0.key == "meals" && $0.currency == "GBP" })
        #expect(gbpMeals.count == 2 && gbpMeals.total == trip.gps.total! + trip.review.total!)
        #expect(gbpMeals.share == 1)
        for currency in Set(summary.lines.map(\.currency)) {
            #expect(summary.lines.filter { $0.currency == currency }.map(\.share).reduce(0, +) == 1)
        }
        // Converted to EUR, the USD taxi has no rate and is named as left out.
        let converted = try SpendingSummary.build(store: trip.store, by: .month, from: nil, to: nil, eventId: nil, currency: "EUR")
        #expect(Set(converted.lines.map(\.currency)) == ["EUR"])
        #expect(converted.lines.map(\.key) == ["2018-12"])
        #expect(converted.leftOut.count == 1 && converted.leftOut[0].contains("#\(trip.noRate.id!)"))
        let table = TextTableRenderer.render(converted.table())
        #expect(table.contains("2018-12") && table.contains("100.0%") && table.contains("█"))
    }
}
