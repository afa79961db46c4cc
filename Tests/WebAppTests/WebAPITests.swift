import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import RebutCore
import RebutTestSupport
import Store
import Testing
import WebApp

/// The JSON API from a plain HTTP client against a live server on loopback, with real OCR and a
/// real SQLite store behind it.
@Suite struct WebAPITests {
    static let receiptImage = Fixtures.url("receipts/eng-grocer-photo.jpg")

    @Test func eventsAreCreatedListedShownAndEdited() async throws {
        let harness = try WebHarness()
        try await harness.run { client in
            let id = try await client.createEvent("London, March")
            let list = try await client.json(.get, "/api/v1/events")
            #expect(list.status == .ok)
            let events = try #require(try list.json()["events"] as? [[String: Any]])
            #expect(events.map { $0["name"] as? String } == ["London, March"])

            let edited = try await client.json(.patch, "/api/v1/events/\(id)", ["place": "London", "startDate": "2026-03-02"])
            #expect(edited.status == .ok)
            #expect(try edited.json()["place"] as? String == "London")
            let shown = try await client.json(.get, "/api/v1/events/\(id)")
            #expect(try shown.json()["startDate"] as? String == "2026-03-02")
            #expect(try harness.store.event(id: id)?.place == "London")
        }
    }

    @Test func badJSONAndBadValuesAreRefusedWithTheReason() async throws {
        let harness = try WebHarness()
        try await harness.run { client in
            let broken = try await client.raw(.post, "/api/v1/events", body: "{\"name\": ", contentType: "application/json")
            #expect(broken.status == .badRequest)
            #expect(try broken.errorMessage().hasPrefix("bad JSON"))

            let wrongType = try await client.raw(.post, "/api/v1/events", body: "{\"name\": 12}", contentType: "application/json")
            #expect(wrongType.status == .badRequest)
            #expect(try wrongType.errorMessage().contains("name"))

            let noName = try await client.json(.post, "/api/v1/events", ["kind": "trip"])
            #expect(noName.status == .unprocessableContent)

            let badKind = try await client.json(.post, "/api/v1/events", ["name": "X", "kind": "holiday"])
            #expect(badKind.status == .unprocessableContent)
            #expect(try badKind.errorMessage().contains("holiday"))

            let badDate = try await client.json(.post, "/api/v1/events", ["name": "X", "startDate": "03/04/19"])
            #expect(try badDate.errorMessage().contains("YYYY-MM-DD"))

            _ = try await client.createEvent("Flat 2B")
            let clash = try await client.json(.post, "/api/v1/events", ["name": "flat 2b"])
            #expect(clash.status == .unprocessableContent)
            #expect(try clash.errorMessage().contains("already exists"))
            #expect(try harness.store.events().map(\.name) == ["Flat 2B"])
        }
    }

    @Test func unknownIdsAndRoutesAreNamedRefusals() async throws {
        let harness = try WebHarness()
        try await harness.run { client in
            let event = try await client.json(.get, "/api/v1/events/999")
            #expect(event.status == .notFound)
            #expect(try event.errorMessage() == "no event with id 999")
            let receipt = try await client.json(.get, "/api/v1/receipts/4242/candidates")
            #expect(try receipt.errorMessage() == "no receipt with id 4242")
            let notANumber = try await client.json(.get, "/api/v1/receipts/abc")
            #expect(notANumber.status == .badRequest)
            #expect(try notANumber.errorMessage().contains("'abc'"))
            let upload = try await client.upload(Self.receiptImage, eventId: 77)
            #expect(upload.status == .notFound)
            let route = try await client.json(.get, "/api/v1/nothing-here")
            #expect(route.status == .notFound)
            #expect(try route.errorMessage().contains("/api/v1/nothing-here"))
            let eventId = try await client.createEvent("Sorted")
            let badSort = try await client.json(.get, "/api/v1/events/\(eventId)/receipts?sort=price")
            #expect(badSort.status == .badRequest)
            #expect(try badSort.errorMessage().contains("'price'"))
            let badStatus = try await client.json(.get, "/api/v1/events/\(eventId)/receipts?status=lost")
            #expect(try badStatus.errorMessage().contains("'lost'"))
        }
    }

    @Test func anUploadIsFiledOnceAndItsImageCandidatesAndTextAreServed() async throws {
        let harness = try WebHarness()
        try await harness.run { client in
            let eventId = try await client.createEvent("Groceries")
            let first = try await client.upload(Self.receiptImage, eventId: eventId)
            #expect(first.status == .created, "\(first.text)")
            let body = try first.json()
            #expect(["filed", "needs_review"].contains(body["outcome"] as? String))
            let receipt = try #require(body["receipt"] as? [String: Any])
            let id = try #require(receipt["id"] as? Int)
            #expect(receipt["fileName"] as? String == "eng-grocer-photo.jpg")

            let again = try await client.upload(Self.receiptImage, eventId: eventId)
            #expect(again.status == .ok)
            #expect(try again.json()["outcome"] as? String == "duplicate")
            #expect(try harness.store.receipts().count == 1)

            let image = try await client.json(.get, "/api/v1/receipts/\(id)/image")
            #expect(image.status == .ok)
            #expect(image.headers[.contentType] == "image/jpeg")
            #expect(Data(image.body.readableBytesView) == (try Data(contentsOf: Self.receiptImage)))

            let candidates = try await client.json(.get, "/api/v1/receipts/\(id)/candidates").json()
            let fields = try #require(candidates["fields"] as? [[String: Any]])
            let total = try #require(fields.first { $0["field"] as? String == "total" })
            #expect(!((total["candidates"] as? [Any]) ?? []).isEmpty)
            let lines = try #require(candidates["lines"] as? [[String: Any]])
            #expect(lines.contains { !(($0["words"] as? [Any]) ?? []).isEmpty })

            let full = try await client.json(.get, "/api/v1/receipts/\(id)").json()
            #expect((full["ocrText"] as? String)?.isEmpty == false)
            let listed = try await client.json(.get, "/api/v1/events/\(eventId)/receipts?sort=-total").json()
            #expect((listed["receipts"] as? [[String: Any]])?.map { $0["id"] as? Int } == [id])
            let shown = try await client.json(.get, "/api/v1/events/\(eventId)").json()
            #expect(shown["receiptCount"] as? Int == 1)
        }
    }

    @Test func notAnImageAndTooLargeUploadsAreRefusedAndNothingIsFiled() async throws {
        let harness = try WebHarness(maxUploadBytes: 1 << 20)
        try await harness.run { client in
            let eventId = try await client.createEvent("Bad input")
            let text = try await client.upload(Fixtures.url("bad/not-an-image.jpg"), eventId: eventId)
            #expect(text.status == .unsupportedMediaType)
            let body = try text.json()
            #expect(body["outcome"] as? String == "failed")
            #expect((body["error"] as? String)?.hasPrefix("not an image") == true)
            #expect(body["file"] as? String == "not-an-image.jpg")

            let empty = try await client.upload(Fixtures.url("bad/empty.jpg"), eventId: eventId)
            #expect(empty.status == .unsupportedMediaType)
            #expect(try empty.json()["error"] as? String == "the file is empty")

            let big = ByteBuffer(repeating: 0xFF, count: (1 << 20) + 1)
            let tooLarge = try await client.execute(uri: "/api/v1/events/\(eventId)/uploads?name=big.jpg", method: .post,
                                                    headers: [.contentType: "image/jpeg"], body: big)
            #expect(tooLarge.status == .contentTooLarge)
            #expect(try tooLarge.errorMessage().contains("1 MB"))
            #expect(try harness.store.receipts().isEmpty)
        }
    }

    @Test func fieldsAreSetAsTheCLISetsThemAllOrNothingWithCorrections() async throws {
        let harness = try WebHarness()
        try await harness.run { client in
            let eventId = try await client.createEvent("Fixes")
            let upload = try await client.upload(Self.receiptImage, eventId: eventId).json()
            let id = try #require((upload["receipt"] as? [String: Any])?["id"] as? Int)
            let stored = try #require(try harness.store.receipt(id: Int64(id)))
            let firstTotal = try #require(stored.candidates["total"]?.first?.value)

            let refused = try await client.json(.patch, "/api/v1/receipts/\(id)",
                                                ["fields": ["vendor": "Corner Shop", "date": "31/02/2026"]])
            #expect(refused.status == .unprocessableContent)
            #expect(try refused.errorMessage().contains("date"))
            #expect(try harness.store.receipt(id: Int64(id))?.vendor == stored.vendor)

            let noCandidate = try await client.json(.patch, "/api/v1/receipts/\(id)", ["fields": ["total": "@99"]])
            #expect(noCandidate.status == .unprocessableContent)
            #expect(try noCandidate.errorMessage().contains("@99 does not exist"))

            let unknownField = try await client.json(.patch, "/api/v1/receipts/\(id)", ["fields": ["colour": "red"]])
            #expect(try unknownField.errorMessage().contains("colour"))

            let saved = try await client.json(.patch, "/api/v1/receipts/\(id)",
                                              ["fields": ["vendor": "Corner Shop", "total": "@1", "category": "groceries"]])
            #expect(saved.status == .ok, "\(saved.text)")
            let after = try #require(try harness.store.receipt(id: Int64(id)))
            #expect(after.vendor == "Corner Shop")
            #expect(after.value(of: .total) == firstTotal)
            #expect(after.confidence["vendor"] == 1.0)
            #expect(try harness.store.corrections(receiptId: Int64(id)).contains { $0.field == "vendor" && $0.newValue == "Corner Shop" })
        }
    }

    @Test func searchFindsReceiptsAndNeedsAQuery() async throws {
        let harness = try WebHarness()
        try await harness.run { client in
            let eventId = try await client.createEvent("Search")
            let upload = try await client.upload(Self.receiptImage, eventId: eventId).json()
            let receipt = try #require(upload["receipt"] as? [String: Any])
            let stored = try #require(try harness.store.receipt(id: Int64(receipt["id"] as! Int)))
            let words: [String] = stored.ocrText.split(whereSeparator: { !($0.isASCII && $0.isLetter) }).map(String.init)
            let word = try #require(words.first { $0.count >= 5 })
            let found = try await client.json(.get, "/api/v1/search?q=\(word)").json()
            #expect((found["receipts"] as? [[String: Any]])?.count == 1)
            let none = try await client.json(.get, "/api/v1/search?q=zzyzxq").json()
            #expect((none["receipts"] as? [Any])?.isEmpty == true)
            let missing = try await client.json(.get, "/api/v1/search")
            #expect(missing.status == .badRequest)
        }
    }

    @Test func everyResponseCarriesTheSecurityHeadersRefusalsToo() async throws {
        let harness = try WebHarness()
        try await harness.run { client in
            for uri in ["/events", "/api/v1/events", "/api/v1/events/999"] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.headers[.contentSecurityPolicy]?.contains("frame-ancestors 'none'") == true, "\(uri)")
                #expect(response.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff", "\(uri)")
                #expect(response.headers[HTTPField.Name("X-Frame-Options")!] == "DENY", "\(uri)")
            }
        }
    }
}
