import Foundation
import RebutTestSupport
import Testing

/// What the issue "Nothing lost, ever" found destroying or hiding data, driven through the binary.
@Suite struct DataSafetyCLITests {
    @Test func aSetWithOneBadValueChangesNothing() async throws {
        let dir = try TemporaryDirectory()
        let rebut = RebutBinary(store: dir.file("store.sqlite"))
        #expect(try await rebut.run(["ingest", Fixtures.url("receipts/eng-petrol-clean.png").path, "--event", "Fuel"]).status == 0)
        let before = try #require((try await rebut.json(["receipts", "list", "--json"]) as? [[String: Any]])?.first)
        let id = try #require(before["id"] as? Int)

        let run = try await rebut.run(["receipts", "set", "\(id)", "--vendor", "Somebody Else", "--total", "@99"])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("@99") && run.stderr.contains("nothing was changed"), "\(run.stderr)")
        let refusedByStore = try await rebut.run(["receipts", "set", "\(id)", "--vendor", "Somebody Else", "--date", "2019-02-30"])
        #expect(refusedByStore.status == 2, "\(refusedByStore.stderr)")

        let after = try #require(try await rebut.json(["receipts", "show", "\(id)", "--json"]) as? [String: Any])
        let receipt = try #require(after["receipt"] as? [String: Any])
        #expect(receipt["vendor"] as? String == before["vendor"] as? String)
        #expect((after["corrections"] as? [Any])?.isEmpty == true)
    }

    @Test func readingCommandsNeverCreateAStore() async throws {
        let dir = try TemporaryDirectory()
        let typo = dir.file("typo.sqlite")
        let rebut = RebutBinary(store: typo)
        for arguments in [["receipts", "list"], ["events", "list"], ["receipts", "show", "1"],
                          ["events", "show", "Trip"], ["receipts", "set", "1", "--vendor", "X"], ["receipts", "delete", "1"]] {
            let run = try await rebut.run(arguments)
            #expect(run.status == 2, "\(arguments): \(run.status) \(run.stderr)")
            #expect(run.stderr.contains("no store at \(typo.path)"), "\(arguments): \(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: typo.path))
        let empty = try await rebut.run(["receipts", "list", "--store", ""])
        #expect(empty.status == 64 && empty.stderr.contains("--store"), "\(empty.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).isEmpty)
    }

    @Test func watchingTheFolderThatHoldsTheStoreIsRefused() async throws {
        let dir = try TemporaryDirectory()
        let store = dir.file("inbox/store.sqlite")
        let rebut = RebutBinary(store: store)
        #expect(try await rebut.run(["events", "create", "Trip"]).status == 0)
        let run = try await rebut.run(["watch", dir.file("inbox").path, "--once"])
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("refusing to watch"), "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: store.path))
        #expect(!FileManager.default.fileExists(atPath: dir.file("inbox/failed").path))
        #expect(try await rebut.json(["events", "list", "--json"]) is [Any])
    }
}
