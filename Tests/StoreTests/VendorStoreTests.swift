import Foundation
import RebutCore
import Store
import Testing

/// What the vendor lexicon is built from, and `rebut vendors merge|rename`.
struct VendorStoreTests {
    private func store() throws -> (ExpenseStore, Int64, URL) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rebut-vendors-\(UUID().uuidString)")
        let store = try ExpenseStore(path: dir.appendingPathComponent("rebut.sqlite"))
        let event = try store.createEvent(Event(name: "Flat 2B", kind: .property))
        return (store, try #require(event.id), dir)
    }

    private func file(_ store: ExpenseStore, _ eventId: Int64, vendor: String, read: String, n: Int) throws -> Receipt {
        let fields = ReceiptFields(vendor: vendor, confidence: [.vendor: 0.9],
                                   candidates: [.vendor: [Candidate(value: read, score: 0.9, line: read, lineIndex: 0)]])
        let new = NewReceipt(fileName: "r\(n).jpg", sha256: String(repeating: "\(n % 10)", count: 64), imageData: Data([UInt8(n)]),
                             imageExtension: "jpg", ocrText: read, ocrLines: [TextLine(text: read)], fields: fields,
                             category: nil, categoryConfidence: nil, categoryCandidates: [], status: .needsReview)
        guard case .filed(let receipt) = try store.file(new, into: eventId) else { throw StoreError.receiptNotFound(0) }
        return receipt
    }

    @Test func historyKeepsWhatOCRReadAndWhatThePersonCorrected() throws {
        let (store, eventId, dir) = try store()
        defer { try? FileManager.default.removeItem(at: dir) }
        let misread = try file(store, eventId, vendor: "MERCAD0NA 5.A.", read: "MERCAD0NA 5.A.", n: 1)
        _ = try file(store, eventId, vendor: "Endesa", read: "ENDESA", n: 2)
        try store.setField(.vendor, to: "MERCADONA S.A.", receiptId: try #require(misread.id))

        let history = try store.vendorHistory()
        #expect(history.map(\.vendor) == ["MERCADONA S.A.", "Endesa"])
        #expect(history[0].correctedFrom == ["MERCAD0NA 5.A."])
        #expect(history[0].vendorCorrected)
        #expect(history[0].readAs == "MERCAD0NA 5.A.")
        #expect(!history[1].vendorCorrected)
    }

    @Test func renameGivesEveryReceiptOfTheVendorTheNewNameWithACorrection() throws {
        let (store, eventId, dir) = try store()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = try file(store, eventId, vendor: "Mr Diy", read: "Mr Diy", n: 1)
        _ = try file(store, eventId, vendor: "MR. DIY", read: "MR. DIY", n: 2)
        _ = try file(store, eventId, vendor: "Endesa", read: "ENDESA", n: 3)

        let changed = try store.renameVendor("mr diy", to: "MR. D.I.Y. (M) SDN BHD")
        #expect(changed.count == 2)
        #expect(try store.vendorHistory().map(\.vendor) == ["MR. D.I.Y. (M) SDN BHD", "MR. D.I.Y. (M) SDN BHD", "Endesa"])
        let corrections = try store.corrections(receiptId: try #require(a.id))
        #expect(corrections.map(\.oldValue) == ["Mr Diy"])
        #expect(corrections.map(\.newValue) == ["MR. D.I.Y. (M) SDN BHD"])
        #expect(throws: StoreError.vendorNotFound("Nobody")) { try store.renameVendor("Nobody", to: "X") }
    }
}
