import Foundation
import RebutTestSupport
import Testing

/// The built binary, driven as a user would: real store file, real OCR, exit codes, stdout/stderr.
@Suite struct CLITests {
    @Test func ingestFilesReceiptsListsThemAndRefilesNothing() async throws {
        let dir = try TemporaryDirectory()
        let rebut = RebutBinary(store: dir.file("store.sqlite"))
        let inbox = dir.file("inbox")
        try dir.copy([Fixtures.url("receipts/eng-restaurant-clean.png"),
                      Fixtures.url("receipts/spa-supermarket-clean.png")], into: "inbox")

        let first = try await rebut.run(["ingest", inbox.path, "--event", "Trip", "--lang", "eng+spa"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Trip: "))

        let list = try #require(try await rebut.json(["receipts", "list", "--json"]) as? [[String: Any]])
        #expect(list.count == 2)
        for row in list {
            for key in ["id", "event", "file", "vendor", "date", "total", "currency", "category", "status"] {
                #expect(row.keys.contains(key), "missing \(key) in \(row)")
            }
            #expect(row["event"] as? String == "Trip")
        }
        let restaurant = try #require(list.first { ($0["file"] as? String) == "eng-restaurant-clean.png" })
        let truth = try Fixtures.truth(for: Fixtures.url("receipts/eng-restaurant-clean.png"))
        #expect(restaurant["total"] as? String == truth.total)
        #expect(restaurant["date"] as? String == truth.date)

        let again = try await rebut.run(["ingest", inbox.path, "--event", "Trip", "--json"])
        #expect(again.status == 0)
        let outcomes = again.stdout.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }.map { $0["outcome"] as? String }
        #expect(outcomes == ["duplicate", "duplicate"])
        #expect((try await rebut.json(["receipts", "list", "--json"]) as? [Any])?.count == 2)
    }

    @Test func badFilesAreNamedOnStderrAndTheExitCodeSaysSo() async throws {
        let dir = try TemporaryDirectory()
        let rebut = RebutBinary(store: dir.file("store.sqlite"))
        try dir.copy([Fixtures.url("formats/receipt.png"), Fixtures.url("bad/empty.jpg"),
                      Fixtures.url("bad/notes.txt"), Fixtures.url("bad/truncated.jpg")], into: "in")
        let run = try await rebut.run(["ingest", dir.file("in").path, "--event", "Mixed"])
        #expect(run.status == 1)
        for name in ["empty.jpg", "notes.txt", "truncated.jpg"] {
            #expect(run.stderr.contains(name), "stderr does not name \(name): \(run.stderr)")
        }
        #expect(!run.stderr.contains("receipt.png"))
        #expect((try await rebut.json(["receipts", "list", "--json"]) as? [Any])?.count == 1)
    }

    @Test func scanPrintsOneJSONObjectPerFileWithoutStoring() async throws {
        let dir = try TemporaryDirectory()
        let rebut = RebutBinary(store: dir.file("store.sqlite"))
        let image = Fixtures.url("receipts/cat-restaurant-clean.png")
        let run = try await rebut.run(["scan", image.path, "--json", "--lang", "cat+spa"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        for key in ["file", "vendor", "date", "total", "currency", "category", "payment", "confidence"] {
            #expect(object.keys.contains(key), "missing \(key)")
        }
        let truth = try Fixtures.truth(for: image)
        #expect(object["total"] as? String == truth.total)
        #expect(object["currency"] as? String == "EUR")
        #expect(!FileManager.default.fileExists(atPath: dir.file("store.sqlite").path))
    }

    @Test func correctionsPickCandidatesSetValuesAndClearFields() async throws {
        let dir = try TemporaryDirectory()
        let rebut = RebutBinary(store: dir.file("store.sqlite"))
        let image = Fixtures.url("receipts/eng-petrol-clean.png")
        #expect(try await rebut.run(["ingest", image.path, "--event", "Fuel"]).status == 0)
        let list = try #require(try await rebut.json(["receipts", "list", "--json"]) as? [[String: Any]])
        let id = try #require(list.first?["id"] as? Int)

        let candidates = try #require(try await rebut.json(["receipts", "candidates", "\(id)", "--json"]) as? [String: [[String: Any]]])
        let totals = try #require(candidates["total"])
        #expect(!totals.isEmpty)
        let lastIndex = totals.count

        #expect(try await rebut.run(["receipts", "set", "\(id)", "--total", "@\(lastIndex)"]).status == 0)
        var shown = try #require(try await rebut.json(["receipts", "show", "\(id)", "--json"]) as? [String: Any])
        #expect((shown["receipt"] as? [String: Any])?["total"] as? String == totals[lastIndex - 1]["value"] as? String)

        #expect(try await rebut.run(["receipts", "set", "\(id)", "--total", "12.5", "--category", "fuel"]).status == 0)
        #expect(try await rebut.run(["receipts", "set", "\(id)", "--date", "none"]).status == 0)
        shown = try #require(try await rebut.json(["receipts", "show", "\(id)", "--json"]) as? [String: Any])
        let receipt = try #require(shown["receipt"] as? [String: Any])
        #expect(receipt["total"] as? String == "12.50")
        #expect(receipt["category"] as? String == "fuel")
        #expect(receipt["date"] == nil || receipt["date"] is NSNull)
        #expect(receipt["status"] as? String == "needs_review")
        let corrections = try #require(shown["corrections"] as? [[String: Any]])
        #expect(corrections.contains { $0["field"] as? String == "total" && $0["newValue"] as? String == "12.50" })
        #expect(corrections.contains { $0["field"] as? String == "date" && $0["newValue"] == nil })
        // Setting a value the receipt already has corrects nothing.
        #expect(try await rebut.run(["receipts", "set", "\(id)", "--total", "12.50"]).status == 0)
        let again = try #require(try await rebut.json(["receipts", "show", "\(id)", "--json"]) as? [String: Any])
        #expect((again["corrections"] as? [Any])?.count == corrections.count)

        let missing = try await rebut.run(["receipts", "set", "\(id)", "--total", "@99"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("@99"))
        let badDate = try await rebut.run(["receipts", "set", "\(id)", "--date", "2019-02-30"])
        #expect(badDate.status == 2)
    }

    @Test func eventsCanBeCreatedEditedShownAndDeleted() async throws {
        let dir = try TemporaryDirectory()
        let rebut = RebutBinary(store: dir.file("store.sqlite"))
        #expect(try await rebut.run(["events", "create", "Flat 2B", "--kind", "property", "--currency", "eur",
                               "--start", "2026-01-01", "--end", "2026-03-31"]).status == 0)
        let duplicate = try await rebut.run(["events", "create", "flat 2b"])
        #expect(duplicate.status == 2)
        #expect(try await rebut.run(["events", "edit", "Flat 2B", "--place", "Girona"]).status == 0)
        let events = try #require(try await rebut.json(["events", "list", "--json"]) as? [[String: Any]])
        #expect(events.count == 1)
        #expect(events.first?["place"] as? String == "Girona")
        #expect(events.first?["currency"] as? String == "EUR")
        #expect(events.first?["kind"] as? String == "property")

        let unconfirmed = try await rebut.run(["events", "delete", "Flat 2B"])
        #expect(unconfirmed.status != 0)
        #expect((try await rebut.json(["events", "list", "--json"]) as? [Any])?.count == 1)
        #expect(try await rebut.run(["events", "delete", "Flat 2B", "--yes"]).status == 0)
        #expect((try await rebut.json(["events", "list", "--json"]) as? [Any])?.count == 0)

        let unknown = try await rebut.run(["events", "show", "Nowhere"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("Nowhere"))
    }

    @Test func usageErrorsExitWith64AndHelpTeaches() async throws {
        let dir = try TemporaryDirectory()
        let rebut = RebutBinary(store: dir.file("store.sqlite"))
        let help = try await rebut.run(["help", "ingest"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--event"))
        let noEvent = try await rebut.run(["ingest", "x.jpg"])
        #expect(noEvent.status == 64)
        let badLang = try await rebut.run(["scan", "x.jpg", "--lang", "e1"])
        #expect(badLang.status == 64)
    }
}
