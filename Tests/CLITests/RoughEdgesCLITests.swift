import Foundation
import RebutTestSupport
import Testing

/// The CLI's rough edges a user met: each test drives the binary as a user would.
@Suite struct RoughEdgesCLITests {
    /// Engines start while the first images are decoded: language data Tesseract cannot load
    /// still ends the run as an internal error (70), each image named with the reason, and a
    /// PDF bill's text layer, which needs no engine, is still read.
    @Test func languageDataThatCannotLoadEndsTheScanAsAnInternalError() async throws {
        let dir = try TemporaryDirectory()
        let tessdata = dir.file("tessdata")
        try FileManager.default.createDirectory(at: tessdata, withIntermediateDirectories: true)
        try Data(repeating: 0x5A, count: 4096).write(to: tessdata.appendingPathComponent("eng.traineddata"))
        var rebut = RebutBinary(store: dir.file("store.sqlite"))
        rebut.environment["TESSDATA_PREFIX"] = tessdata.path
        let image = Fixtures.url("formats/receipt.jpg")
        let run = try await rebut.run(["scan", image.path, Fixtures.url("documents/bill-text.pdf").path])
        #expect(run.status == 70, "\(run.status) \(run.stderr)")
        #expect(run.stderr.contains(image.path) && run.stderr.contains("could not start"), "\(run.stderr)")
        #expect(run.stderr.contains("cannot start the OCR engines"), "\(run.stderr)")
        #expect(run.stdout.contains("Northwind Energy"), "\(run.stdout)")
    }

    @Test func anImageWithNoTextIsFiledForReviewWithItsImage() async throws {
        let dir = try TemporaryDirectory()
        let rebut = RebutBinary(store: dir.file("store.sqlite"))
        let run = try await rebut.run(["ingest", Fixtures.url("bad/blank-slip.png").path, "--event", "Trip"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("needs review") && run.stdout.contains("no text found"), "\(run.stdout)")
        let shown = try #require(try await rebut.json(["receipts", "show", "1", "--json"]) as? [String: Any])
        #expect((shown["receipt"] as? [String: Any])?["status"] as? String == "needs_review")
        #expect(shown["imageMissing"] as? Bool == false)
        // The person types it in.
        #expect(try await rebut.run(["receipts", "set", "1", "--vendor", "Cafe Nord", "--date", "2024-03-02",
                               "--total", "4.20", "--currency", "EUR"]).status == 0)
        let after = try #require(try await rebut.json(["receipts", "show", "1", "--json"]) as? [String: Any])
        #expect((after["receipt"] as? [String: Any])?["status"] as? String == "filed")
    }

    @Test func receiptsAddEntersAReceiptByHandAndValidatesIt() async throws {
        let dir = try TemporaryDirectory()
        let rebut = RebutBinary(store: dir.file("store.sqlite"))
        let typed = try await rebut.run(["receipts", "add", "--event", "London", "--vendor", "Pret \u{1B}[31mA Manger",
                                   "--date", "2024-03-04", "--total", "8.955", "--currency", "GBP", "--json"])
        #expect(typed.status == 0, "\(typed.stderr)")
        #expect(typed.stderr.contains("rounded to 8.96"), "\(typed.stderr)")
        let row = try #require(try JSONSerialization.jsonObject(with: Data(typed.stdout.utf8)) as? [String: Any])
        #expect(row["vendor"] as? String == "Pret A Manger")
        #expect(row["total"] as? String == "8.96" && row["status"] as? String == "filed")

        let image = Fixtures.url("receipts/eng-petrol-clean.png")
        #expect(try await rebut.run(["receipts", "add", "--event", "London", "--vendor", "Shell", "--image", image.path]).status == 0)
        let again = try await rebut.run(["receipts", "add", "--event", "Elsewhere", "--total", "1", "--image", image.path])
        #expect(again.status == 2 && again.stderr.contains("already filed"), "\(again.stderr)")

        for (option, value) in [("--date", "1899-12-31"), ("--date", "9999-01-01"), ("--currency", "XYZ"),
                                ("--total", "12345678901234567890123")] {
            let refused = try await rebut.run(["receipts", "add", "--event", "Typos", option, value])
            #expect(refused.status == 2, "\(option) \(value): \(refused.stderr)")
            #expect(refused.stderr.contains("nothing was added"), "\(refused.stderr)")
        }
        let events = try #require(try await rebut.json(["events", "list", "--json"]) as? [[String: Any]])
        #expect(Set(events.compactMap { $0["name"] as? String }) == ["London"], "refused adds leave no event behind")
        #expect((try await rebut.json(["receipts", "list", "--json"]) as? [Any])?.count == 2)
    }

    @Test func valuesAreCheckedTheSameWayWhateverTheSpelling() async throws {
        let dir = try TemporaryDirectory()
        let rebut = RebutBinary(store: dir.file("store.sqlite"))
        #expect(try await rebut.run(["receipts", "add", "--event", "Trip", "--vendor", "Shop", "--total", "3", "--currency", "EUR"]).status == 0)
        let spaced = try await rebut.run(["receipts", "set", "1", "--total", "-5"])
        #expect(spaced.status == 0 && spaced.stdout.contains("-5.00 EUR"), "\(spaced.stderr)")
        let joined = try await rebut.run(["receipts", "set", "1", "--total=-5.5"])
        #expect(joined.status == 0 && joined.stdout.contains("-5.50 EUR"), "\(joined.stderr)")
        let kwd = try await rebut.run(["receipts", "set", "1", "--currency", "KWD", "--total", "1.234"])
        #expect(kwd.stdout.contains("1.234 KWD"), "\(kwd.stdout)")
        let empty = try await rebut.run(["receipts", "set", "1", "--vendor", ""])
        #expect(empty.status == 64 && empty.stderr.contains("none"), "\(empty.stderr)")
        let long = String(repeating: "x", count: 500)
        let tooLong = try await rebut.run(["receipts", "set", "1", "--vendor", long])
        #expect(tooLong.status == 2 && !tooLong.stderr.contains(long), "an over-long value is not echoed whole")

        let shown = try #require(try await rebut.json(["receipts", "show", "1", "--json"]) as? [String: Any])
        let corrections = try #require(shown["corrections"] as? [[String: Any]])
        #expect(!corrections.isEmpty)
        for correction in corrections {
            let at = try #require(correction["at"] as? String)
            #expect(at.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z|[+-]\d\d:\d\d)$"#, options: .regularExpression) != nil, "\(at)")
        }
    }

    @Test func receiptsMoveBetweenEventsAreDeletedTogetherAndFilterByDateAndCategory() async throws {
        let dir = try TemporaryDirectory()
        let rebut = RebutBinary(store: dir.file("store.sqlite"))
        for (vendor, date, category) in [("A", "2024-03-01", "meals"), ("B", "2024-03-15", "fuel"), ("C", "2024-04-02", "meals")] {
            #expect(try await rebut.run(["receipts", "add", "--event", "Trip", "--vendor", vendor, "--date", date,
                                   "--total", "1", "--category", category]).status == 0)
        }
        #expect(try await rebut.run(["events", "create", "Other"]).status == 0)
        #expect(try await rebut.run(["receipts", "set", "2", "--event", "Other"]).status == 0)
        #expect(try await rebut.run(["receipts", "set", "2", "--event", "Nowhere"]).status == 2)
        let other = try #require(try await rebut.json(["receipts", "list", "--event", "Other", "--json"]) as? [[String: Any]])
        #expect(other.map { $0["vendor"] as? String } == ["B"])

        let march = try #require(try await rebut.json(["receipts", "list", "--from", "2024-03-01", "--to", "2024-03-31", "--json"]) as? [[String: Any]])
        #expect(march.compactMap { $0["vendor"] as? String } == ["A", "B"])
        let meals = try #require(try await rebut.json(["receipts", "list", "--category", "meals", "--json"]) as? [[String: Any]])
        #expect(meals.compactMap { $0["vendor"] as? String } == ["A", "C"])

        let partly = try await rebut.run(["receipts", "delete", "1", "3", "99"])
        #expect(partly.status == 2)
        #expect((try await rebut.json(["receipts", "list", "--json"]) as? [Any])?.count == 3, "one unknown id deletes nothing")
        #expect(try await rebut.run(["receipts", "delete", "1", "3"]).status == 0)
        #expect((try await rebut.json(["receipts", "list", "--json"]) as? [Any])?.count == 1)
    }

    @Test func eventsCanBeClearedAndSayWhatTheyHold() async throws {
        let dir = try TemporaryDirectory()
        let rebut = RebutBinary(store: dir.file("store.sqlite"))
        #expect(try await rebut.run(["events", "create", "Trip", "--place", "Lisbon", "--start", "2024-03-01",
                               "--end", "2024-03-05", "--currency", "EUR"]).status == 0)
        let duplicate = try await rebut.run(["events", "create", "trip"])
        #expect(duplicate.status == 2 && duplicate.stderr.contains("already exists"))
        let backwards = try await rebut.run(["events", "edit", "Trip", "--start", "2024-03-09", "--end", "2024-03-01"])
        #expect(backwards.status == 64 && backwards.stderr.contains("rebut events edit"), "\(backwards.stderr)")
        let impossible = try await rebut.run(["events", "edit", "Trip", "--start", "2024-03-09"])
        #expect(impossible.status == 64 && impossible.stderr.contains("rebut events edit"), "\(impossible.stderr)")
        #expect(try await rebut.run(["events", "edit", "Trip", "--place", "none", "--end", "none"]).status == 0)
        let listed = try #require((try await rebut.json(["events", "list", "--json"]) as? [[String: Any]])?.first)
        #expect(listed["place"] == nil || listed["place"] is NSNull)
        #expect(listed["end"] == nil || listed["end"] is NSNull)
        #expect(listed["currency"] as? String == "EUR")
        #expect(try await rebut.run(["events", "list"]).stdout.contains("EUR"))

        #expect(try await rebut.run(["receipts", "add", "--event", "Trip", "--vendor", "Somewhere", "--total", "3"]).status == 0)
        #expect(try await rebut.run(["events", "list"]).stdout.contains("incl. receipts to review"))
        let refused = try await rebut.run(["events", "delete", "Trip"])
        #expect(refused.status == 64 && refused.stderr.contains("--yes"))
        #expect((try await rebut.json(["events", "list", "--json"]) as? [Any])?.count == 1)
    }

    @Test func ingestNamesUnreadableFoldersAndDuplicatesUnderTheirOwnEvent() async throws {
        let dir = try TemporaryDirectory()
        let rebut = RebutBinary(store: dir.file("store.sqlite"))
        let image = Fixtures.url("receipts/eng-petrol-clean.png")
        #expect(try await rebut.run(["ingest", image.path, "--event", "First"]).status == 0)
        // Only duplicates: reported under the event that holds them, and no empty event is made.
        let again = try await rebut.run(["ingest", image.path, "--event", "Second", "--json"])
        #expect(again.status == 0)
        let line = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
        #expect(line["outcome"] as? String == "duplicate" && line["event"] as? String == "First")
        let names = try #require(try await rebut.json(["events", "list", "--json"]) as? [[String: Any]]).compactMap { $0["name"] as? String }
        #expect(names == ["First"])

        // A bad PNG is named with a reason, and libpng's own complaints never reach stderr.
        try dir.copy([Fixtures.url("bad/fake.png")], into: "inbox")
        let fake = try await rebut.run(["ingest", dir.file("inbox").path, "--event", "First"])
        #expect(fake.status == 1 && fake.stderr.contains("fake.png") && !fake.stderr.contains("libpng"), "\(fake.stderr)")

        #expect(try await rebut.run(["--version"]).stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil)
    }

    /// A folder that cannot be listed is a failure with its name, never a silent "0 failed".
    /// Root reads every folder, so as root the binary runs as `nobody` (setpriv, util-linux).
    @Test func anUnreadableFolderIsNamedAsAFailure() async throws {
        let dir = try TemporaryDirectory()
        let shared = dir.file("shared")
        try FileManager.default.createDirectory(at: shared.appendingPathComponent("locked"), withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: shared.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: shared.appendingPathComponent("locked").path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: shared.appendingPathComponent("locked").path) }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.url.path)
        var rebut = RebutBinary(store: shared.appendingPathComponent("store.sqlite"))
        if getuid() == 0 { rebut.prefix = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] }
        let run = try await rebut.run(["ingest", shared.path, "--event", "Trip"])
        #expect(run.status == 1, "\(run.stdout) \(run.stderr)")
        #expect(run.stderr.contains("locked") && run.stderr.contains("permission denied"), "\(run.stderr)")
        #expect(run.stdout.contains("1 failed"), "\(run.stdout)")
    }
}
