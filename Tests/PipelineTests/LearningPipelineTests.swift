import Foundation
import Imaging
import Ingest
import Pipeline
import RebutCore
import RebutTestSupport
import Store
import Testing

/// What a person corrected teaches the very next receipt: real Tesseract, a real SQLite store.
@Suite struct LearningPipelineTests {
    static func receipt(_ lines: [String], in dir: TemporaryDirectory, named name: String) throws -> IngestedFile {
        let image = try #require(LeptonicaImage.renderedText(lines))
        return try dir.ingest(image, named: name)
    }

    @Test func aCorrectedVendorAndTheTripsDatesFixTheNextReceipt() async throws {
        let dir = try TemporaryDirectory()
        let store = try ExpenseStore(path: dir.file("rebut.sqlite"))
        let analyser = try ReceiptAnalyser(configuration: PipelineConfiguration(languages: "eng", jobs: 1))
        let filer = ReceiptFiler(analyser: analyser, store: store)
        let trip = try store.createEvent(Event(name: "Kuala Lumpur", kind: .trip,
                                               startDate: LocalDate(iso8601: "2018-03-03"),
                                               endDate: LocalDate(iso8601: "2018-03-09")))

        let first = try Self.receipt(["HARBOUR KITCHENETTE", "12 JALAN BESAR, 53100 KUALA LUMPUR",
                                      "TEL: 03-4021 5566", "DATE: 05/03/2018 12:30", "TOTAL 12.50"], in: dir, named: "first")
        let filed = try #require(await filer.file(first, into: trip).receipt)
        // The person spells the vendor as it is registered.
        try store.setField(.vendor, to: "Harbour Kitchenette Sdn Bhd", receiptId: try #require(filed.id))

        // The next receipt: another name line, the same phone, and a year misread.
        let second = try Self.receipt(["HK CORNER CAFE", "TEL: 03-4021 5566", "DATE: 06/03/2016 09:10", "TOTAL 8.00"],
                                      in: dir, named: "second")
        let next = try #require(await filer.file(second, into: trip).receipt)
        #expect(next.vendor == "Harbour Kitchenette Sdn Bhd")
        #expect(next.candidates["vendor"]?.first?.evidence?.contains("same phone 0340215566") == true)
        #expect(next.date == LocalDate(iso8601: "2018-03-06"))
        #expect(next.candidates["date"]?.map(\.value).contains("2016-03-06") == true)

        // What the store now knows of the vendor, as `rebut vendors show` prints it.
        let known = try #require(try store.vendorLexicon().vendor(named: "Harbour Kitchenette Sdn Bhd"))
        #expect(known.receipts == 2)
        #expect(known.corrections == 1)
        #expect(known.phones.contains("0340215566"))
    }

    @Test func anEventWithoutDatesExpectsTheDatesOfItsOtherReceipts() throws {
        let dir = try TemporaryDirectory()
        let store = try ExpenseStore(path: dir.file("rebut.sqlite"))
        let flat = try store.createEvent(Event(name: "Flat 2B", kind: .property))
        #expect(try store.datePrior(for: flat) == nil)
        for (n, iso) in ["2018-03-01", "2018-03-20"].enumerated() {
            let fields = ReceiptFields(vendor: "Endesa", date: LocalDate(iso8601: iso))
            _ = try store.file(NewReceipt(fileName: "\(n).jpg", sha256: String(repeating: "\(n)", count: 64),
                                          imageData: Data([UInt8(n)]), imageExtension: "jpg", ocrText: "", ocrLines: [],
                                          fields: fields, status: .needsReview), into: try #require(flat.id))
        }
        let prior = try #require(try store.datePrior(for: flat))
        #expect(prior.source == .batch)
        #expect(prior.contains(try #require(LocalDate(iso8601: "2018-03-10"))))
        #expect(!prior.contains(try #require(LocalDate(iso8601: "2016-03-10"))))

        let trip = try store.createEvent(Event(name: "Paris", kind: .trip, startDate: LocalDate(iso8601: "2018-05-02"),
                                               endDate: LocalDate(iso8601: "2018-05-04")))
        #expect(try store.datePrior(for: trip) == .event(from: LocalDate(iso8601: "2018-05-02")!, to: LocalDate(iso8601: "2018-05-04")!))
    }
}
