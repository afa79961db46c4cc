import Foundation
import RebutTestSupport
import Testing

/// `rebut vendors list|show|merge|rename` on a real store filled by `rebut ingest`.
struct VendorsCLITests {
    @Test func vendorsAreListedShownMergedAndRenamed() async throws {
        let dir = try TemporaryDirectory()
        let rebut = RebutBinary(store: dir.file("store.sqlite"))
        try dir.copy([Fixtures.url("receipts/eng-restaurant-clean.png"),
                      Fixtures.url("receipts/spa-supermarket-clean.png")], into: "inbox")
        let ingest = try await rebut.run(["ingest", dir.file("inbox").path, "--event", "Trip", "--lang", "eng+spa"])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let restaurant = try Fixtures.truth(for: Fixtures.url("receipts/eng-restaurant-clean.png")).vendor
        let supermarket = try Fixtures.truth(for: Fixtures.url("receipts/spa-supermarket-clean.png")).vendor

        let list = try #require(try await rebut.json(["vendors", "list", "--json"]) as? [[String: Any]])
        let names = list.compactMap { $0["name"] as? String }.map { $0.uppercased() }
        #expect(Set(names) == [restaurant.uppercased(), supermarket.uppercased()])
        #expect(list.allSatisfy { $0["receipts"] as? Int == 1 })

        let show = try await rebut.run(["vendors", "show", restaurant.lowercased()])
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.uppercased().contains(restaurant.uppercased()))
        #expect(show.stdout.contains("receipts: 1"))

        // The supermarket's receipt joins the restaurant (as if it had been a misread of it).
        let merge = try await rebut.run(["vendors", "merge", supermarket, restaurant])
        #expect(merge.status == 0, "\(merge.stderr)")
        let merged = try #require(try await rebut.json(["vendors", "list", "--json"]) as? [[String: Any]])
        #expect(merged.count == 1)
        #expect(merged.first?["receipts"] as? Int == 2)
        #expect(merged.first?["corrections"] as? Int == 1)

        let rename = try await rebut.run(["vendors", "rename", restaurant, "Harbour Kitchen Ltd"])
        #expect(rename.status == 0, "\(rename.stderr)")
        #expect(rename.stdout.contains("2 receipts now filed under Harbour Kitchen Ltd"))
        let receipts = try #require(try await rebut.json(["receipts", "list", "--json"]) as? [[String: Any]])
        #expect(receipts.allSatisfy { $0["vendor"] as? String == "Harbour Kitchen Ltd" })

        let missing = try await rebut.run(["vendors", "show", "Nobody At All"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("Nobody At All"))
        let badMerge = try await rebut.run(["vendors", "merge", "Harbour Kitchen Ltd", "Nobody At All"])
        #expect(badMerge.status == 2)
        #expect(badMerge.stderr.contains("rebut vendors rename"))
    }
}
