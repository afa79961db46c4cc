import Foundation
import RebutCore
import Rental
import RnDDeduction
@testable import Store
import Testing

private func isoDay(_ text: String) -> LocalDate { LocalDate(iso8601: text)! }

@Suite struct RentalStoreTests {
    @Test func aNewStoreHasCataloniasRatesAndTheDeductionDefaultsAsEditableRows() throws {
        let folder = try TemporaryFolder()
        let store = try folder.makeStore()
        let rates = try store.touristTaxRates()
        #expect(rates.map(\.zone) == ["1", "2"])
        #expect(rates.map(\.perPersonNight) == [Decimal(string: "0.65"), Decimal(string: "0.45")])
        #expect(rates.allSatisfy { $0.validFrom == isoDay("2012-11-01") && $0.currency == "EUR" })
        try store.setTouristTaxRate(TouristTaxRate(zone: "1", validFrom: isoDay("2025-04-01"), perPersonNight: Decimal(string: "1.00")!))
        try store.setTouristTaxRate(TouristTaxRate(zone: "2", validFrom: isoDay("2012-11-01"), perPersonNight: Decimal(string: "0.50")!))
        let table = TouristTaxTable(try store.touristTaxRates())
        #expect(table.rate(zone: "1", on: isoDay("2025-03-31"))?.perPersonNight == Decimal(string: "0.65"))
        #expect(table.rate(zone: "1", on: isoDay("2025-04-01"))?.perPersonNight == Decimal(string: "1.00"))
        #expect(table.rate(zone: "2", on: isoDay("2020-01-01"))?.perPersonNight == Decimal(string: "0.50"))
        // The zone's description survives a rate correction that gives none.
        #expect(table.rate(zone: "2", on: isoDay("2020-01-01"))?.note == "Catalonia zone 2: rest of Catalonia")

        #expect(try store.deductionRates() == .defaults)
        try store.setDeductionRate(.itBase, percent: 15)
        #expect(try store.deductionRates()[.itBase] == 15)
        #expect(throws: StoreError.self) { try store.setDeductionRate(.rdBase, percent: 120) }
    }

    @Test func reImportingTheSameExportAddsNothingAndRefusedRowsAreNamed() throws {
        let folder = try TemporaryFolder()
        let store = try folder.makeStore()
        let flat = try store.createEvent(Event(name: "Flat 2B", kind: .property, currency: "EUR"),
                                         property: PropertyDetails(zone: "1", address: "C/ Verdi 12", town: "Barcelona"), project: nil)
        let csv = """
            Check-in,Nights,Adults,Children,Amount,Reservation number
            2025-01-10,3,2,1,300.00,B-1
            2025-02-20,4,2,0,400.00,B-2
            2025-02-21,2,0,0,90.00,B-3
            """
        let rows = try BookingImport().read(csv).rows
        let first = try store.importBookings(rows, eventId: flat.id!)
        #expect(first.added.count == 2)
        #expect(first.refused.map(\.line) == [4])             // no guests at all
        #expect(first.refused.first?.reason.contains("at least one guest") == true)
        let again = try store.importBookings(rows, eventId: flat.id!)
        #expect(again.added.isEmpty)
        #expect(again.alreadyThere == [2, 3])
        #expect(try store.bookings(eventId: flat.id!).count == 2)
        #expect(try store.propertyDetails(eventId: flat.id!) == PropertyDetails(zone: "1", address: "C/ Verdi 12", town: "Barcelona"))

        // Edit and delete by id; deleting the flat takes its bookings with it.
        var booking = try #require(try store.bookings(eventId: flat.id!).first)
        booking.children = 0
        try store.updateBooking(booking)
        #expect(try store.booking(id: booking.id!)?.booking.children == 0)
        #expect(throws: StoreError.bookingNotFound(999)) { try store.deleteBooking(id: 999) }
        try store.deleteEvent(id: flat.id!)
        #expect(try store.booking(id: booking.id!) == nil)
    }

    @Test func aCostTypeSetByTheUserIsKeptAndLearnedForTheVendor() throws {
        let folder = try TemporaryFolder()
        let store = try folder.makeStore()
        let project = try store.createEvent(Event(name: "Sensor R&D", kind: .project),
                                            property: nil,
                                            project: ProjectDetails(type: .rd, fiscalYear: 2025, subsidies: 20000,
                                                                    priorSpending: [2023: 50000, 2024: 70000]))
        let receipt = try store.file(newReceipt(seed: 1, vendor: "Laboratorios Ruiz S.L."), into: project.id!).receipt
        try store.setCostType(.collaborations, receiptId: receipt.id!)
        #expect(try store.costTypes(eventId: project.id!) == [receipt.id!: .collaborations])
        #expect(try store.learnedCostTypes() == ["LABORATORIOSRUIZ": .collaborations])
        #expect(try store.corrections(receiptId: receipt.id!).last?.field == "costType")
        // The suggester uses it for the vendor's next receipt, whatever its category says.
        let suggester = CostTypeSuggester(learned: try store.learnedCostTypes())
        #expect(suggester.suggest(vendor: "LABORATORIOS RUIZ SL", category: "materials").type == .collaborations)
        // A refused field in the same save leaves the cost type as it was: one transaction.
        #expect(throws: ExpenseStore.FieldRefused.self) {
            try store.setFields([(.total, "twelve")], receiptId: receipt.id!, moveTo: nil, costType: .some(.consumables))
        }
        #expect(try store.costTypes(eventId: project.id!) == [receipt.id!: .collaborations])
        try store.setFields([], receiptId: receipt.id!, moveTo: nil, costType: .some(nil))
        #expect(try store.costTypes(eventId: project.id!).isEmpty)

        let details = try #require(try store.projectDetails(eventId: project.id!))
        #expect(details.type == .rd && details.fiscalYear == 2025 && details.subsidies == 20000)
        #expect(details.priorSpending == [2023: 50000, 2024: 70000])
        let cost = try store.addProjectCost(ProjectCost(eventId: project.id!, type: .researchers, amount: Decimal(string: "40000.00")!,
                                                        currency: "EUR", date: isoDay("2025-12-31"), note: "salaries"))
        #expect(try store.projectCosts(eventId: project.id!) == [cost])
        try store.deleteProjectCost(id: cost.id!)
        #expect(try store.projectCosts(eventId: project.id!).isEmpty)
    }

    @Test func aBillsPrintedBillingPeriodIsFiledWithIt() throws {
        let folder = try TemporaryFolder()
        let store = try folder.makeStore()
        let flat = try store.createEvent(Event(name: "Flat 2B", kind: .property), property: nil, project: nil)
        var bill = newReceipt(seed: 2, vendor: "Aigües de Barcelona")
        bill.billingPeriod = BillingPeriod(start: isoDay("2024-12-10"), end: isoDay("2025-02-11"))
        let filed = try store.file(bill, into: flat.id!).receipt
        _ = try store.file(newReceipt(seed: 3), into: flat.id!)
        #expect(try store.billingPeriods(eventId: flat.id!) == [filed.id!: bill.billingPeriod!])
    }
}
