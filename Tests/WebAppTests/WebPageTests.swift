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

/// The server-rendered pages and their forms, from a plain HTTP client (the browser tests in
/// Tests/Browser drive the same pages in Chromium).
@Suite struct WebPageTests {
    static let faded = Fixtures.url("receipts/eng-cafe-faded.png")

    @Test func thePickerSavesThroughTheStoreAndKeepsTheCorrection() async throws {
        let harness = try WebHarness()
        try await harness.run { client in
            let (cookie, token) = try await WebAccessTests.csrf(client)
            let eventId = try await client.createEvent("Picker")
            let upload = try await client.upload(Self.faded, eventId: eventId).json()
            let id = Int64(try #require((upload["receipt"] as? [String: Any])?["id"] as? Int))
            _ = try harness.store.setField(.total, to: nil, receiptId: id)   // now missing
            let before = try #require(try harness.store.receipt(id: id))
            #expect(before.status == .needsReview)

            let page = try await client.execute(uri: "/receipts/\(id)/review", method: .get, headers: [.cookie: cookie])
            #expect(page.status == .ok)
            #expect(page.text.contains("data-field=\"total\""))
            #expect(page.text.contains(">missing</span>"))

            let secondTotal = try #require(before.candidates["total"]?[1].value)
            let bad = try await client.raw(.post, "/receipts/\(id)/review", body: "_csrf=\(token)&total=typed&total_typed=abc",
                                           contentType: "application/x-www-form-urlencoded", headers: [.cookie: cookie])
            #expect(bad.status == .unprocessableContent)
            #expect(bad.text.contains("nothing was saved"))
            #expect(try harness.store.receipt(id: id)?.total == nil)

            let saved = try await client.raw(.post, "/receipts/\(id)/review", body: "_csrf=\(token)&vendor=%401&total=%402&category=groceries",
                                             contentType: "application/x-www-form-urlencoded", headers: [.cookie: cookie])
            #expect(saved.status == .seeOther)
            #expect(saved.headers[.location] == "/events/\(eventId)")
            let after = try #require(try harness.store.receipt(id: id))
            #expect(after.value(of: .total) == secondTotal)
            #expect(after.category == "groceries")
            #expect(after.status == .filed)
            let corrections = try harness.store.corrections(receiptId: id)
            #expect(corrections.contains { $0.field == "total" && $0.newValue == secondTotal && $0.oldValue == nil })
        }
    }

    @Test func pagesRenderFilterAndEscape() async throws {
        let harness = try WebHarness()
        try await harness.run { client in
            let eventId = try await client.createEvent("<b>Trip</b> & co")
            _ = try await client.upload(Self.faded, eventId: eventId)
            let events = try await client.execute(uri: "/events", method: .get)
            #expect(events.status == .ok)
            #expect(events.text.contains("&lt;b&gt;Trip&lt;/b&gt; &amp; co"))
            #expect(!events.text.contains("<b>Trip</b>"))

            let all = try await client.execute(uri: "/events/\(eventId)", method: .get)
            #expect(all.text.contains("RESTORAN SRI MELAKA"))
            let filed = try await client.execute(uri: "/events/\(eventId)?status=filed", method: .get)
            #expect(!filed.text.contains("RESTORAN SRI MELAKA"))
            #expect(filed.text.contains("No receipts match these filters."))
            let badFilter = try await client.execute(uri: "/events/\(eventId)?status=lost", method: .get)
            #expect(badFilter.status == .badRequest)

            let search = try await client.execute(uri: "/search?q=melaka", method: .get)
            #expect(search.text.contains("1 receipt found"))
            let upload = try await client.execute(uri: "/upload?event=\(eventId)", method: .get)
            #expect(upload.text.contains("capture=\"environment\""))
            #expect(upload.text.contains("<option value=\"\(eventId)\" selected>"))
            let reports = try await client.execute(uri: "/reports", method: .get)
            #expect(reports.status == .ok)
            #expect(reports.text.contains("href=\"/api/v1/events/\(eventId)/report?format=pdf\""))
            let serviceWorker = try await client.execute(uri: "/sw.js", method: .get)
            #expect(serviceWorker.headers[.contentType]?.hasPrefix("text/javascript") == true)
        }
    }
}
