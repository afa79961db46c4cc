import Foundation
import RebutCore
import Testing
@testable import Store

@Suite struct CorrectionTests {
    /// A fresh store holding one receipt in review: no vendor, total 12.30, every field at 0.3.
    static func storeWithDoubtfulReceipt(in folder: TemporaryFolder) throws -> (ExpenseStore, Receipt) {
        let store = try folder.makeStore()
        let event = try store.createEvent(Event(name: "KL"))
        let doubtful = try store.file(newReceipt(seed: 1, vendor: nil, total: Decimal(string: "12.30"),
                                                 confidence: 0.3, status: .needsReview), into: event.id!).receipt
        return (store, doubtful)
    }

    @Test func setFieldCanonicalisesRecordsAndRefiles() throws {
        let folder = try TemporaryFolder()
        let (store, doubtful) = try Self.storeWithDoubtfulReceipt(in: folder)
        let id = try #require(doubtful.id)

        var receipt = try store.setField(.vendor, to: "  Restoran   Ali  ", receiptId: id)
        #expect(receipt.vendor == "Restoran Ali")
        #expect(receipt.status == .needsReview, "date and total are still doubtful")
        receipt = try store.setField(.date, to: "2019-03-05", receiptId: id)
        #expect(receipt.date == LocalDate(year: 2019, month: 3, day: 5))
        receipt = try store.setField(.total, to: "12,5", receiptId: id)
        #expect(receipt.total == Decimal(string: "12.50"))
        #expect(receipt.confidence["total"] == 1.0)
        #expect(receipt.status == .filed)
        receipt = try store.setField(.currency, to: "eur", receiptId: id)
        #expect(receipt.currency == "EUR")
        receipt = try store.setField(.payment, to: "Card", receiptId: id)
        #expect(receipt.payment == "card")
        receipt = try store.setField(.tax, to: "2.1", receiptId: id)
        #expect(receipt.tax == Decimal(string: "2.10"))
        #expect(try store.receipt(id: id) == receipt)

        let corrections = try store.corrections(receiptId: id)
        #expect(corrections.map(\.field) == ["vendor", "date", "total", "currency", "payment", "tax"])
        #expect(corrections.map(\.oldValue) == [nil, "2019-03-04", "12.30", "MYR", "cash", nil])
        #expect(corrections.map(\.newValue) == ["Restoran Ali", "2019-03-05", "12.50", "EUR", "card", "2.10"])
        #expect(corrections.allSatisfy { $0.receiptId == id })
        #expect(zip(corrections, corrections.dropFirst()).allSatisfy { $0.at <= $1.at })

        // Clearing a required field sends the receipt back to review.
        receipt = try store.setField(.vendor, to: nil, receiptId: id)
        #expect(receipt.vendor == nil)
        #expect(receipt.confidence["vendor"] == nil)
        #expect(receipt.status == .needsReview)
        #expect(try store.corrections(receiptId: id).last?.oldValue == "Restoran Ali")
    }

    @Test func invalidValuesAreRejectedWithReasonsAndChangeNothing() throws {
        let folder = try TemporaryFolder()
        let store = try folder.makeStore(knownCategories: ["meals", "fuel"])
        let event = try store.createEvent(Event(name: "KL"))
        let original = try store.file(newReceipt(seed: 1), into: event.id!).receipt
        let id = original.id!
        let bad: [(ReceiptField, String)] = [
            (.date, "04/03/2019"), (.date, "2019-02-29"), (.total, "12.30€"), (.total, "1.234,56"),
            (.total, "twelve"), (.tax, "1e3"), (.currency, "EURO"), (.currency, "E1R"),
            (.payment, "bitcoin"), (.category, "groceries"),
        ]
        for (field, value) in bad {
            do {
                _ = try store.setField(field, to: value, receiptId: id)
                Issue.record("\(field) '\(value)' was accepted")
            } catch let StoreError.invalidValue(name, rejected, reason) {
                #expect(name == field.rawValue)
                #expect(rejected == value)
                #expect(!reason.isEmpty)
            }
        }
        #expect(try store.receipt(id: id) == original)
        #expect(try store.corrections(receiptId: id).isEmpty)
        #expect(throws: StoreError.receiptNotFound(999)) { try store.setField(.vendor, to: "x", receiptId: 999) }
    }

    @Test func severalFieldsAreSetTogetherOrNotAtAll() throws {
        let folder = try TemporaryFolder()
        let (store, doubtful) = try Self.storeWithDoubtfulReceipt(in: folder)
        let id = try #require(doubtful.id)

        // The third value is refused: the first two are not written either, and no correction is kept.
        #expect(throws: ExpenseStore.FieldRefused.self) {
            try store.setFields([(.vendor, "Restoran Ali"), (.date, "2019-03-05"), (.total, "twelve")], receiptId: id)
        }
        #expect(try store.receipt(id: id) == doubtful)
        #expect(try store.corrections(receiptId: id).isEmpty)

        // In order: the currency first, then the amount it formats.
        let saved = try store.setFields([(.vendor, "Restoran Ali"), (.currency, "jpy"), (.total, "1200")], receiptId: id)
        #expect(saved.vendor == "Restoran Ali")
        #expect(saved.currency == "JPY")
        #expect(saved.total == Decimal(1200))
        #expect(try store.corrections(receiptId: id).map(\.field) == ["vendor", "currency", "total"])
    }

    @Test func categoryIdsAreCheckedAgainstTheKnownSet() throws {
        let folder = try TemporaryFolder()
        let store = try folder.makeStore(knownCategories: ["meals", "parking-tolls"])
        let event = try store.createEvent(Event(name: "KL"))
        let id = try store.file(newReceipt(seed: 1), into: event.id!).receipt.id!
        #expect(try store.setField(.category, to: "Parking-Tolls", receiptId: id).category == "parking-tolls")
        #expect(throws: StoreError.self) { try store.setField(.category, to: "nope", receiptId: id) }
    }

    @Test func learnedCategoriesFollowTheLatestCorrectionPerVendor() throws {
        let folder = try TemporaryFolder()
        let store = try folder.makeStore()
        let event = try store.createEvent(Event(name: "KL"))
        let a = try store.file(newReceipt(seed: 1, vendor: "MR. D.I.Y. (M) SDN BHD"), into: event.id!).receipt
        let b = try store.file(newReceipt(seed: 2, vendor: "Mr DIY Sdn. Bhd."), into: event.id!).receipt
        let c = try store.file(newReceipt(seed: 3, vendor: "Endesa Energía S.A.U."), into: event.id!).receipt
        _ = try store.file(newReceipt(seed: 4, vendor: "Untaught"), into: event.id!)
        try store.setField(.category, to: "materials", receiptId: a.id!)
        try store.setField(.category, to: "equipment", receiptId: b.id!)
        try store.setField(.category, to: "electricity", receiptId: c.id!)
        #expect(try store.learnedCategories() == ["MRDIY": "equipment", "ENDESAENERGIA": "electricity"])
    }
}
