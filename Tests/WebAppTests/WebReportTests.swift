import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import RebutCore
import RebutTestSupport
import Rental
import Reports
import Store
import Testing
import WebApp

/// The reports as downloads from the API, against a live server with real OCR and a real store;
/// PDFs read back with poppler's tools, CSV and JSON parsed.
@Suite struct WebReportTests {
    /// A trip with two receipts filed through the API; their ids.
    static func trip(_ client: some TestClientProtocol) async throws -> (eventId: Int64, receiptIds: Set<Int>) {
        let eventId = try await client.createEvent("London, March")
        var ids = Set<Int>()
        for fixture in ["receipts/eng-grocer-photo.jpg", "receipts/eng-cafe-faded.png"] {
            let upload = try await client.upload(Fixtures.url(fixture), eventId: eventId).json()
            ids.insert(try #require((upload["receipt"] as? [String: Any])?["id"] as? Int))
        }
        return (eventId, ids)
    }

    @Test func aTripsClaimDownloadsAsPDFCSVJSONAndZipWithItsReceipts() async throws {
        let harness = try WebHarness()
        let dir = try TemporaryDirectory("rebut-web-report")
        try await harness.run { client in
            let (eventId, ids) = try await Self.trip(client)

            let pdf = try await client.execute(uri: "/api/v1/events/\(eventId)/report?format=pdf", method: .get)
            #expect(pdf.status == .ok)
            #expect(pdf.headers[.contentType] == "application/pdf")
            #expect(pdf.headers[.contentDisposition] == "attachment; filename=\"claim-London-March.pdf\"")
            let pdfFile = dir.file("claim.pdf").path
            try Data(pdf.body.readableBytesView).write(to: URL(fileURLWithPath: pdfFile))
            let info = try PopplerTool.run("/usr/bin/pdfinfo", [pdfFile])
            let pages = try #require(info.split(separator: "\n").first { $0.hasPrefix("Pages:") }.flatMap { Int($0.split(separator: " ").last ?? "") })
            #expect(pages >= 2)  // the claim, then the appendix of receipt images
            let text = try PopplerTool.run("/usr/bin/pdftotext", ["-layout", pdfFile, "-"])
            #expect(text.contains("London, March"))
            for id in ids { #expect(text.contains("#\(id)") || text.contains("\(id) ")) }

            let csv = try await client.execute(uri: "/api/v1/events/\(eventId)/report?format=csv", method: .get)
            #expect(csv.status == .ok)
            #expect(csv.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(csv.headers[.contentDisposition] == "attachment; filename=\"claim-London-March.csv\"")
            let csvData = Data(csv.body.readableBytesView)
            let rows = String(decoding: csvData.dropFirst(3), as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: true)
                .flatMap { $0.split(separator: "\n") }
            #expect(rows.first?.hasPrefix("#,Date,Vendor") == true)
            #expect(Set(rows.compactMap { Int($0.split(separator: ",").first ?? "") }) == ids)

            let json = try await client.execute(uri: "/api/v1/events/\(eventId)/report?format=json", method: .get)
            #expect(json.status == .ok)
            #expect(json.headers[.contentType] == "application/json; charset=utf-8")
            let document = try json.json()
            #expect(document["title"] as? String == "Expense claim")
            #expect(document["subtitle"] as? String == "London, March")

            let zip = try await client.execute(uri: "/api/v1/events/\(eventId)/report?format=zip", method: .get)
            #expect(zip.status == .ok)
            #expect(zip.headers[.contentType] == "application/zip")
            let zipFile = dir.file("claim.zip").path
            try Data(zip.body.readableBytesView).write(to: URL(fileURLWithPath: zipFile))
            let listing = try PopplerTool.run("/usr/bin/unzip", ["-l", zipFile])
            #expect(listing.contains("claim-London-March.pdf"))
            #expect(listing.contains("claim-London-March.csv"))

            // The same bytes `rebut report --format csv|json` writes: both go through ClaimFiles.
            let store = harness.store
            let event = try #require(try store.event(id: eventId))
            let claim = try ExpenseClaim.build(store: store, event: event, claimant: nil)
            for (format, served) in [(ClaimFiles.Format.csv, csvData), (.json, Data(json.body.readableBytesView))] {
                let written = try ClaimFiles.data(claim, format: format, fileName: "claim.\(format.rawValue)", store: store, images: true)
                #expect(written == served)
            }
        }
    }

    @Test func aFlatsQuarterDownloadsAsAPDFAndJSONWithItsBookings() async throws {
        let harness = try WebHarness()
        let dir = try TemporaryDirectory("rebut-web-flat")
        let flat = try harness.store.createEvent(Event(name: "Flat 2B", kind: .property, currency: "EUR"),
                                                 property: PropertyDetails(zone: "1", address: "C/ Verdi 12", town: "Barcelona"),
                                                 project: nil)
        _ = try harness.store.addBooking(Booking(checkIn: LocalDate(iso8601: "2025-01-10")!, nights: 3, adults: 2, amount: 300), eventId: flat.id!)
        _ = try harness.store.addBooking(Booking(checkIn: LocalDate(iso8601: "2025-04-02")!, nights: 5, adults: 1, amount: 500), eventId: flat.id!)
        try await harness.run { client in
            let pdf = try await client.execute(uri: "/api/v1/events/\(flat.id!)/report?format=pdf&quarter=2025Q1", method: .get)
            #expect(pdf.status == .ok)
            #expect(pdf.headers[.contentType] == "application/pdf")
            #expect(pdf.headers[.contentDisposition] == "attachment; filename=\"flat-Flat-2B-2025Q1.pdf\"")
            let file = dir.file("flat.pdf").path
            try Data(pdf.body.readableBytesView).write(to: URL(fileURLWithPath: file))
            let text = try PopplerTool.run("/usr/bin/pdftotext", ["-layout", file, "-"])
            #expect(text.contains("Flat 2B"))
            #expect(text.contains("2025Q1"))
            #expect(!text.contains("2025Q2"))

            let json = try await client.execute(uri: "/api/v1/events/\(flat.id!)/report?format=json&year=2025", method: .get)
            #expect(json.status == .ok)
            let quarters = try #require(try json.json()["quarters"] as? [[String: Any]])
            #expect(quarters.map { $0["quarter"] as? String } == ["2025Q1", "2025Q2", "2025Q3", "2025Q4"])
            #expect(quarters.map { $0["nights"] as? Int } == [3, 5, 0, 0])
        }
    }

    @Test func unknownEventsBadFormatsAndBadPeriodsAreRefusedWithTheReason() async throws {
        let harness = try WebHarness()
        let flat = try harness.store.createEvent(Event(name: "Flat 2B", kind: .property), property: PropertyDetails(zone: "1"), project: nil)
        try await harness.run { client in
            let trip = try await client.createEvent("Rome")
            let unknown = try await client.execute(uri: "/api/v1/events/999/report?format=pdf", method: .get)
            #expect(unknown.status == .notFound)
            #expect(try unknown.errorMessage() == "no event with id 999")
            let badFormat = try await client.execute(uri: "/api/v1/events/\(trip)/report?format=docx", method: .get)
            #expect(badFormat.status == .badRequest)
            #expect(try badFormat.errorMessage().contains("format 'docx' is not one of pdf, csv, json, zip, geojson, kml"))
            let badQuarter = try await client.execute(uri: "/api/v1/events/\(flat.id!)/report?quarter=2025Q5", method: .get)
            #expect(badQuarter.status == .badRequest)
            #expect(try badQuarter.errorMessage().contains("quarter '2025Q5'"))
            let zipForFlat = try await client.execute(uri: "/api/v1/events/\(flat.id!)/report?format=zip", method: .get)
            #expect(zipForFlat.status == .badRequest)
            #expect(try zipForFlat.errorMessage().contains("use pdf, csv or json"))
            let quarterForTrip = try await client.execute(uri: "/api/v1/events/\(trip)/report?quarter=2025Q1", method: .get)
            #expect(quarterForTrip.status == .badRequest)
        }
    }

    @Test func theSpendingSummaryIsJSONGroupedAsAskedAndRefusesBadValues() async throws {
        let harness = try WebHarness()
        try await harness.run { client in
            let (_, ids) = try await Self.trip(client)
            let summary = try await client.execute(uri: "/api/v1/reports/summary?by=category", method: .get)
            #expect(summary.status == .ok)
            let document = try summary.json()
            #expect(document["title"] as? String == "Spending by category")
            // The receipts counted in the table plus those left out are the receipts filed.
            let text = summary.text
            let withTotal = try harness.store.receipts(eventId: nil).filter { $0.total != nil }
            #expect(withTotal.count <= ids.count)
            for receipt in withTotal { #expect(text.contains(receipt.category ?? "uncategorised")) }

            for (query, reason) in [("by=colour", "by must be one of"), ("by=month&from=2025-13-01", "from '2025-13-01'"),
                                    ("by=month&from=2025-03-01&to=2025-02-01", "is before from"), ("by=event&currency=euro", "three-letter")] {
                let refused = try await client.execute(uri: "/api/v1/reports/summary?\(query)", method: .get)
                #expect(refused.status == .badRequest, "\(query)")
                #expect(try refused.errorMessage().contains(reason), "\(query)")
            }
            let unknown = try await client.execute(uri: "/api/v1/reports/summary?by=month&event=999", method: .get)
            #expect(unknown.status == .notFound)
        }
    }

    @Test func theEventAndReportsPagesLinkTheDownloads() async throws {
        let harness = try WebHarness()
        try await harness.run { client in
            let (eventId, _) = try await Self.trip(client)
            let page = try await client.execute(uri: "/events/\(eventId)", method: .get)
            #expect(page.text.contains("href=\"/api/v1/events/\(eventId)/report?format=pdf\""))
            #expect(page.text.contains("href=\"/api/v1/events/\(eventId)/report?format=zip\""))
            let reports = try await client.execute(uri: "/reports?from=2000-01-01", method: .get)
            #expect(reports.status == .ok)
            #expect(reports.text.contains("By category") && reports.text.contains("By month") && reports.text.contains("By payment"))
            #expect(reports.text.contains("href=\"/api/v1/events/\(eventId)/report?format=csv\""))
            let bad = try await client.execute(uri: "/reports?from=yesterday", method: .get)
            #expect(bad.status == .badRequest)
        }
    }
}

/// pdfinfo, pdftotext and unzip, run as a user would; a failure names the command.
enum PopplerTool {
    struct Failed: Error, CustomStringConvertible {
        var command: String
        var stderr: String
        var description: String { "\(command) failed: \(stderr)" }
    }

    static func run(_ path: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let out = Pipe(), errors = Pipe()
        process.standardOutput = out
        process.standardError = errors
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failed(command: ([path] + arguments).joined(separator: " "),
                         stderr: String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        }
        return String(decoding: data, as: UTF8.self)
    }
}
