import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import RebutCore
import RebutTestSupport
import Reports
import Store
import Testing

/// Each claim format built from a real store, then read back by a real reader.
@Suite struct ClaimFormatsTests {
    @Test func pdfReadsBackWithItsTextPagesAndReducedImages() throws {
        let trip = try TripStore()
        let claim = try trip.claim()
        let made = ReceiptThumbnails.make(for: claim.lines.map(\.receipt), store: trip.store)
        #expect(made.problems.isEmpty, "\(made.problems)")
        let pdf = trip.directory.file("claim.pdf")
        try PDFRenderer.render(claim.document(thumbnails: made.thumbnails), to: pdf)

        let text = try tool("/usr/bin/pdftotext", ["-layout", pdf.path, "-"])
        for expected in ["Expense claim", "London, March", "Ada Lovelace", "E-1042", "Analytical Engines Ltd",
                         "HARBOUR VIEW KITCHEN LTD", "Supermercados La Espiga", "Yellow Cab", "needs review", "no rate",
                         "Spending by category", "Spending by day", "Exchange rates used", "Places", "Appendix: receipt images"] {
            #expect(text.contains(expected), "the PDF text lacks '\(expected)'")
        }
        // The GBP photo converted at the sample file's rate of its own day, rounded to the cent.
        let rate = try #require(trip.ecbRate("GBP", "2018-12-21"))
        let converted = rounded(trip.gps.total! / rate)
        #expect(text.contains(ReportText.money(converted, currency: "EUR")))
        // "Page N of M" on every page, and M is the page count pdfinfo reads.
        let info = try tool("/usr/bin/pdfinfo", [pdf.path])
        let pages = try #require(info.split(separator: "\n").first { $0.hasPrefix("Pages:") }
            .flatMap { Int($0.split(separator: " ").last!) })
        #expect(pages >= 2)
        #expect(text.contains("Page \(pages) of \(pages)"))
        #expect(!text.contains("Page \(pages + 1) of"))

        // One embedded JPEG per receipt with an image (three; the typed-in taxi has none), reduced.
        let images = try tool("/usr/bin/pdfimages", ["-list", pdf.path]).split(separator: "\n").dropFirst(2)
            .map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        #expect(images.count == 3)
        for columns in images {
            #expect(columns[8] == "jpeg", "\(columns)")
            #expect(Int(columns[3])! <= ReceiptThumbnails.maxWidth && Int(columns[4])! <= ReceiptThumbnails.maxHeight)
        }
        let originals = try [trip.gps, trip.euro, trip.review].map { receipt in
            try Data(contentsOf: trip.store.imageURL(for: receipt)).count
        }
        let size = try FileManager.default.attributesOfItem(atPath: pdf.path)[.size] as! Int
        #expect(size < originals.reduce(0, +), "the PDF (\(size) bytes) is larger than its original images")
    }

    @Test func csvParsesWithOneRowPerReceiptPlainAmountsAndCurrencyColumns() throws {
        let trip = try TripStore()
        let claim = try trip.claim()
        let csv = CSVRenderer.render(claim.receiptsTable())
        #expect(csv.starts(with: [0xEF, 0xBB, 0xBF]))
        #expect(String(decoding: csv, as: UTF8.self).contains("\r\n"))
        // Python's csv module, a strict RFC 4180 reader, turns it into JSON.
        let parsed = try tool("/usr/bin/python3", ["-c", """
            import csv, io, json, sys
            print(json.dumps(list(csv.DictReader(io.StringIO(sys.stdin.buffer.read().decode('utf-8-sig'), newline='')))))
            """], input: csv)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(parsed.utf8)) as? [[String: String]])
        #expect(rows.count == 5)   // four receipts and the total
        let photo = try #require(rows.first { $0["#"] == "\(trip.gps.id!)" })
        #expect(photo["Amount"] == "76.20" && photo["Amount currency"] == "GBP")
        #expect(photo["Rate date"] == "2018-12-21" && photo["Rate source"] == "ECB")
        #expect(photo["In EUR"].flatMap { Decimal(string: $0) } == rounded(trip.gps.total! / trip.ecbRate("GBP", "2018-12-21")!))
        #expect(photo["Latitude"]?.hasPrefix("51.507") == true && photo["Longitude"]?.hasPrefix("-0.127") == true)
        let sunday = try #require(rows.first { $0["#"] == "\(trip.review.id!)" })
        #expect(sunday["Status"] == "needs review")
        #expect(sunday["Rate date"] == "2018-12-21", "a Sunday receipt takes Friday's rate")
        let taxi = try #require(rows.first { $0["#"] == "\(trip.noRate.id!)" })
        #expect(taxi["In EUR"] == "" && taxi["Amount currency"] == "USD" && taxi["Status"] == "no rate")
        let total = try #require(rows.last)
        let convertedSum = rows.dropLast().compactMap { $0["In EUR"].flatMap { Decimal(string: $0) } }.reduce(0, +)
        #expect(total["In EUR"].flatMap { Decimal(string: $0) } == convertedSum)
    }

    @Test func geoJSONAndKMLHoldThePhotographedPlace() throws {
        let trip = try TripStore()
        let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.url("gps/eng-restaurant-gps.json"))) as! [String: Any]
        let latitude = truth["latitude"] as! Double, longitude = truth["longitude"] as! Double
        let receipts = try trip.claim().lines.map(\.receipt)

        let geo = try #require(try JSONSerialization.jsonObject(with: PlaceExport.geoJSON(receipts, title: "trip")) as? [String: Any])
        #expect(geo["type"] as? String == "FeatureCollection")
        let features = try #require(geo["features"] as? [[String: Any]])
        #expect(features.count == 1)
        let point = try #require((features[0]["geometry"] as? [String: Any])?["coordinates"] as? [Double])
        #expect(abs(point[0] - longitude) < 1e-5 && abs(point[1] - latitude) < 1e-5)
        let properties = try #require(features[0]["properties"] as? [String: Any])
        #expect(properties["vendor"] as? String == trip.gps.vendor && properties["amount"] as? String == "76.20")

        final class Placemarks: NSObject, XMLParserDelegate {
            var names: [String] = [], coordinates: [String] = [], current = "", text = ""
            func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                        attributes: [String: String] = [:]) { current = element; text = "" }
            func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
            func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
                if element == "coordinates" { coordinates.append(text) }
                if element == "name" { names.append(text) }
            }
        }
        let parser = XMLParser(data: PlaceExport.kml(receipts, title: "Trip & co"))
        let placemarks = Placemarks()
        parser.delegate = placemarks
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        #expect(placemarks.names == ["Trip & co", trip.gps.vendor!])
        let first = try #require(placemarks.coordinates.first)
        let parts = first.split(separator: ",").compactMap { Double($0) }
        #expect(parts.count == 2 && abs(parts[0] - longitude) < 1e-5 && abs(parts[1] - latitude) < 1e-5)
    }

    @Test func jsonCarriesTheHeaderTablesAndFlags() throws {
        let trip = try TripStore()
        let rendered = JSONRenderer.render(try trip.claim().document())
        let json = try #require(try JSONSerialization.jsonObject(with: rendered) as? [String: Any])
        #expect(json["title"] as? String == "Expense claim")
        let fields = try #require(json["fields"] as? [String: String])
        #expect(fields["Claimant"] == "Ada Lovelace" && fields["Claim currency"] == "EUR")
        let sections = try #require(json["sections"] as? [[String: Any]])
        let receiptTables = sections.compactMap { ($0["tables"] as? [String: Any])?["receipts"] as? [String: Any] }
        let receipts = try #require(receiptTables.first)
        let rows = try #require(receipts["rows"] as? [[String: Any]])
        #expect(rows.count == 4)
        let flagged = rows.filter { $0["flag"] != nil }.compactMap { $0["id"] as? Int }
        #expect(Set(flagged) == [Int(trip.review.id!), Int(trip.noRate.id!)])
        let amount = try #require(rows.first { $0["id"] as? Int == Int(trip.gps.id!) }?["amount"] as? [String: String])
        #expect(amount == ["amount": "76.20", "currency": "GBP"])
        let summary = try #require(sections.first { $0["title"] as? String == "Summary" })
        #expect((summary["flags"] as? [String])?.contains { $0.contains("#\(trip.noRate.id!)") && $0.contains("not converted") } == true)
    }

    @Test func zipHoldsThePDFTheCSVAndTheOriginalsNamedByDateVendorAndAmount() throws {
        let trip = try TripStore()
        let claim = try trip.claim()
        let pdf = trip.directory.file("claim.pdf")
        try PDFRenderer.render(claim.document(), to: pdf)
        let zip = trip.directory.file("claim.zip")
        let originals = claim.lines.filter(\.receipt.hasImage).map { ($0.receipt, trip.store.imageURL(for: $0.receipt)) }
        try ClaimArchive.write(to: zip, pdf: pdf, pdfName: "claim.pdf", csv: CSVRenderer.render(claim.receiptsTable()),
                               csvName: "claim.csv", images: originals)
        let listing = try tool("/usr/bin/unzip", ["-Z1", zip.path]).split(separator: "\n").map(String.init)
        #expect(Set(listing) == ["claim.pdf", "claim.csv", "receipts/2018-12-21_HARBOUR-VIEW-KITCHEN-LTD_76.20-GBP.jpg",
                                 "receipts/2018-12-22_Supermercados-La-Espiga_26.70-EUR.png",
                                 "receipts/2018-12-23_unknown-vendor_12.40-GBP.png"])
        // The originals go in unchanged.
        let extracted = trip.directory.file("out")
        _ = try tool("/usr/bin/unzip", ["-q", zip.path, "-d", extracted.path])
        let photo = try Data(contentsOf: extracted.appendingPathComponent("receipts/2018-12-21_HARBOUR-VIEW-KITCHEN-LTD_76.20-GBP.jpg"))
        #expect(photo == (try Data(contentsOf: Fixtures.url("gps/eng-restaurant-gps.jpg"))))
        #expect(try tool("/usr/bin/pdfinfo", [extracted.appendingPathComponent("claim.pdf").path]).contains("Pages:"))
    }

    @Test func anEventWithoutReceiptsStillGivesAValidClaimInEveryFormat() throws {
        let dir = try TemporaryDirectory("rebut-empty-claim")
        let store = try ExpenseStore(path: dir.file("store.sqlite"))
        let event = try store.createEvent(Event(name: "Nothing yet"))
        let claim = try ExpenseClaim.build(store: store, event: event, claimant: nil)
        #expect(claim.currencyOrigin == "default" && claim.total == 0)
        let pdf = dir.file("empty.pdf")
        try PDFRenderer.render(claim.document(), to: pdf)
        let text = try tool("/usr/bin/pdftotext", [pdf.path, "-"])
        #expect(text.contains("Nothing yet") && text.contains("the event has none set") && text.contains("Page 1 of 1"))
        let rows = String(decoding: CSVRenderer.render(claim.receiptsTable(), byteOrderMark: false), as: UTF8.self)
            .split(separator: "\r\n")
        #expect(rows.count == 2 && rows[1].contains("Total claimed,") && rows[1].contains(",0.00,EUR,"))
        let geo = try JSONSerialization.jsonObject(with: PlaceExport.geoJSON([], title: "x")) as? [String: Any]
        #expect((geo?["features"] as? [Any])?.isEmpty == true)
    }
}
