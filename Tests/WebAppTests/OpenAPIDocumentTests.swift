import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import RebutTestSupport
import Store
import Testing
import WebApp

/// The hand-written OpenAPI document against the server that serves it: the same operations as
/// the router has, and every operation answers with a status the document declares.
@Suite struct OpenAPIDocumentTests {
    static func document(_ client: some TestClientProtocol) async throws -> [String: Any] {
        let response = try await client.execute(uri: "/api/v1/openapi.json", method: .get)
        #expect(response.status == .ok)
        return try response.json()
    }

    static func operations(_ document: [String: Any]) throws -> [String: [String: Any]] {
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        var operations: [String: [String: Any]] = [:]
        for (path, item) in paths {
            for (method, operation) in item where method != "parameters" {
                operations["\(method.uppercased()) \(path)"] = try #require(operation as? [String: Any])
            }
        }
        return operations
    }

    @Test func theDocumentListsExactlyTheRoutesTheServerHasUnderAPIV1() async throws {
        let harness = try WebHarness()
        let routes = Set(harness.app.makeRouter().routes
            .filter { $0.path.description.hasPrefix("/api/v1") }
            .map { "\($0.method.rawValue) \($0.path.description)" })
        #expect(routes.count >= 12)
        try await harness.run { client in
            let document = try await Self.document(client)
            #expect(document["openapi"] as? String == "3.1.0")
            let documented = Set(try Self.operations(document).keys)
            #expect(documented == routes)
        }
    }

    /// Each operation called with real ids and minimal valid input: the status must be one the
    /// document declares for it, and every error body has the documented shape.
    @Test func everyOperationAnswersWithADocumentedStatus() async throws {
        let harness = try WebHarness()
        try await harness.run { client in
            let eventId = try await client.createEvent("Spec")
            let upload = try await client.upload(Fixtures.url("receipts/eng-grocer-photo.jpg"), eventId: eventId).json()
            let receiptId = try #require((upload["receipt"] as? [String: Any])?["id"] as? Int)
            let bodies: [String: Any] = [
                "POST /api/v1/events": ["name": "Spec 2"],
                "PATCH /api/v1/events/{eventId}": ["place": "Here"],
                "PATCH /api/v1/receipts/{receiptId}": ["fields": ["vendor": "Spec Shop"]],
            ]
            let queries = ["GET /api/v1/search": "?q=total", "GET /api/v1/reports/summary": "?by=category",
                           "GET /api/v1/events/{eventId}/report": "?format=csv", "POST /api/v1/events/{eventId}/uploads": "?name=again.jpg"]
            for (key, operation) in try Self.operations(try await Self.document(client)) {
                let parts = key.split(separator: " ", maxSplits: 1)
                let path = String(parts[1]).replacingOccurrences(of: "{eventId}", with: "\(eventId)")
                    .replacingOccurrences(of: "{receiptId}", with: "\(receiptId)") + (queries[key] ?? "")
                let method = HTTPRequest.Method(rawValue: String(parts[0]))!
                let response: TestResponse
                if key.hasSuffix("/uploads") {
                    response = try await client.upload(Fixtures.url("receipts/eng-grocer-photo.jpg"), eventId: eventId)
                } else {
                    response = try await client.json(method, path, bodies[key])
                }
                let declared = try #require(operation["responses"] as? [String: Any]).keys
                #expect(declared.contains(String(response.status.code)), "\(key) answered \(response.status.code): \(response.text.prefix(200))")
                if response.status.code >= 400 && !key.hasSuffix("/uploads") {
                    _ = try response.errorMessage()
                }
            }
        }
    }
}
