import Foundation
import RebutCore
import RebutTestSupport
import Testing

/// `rebut report`, `rates`, `search` and `receipts set --note`, driven as a user would. The
/// binary is waited for on the blocking-I/O queue, never on a cooperative thread the watcher
/// tests in the same process need; serialized so the suite runs one binary at a time.
@Suite(.serialized) struct ReportCLITests {
    @Test func anIngestedPhotoKeepsItsPlaceAndTheClaimIsWrittenInTheCurrentFolder() async throws {
        let dir = try TemporaryDirectory()
        var rebut = RebutBinary(store: dir.file("store.sqlite"))
        rebut.environment["REBUT_CONFIG"] = dir.file("config.json").path
        try Data(#"{"claimant": {"name": "Ada Lovelace", "employeeId": "E-1042"}}"#.utf8).write(to: dir.file("config.json"))
        #expect(try await run(rebut, ["events", "create", "London trip", "--kind", "trip", "--currency", "EUR"]).status == 0)
        // The same photo as a JPEG (GPS in its APP1 segment) and as a HEIC (GPS in the container).
        let ingest = try await run(rebut, ["ingest", Fixtures.url("gps/eng-restaurant-gps.jpg").path,
                                    Fixtures.url("gps/eng-restaurant-gps.heic").path, "--event", "London trip"])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let list = try #require(try await json(rebut, ["receipts", "list", "--json"]) as? [[String: Any]])
        #expect(list.count == 2)
        for row in list {
            let location = try #require(row["location"] as? [String: Double], "\(row["file"] ?? "")")
            #expect(abs(location["latitude"]! - 51.507389) < 1e-5 && abs(location["longitude"]! + 0.127806) < 1e-5)
        }

        #expect(try await run(rebut, ["rates", "import", Fixtures.url("rates/eurofxref-sample.csv").path]).status == 0)
        rebut.directory = dir.url
        let report = try await run(rebut, ["report", "london TRIP"])
        #expect(report.status == 0, "\(report.stderr)")
        let written = URL(fileURLWithPath: report.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(written.lastPathComponent == "claim-London-trip.pdf")
        #expect(written.deletingLastPathComponent().standardizedFileURL.path == dir.url.standardizedFileURL.path)
        let text = try pdfText(written)
        #expect(text.contains("Ada Lovelace") && text.contains("E-1042") && text.contains("Places") && text.contains("51.50739° N"))

        let geo = try await run(rebut, ["report", "London trip", "--format", "geojson", "--output", dir.file("places.json").path])
        #expect(geo.status == 0)
        let features = (try JSONSerialization.jsonObject(with: Data(contentsOf: dir.file("places.json"))) as? [String: Any])?["features"] as? [Any]
        #expect(features?.count == 2)
    }

    @Test func ratesNotesSearchAndSummariesFromTheCommandLine() async throws {
        let dir = try TemporaryDirectory()
        let rebut = RebutBinary(store: dir.file("store.sqlite"))
        #expect(try await run(rebut, ["events", "create", "Paris", "--currency", "EUR"]).status == 0)
        for (vendor, total, currency, category) in [("Le Bistrot", "42.00", "EUR", "meals"), ("Black Cab", "20.00", "GBP", "transport")] {
            let add = try await run(rebut, ["receipts", "add", "--event", "Paris", "--vendor", vendor, "--date", "2024-03-03",
                                     "--total", total, "--currency", currency, "--category", category])
            #expect(add.status == 0, "\(add.stderr)")
        }
        let set = try await run(rebut, ["rates", "set", "EUR", "GBP", "0.8", "--date", "2024-03-01"])
        #expect(set.status == 0, "\(set.stderr)")
        let rates = try #require(try await json(rebut, ["rates", "list", "--json"]) as? [[String: String]])
        #expect(rates.first?["rate"] == "0.8" && rates.first?["source"] == "manual")

        let ids = try #require(try await json(rebut, ["receipts", "list", "--json"]) as? [[String: Any]]).compactMap { $0["id"] as? Int }
        let note = try await run(rebut, ["receipts", "set", "\(ids[1])", "--note", "Airport run with the client"])
        #expect(note.status == 0 && note.stdout.contains("Airport run with the client"))
        let found = try #require(try await json(rebut, ["search", "airport", "--json"]) as? [[String: Any]])
        #expect(found.count == 1 && found.first?["field"] as? String == "note")
        #expect(try await run(rebut, ["search", "airport", "--min", "25"]).stdout.contains("No receipts match"))

        // 20 GBP at 0.8 GBP per EUR is 25 EUR; the summary converts it and shares add up.
        let summary = try await run(rebut, ["report", "--by", "category", "--currency", "EUR", "--csv"])
        #expect(summary.status == 0, "\(summary.stderr)")
        let rows = summary.stdout.split(separator: "\r\n").map { $0.split(separator: ",").map(String.init) }
        #expect(rows.first == ["Category", "Receipts", "Total", "Total currency", "Share %"])
        #expect(rows.contains(["transport", "1", "25.00", "EUR", "37.3"]))
        #expect(rows.contains(["meals", "1", "42.00", "EUR", "62.7"]))
        let claim = try await run(rebut, ["report", "Paris", "--format", "csv", "--output", dir.file("paris.csv").path])
        #expect(claim.status == 0)
        #expect(try String(contentsOf: dir.file("paris.csv"), encoding: .utf8).contains("25.00,EUR,1.25,2024-03-01,manual"))
    }

    @Test func unknownEventsAndMixedOptionsAreRefusedWithTheirExitCodes() async throws {
        let dir = try TemporaryDirectory()
        let rebut = RebutBinary(store: dir.file("store.sqlite"))
        #expect(try await run(rebut, ["events", "create", "Paris"]).status == 0)
        let missing = try await run(rebut, ["report", "Lisbon"])
        #expect(missing.status == 2 && missing.stderr.contains("Lisbon") && missing.stderr.contains("Paris"))
        #expect(try await run(rebut, ["report"]).status == 64)
        #expect(try await run(rebut, ["report", "Paris", "--by", "month"]).status == 64)
        #expect(try await run(rebut, ["report", "Paris", "--json"]).status == 64)
        let badRates = try await run(rebut, ["rates", "import", Fixtures.url("bad/notes.txt").path])
        #expect(badRates.status == 2 && badRates.stderr.contains("notes.txt"))
        let badConfig = dir.file("config.json")
        try Data("{\"claimant\": 3}".utf8).write(to: badConfig)
        var configured = rebut
        configured.environment["REBUT_CONFIG"] = badConfig.path
        let refused = try await run(configured, ["report", "Paris", "--output", dir.file("x.pdf").path])
        #expect(refused.status == 2 && refused.stderr.contains("config.json"))
    }

    private func run(_ rebut: RebutBinary, _ arguments: [String]) async throws -> RebutBinary.Run {
        try await BlockingIO.run { try rebut.run(arguments) }
    }

    private func json(_ rebut: RebutBinary, _ arguments: [String]) async throws -> Any {
        let result = try await run(rebut, arguments)
        guard result.status == 0 else {
            throw CLIError("rebut \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
        }
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    private func pdfText(_ url: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pdftotext")
        process.arguments = [url.path, "-"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
