import Foundation
import HTTPTypes
import HummingbirdTesting
import RebutCore
import RebutTestSupport
import Store
import Testing
import WebApp

/// The image the OCR read, served by receipt id, and the pages that draw boxes on it.
@Suite struct ReadImageRouteTests {
    static let boxSpace = HTTPField.Name("X-Rebut-Box-Space")!

    @Test func aPhotosReadImageIsServedAndThePickerDrawsOnItInItsSpace() async throws {
        let harness = try WebHarness()
        try await harness.run { client in
            let eventId = try await client.createEvent("Wild")
            let upload = try await client.upload(Fixtures.url("wild/img/eng-restaurant-photo.jpg"), eventId: eventId).json()
            let id = try #require((upload["receipt"] as? [String: Any])?["id"] as? Int)
            let kept = try #require(try harness.store.readImage(receiptId: Int64(id)))

            for path in ["/api/v1/receipts/\(id)/read-image", "/receipts/\(id)/read-image"] {
                let image = try await client.execute(uri: path, method: .get)
                #expect(image.status == .ok)
                #expect(image.headers[.contentType] == "image/jpeg")
                #expect(Data(image.body.readableBytesView) == kept.jpeg)
                #expect(image.headers[Self.boxSpace] == "\(kept.width),\(kept.height)")
            }
            for path in ["/receipts/\(id)/review", "/receipts/\(id)"] {
                let page = try await client.execute(uri: path, method: .get)
                #expect(page.status == .ok)
                #expect(page.text.contains("data-extent=\"\(kept.width),\(kept.height)\""))
                #expect(page.text.contains("src=\"/receipts/\(id)/read-image\""))
                #expect(page.text.contains("href=\"/receipts/\(id)/image\">Original photo (JPG)</a>"))
            }
        }
    }

    @Test func withoutAReadImageTheRouteAnswers404AndThePageFallsBackToTheOriginal() async throws {
        let harness = try WebHarness()
        let event = try harness.store.createEvent(Event(name: "Old", kind: .trip))
        // Filed as before read images were kept: the original PNG and boxes only.
        let png = try Data(contentsOf: WebPageTests.faded)
        let lines = [TextLine(text: "TOTAL 4.50", confidence: 90, box: Box(x: 40, y: 300, width: 200, height: 30), words: [])]
        let old = try harness.store.file(NewReceipt(fileName: "old.png", sha256: String(repeating: "c", count: 64), imageData: png,
                                                    imageExtension: "png", ocrText: "TOTAL 4.50", ocrLines: lines,
                                                    fields: ReceiptFields(), status: .needsReview), into: event.id!).receipt
        let typed = try harness.store.addManual(ManualReceipt(values: [.vendor: "Kiosk", .total: "3.00", .currency: "EUR"]),
                                                into: event.id!).receipt
        try await harness.run { client in
            let none = try await client.execute(uri: "/api/v1/receipts/\(old.id!)/read-image", method: .get)
            #expect(none.status == .notFound)
            #expect(try none.errorMessage().contains("filed before read images were kept"))
            let handTyped = try await client.execute(uri: "/receipts/\(typed.id!)/read-image", method: .get)
            #expect(handTyped.status == .notFound)
            #expect(try handTyped.errorMessage().contains("typed in"))
            let unknown = try await client.execute(uri: "/api/v1/receipts/999/read-image", method: .get)
            #expect(unknown.status == .notFound)
            #expect(try unknown.errorMessage() == "no receipt with id 999")

            // The estimate: the text's extent with equal margins (40 + 200 + 40, 300 + 30 + 300).
            let page = try await client.execute(uri: "/receipts/\(old.id!)/review", method: .get)
            #expect(page.text.contains("data-extent=\"280,630\""))
            #expect(page.text.contains("src=\"/receipts/\(old.id!)/image\""))
            #expect(!page.text.contains("read-image"))
        }
    }
}
