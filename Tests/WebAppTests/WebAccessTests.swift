import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import RebutTestSupport
import Store
import Testing
import WebApp

/// Passwords, sessions, bearer tokens and CSRF, against a live server.
@Suite struct WebAccessTests {
    static let password = "correct horse battery"

    /// The CSRF cookie and token a page hands out.
    static func csrf(_ client: some TestClientProtocol, headers: HTTPFields = [:]) async throws -> (cookie: String, token: String) {
        let page = try await client.execute(uri: "/login", method: .get, headers: headers)
        let cookie = try #require(page.cookie("rebut_csrf")?.split(separator: ";").first.map(String.init))
        return (cookie, String(cookie.dropFirst("rebut_csrf=".count)))
    }

    @Test func withAPasswordTheAPIRefusesMissingWrongAndRevokedTokens() async throws {
        let harness = try WebHarness(password: Self.password)
        let (token, record) = try Credentials.createAPIToken(named: "test", in: harness.store)
        try await harness.run { client in
            let missing = try await client.json(.get, "/api/v1/events")
            #expect(missing.status == .unauthorized)
            #expect(missing.headers[.wwwAuthenticate] == "Bearer")
            #expect(try missing.errorMessage().contains("Bearer"))

            let wrong = try await client.json(.get, "/api/v1/events", headers: [.authorization: "Bearer rbt_0000"])
            #expect(wrong.status == .unauthorized)

            let good = try await client.json(.get, "/api/v1/events", headers: [.authorization: "Bearer \(token)"])
            #expect(good.status == .ok)
            let created = try await client.json(.post, "/api/v1/events", ["name": "With token"], headers: [.authorization: "Bearer \(token)"])
            #expect(created.status == .created)

            try harness.store.revokeAPIToken(id: record.id!)
            let revoked = try await client.json(.get, "/api/v1/events", headers: [.authorization: "Bearer \(token)"])
            #expect(revoked.status == .unauthorized)

            let spec = try await client.json(.get, "/api/v1/openapi.json")
            #expect(spec.status == .ok)
        }
        #expect(try harness.store.apiTokens().first?.lastUsedAt != nil)
    }

    @Test func withAPasswordPagesNeedALoginAndAWrongPasswordIsRefused() async throws {
        let harness = try WebHarness(password: Self.password)
        try await harness.run { client in
            let page = try await client.execute(uri: "/events", method: .get)
            #expect(page.status == .found)
            #expect(page.headers[.location]?.hasPrefix("/login?next=") == true)

            let (cookie, token) = try await Self.csrf(client)
            let wrong = try await client.raw(.post, "/login", body: "_csrf=\(token)&password=guess&next=%2Fevents",
                                             contentType: "application/x-www-form-urlencoded", headers: [.cookie: cookie])
            #expect(wrong.status == .unauthorized)
            #expect(wrong.text.contains("Wrong password."))
            #expect(wrong.cookie("rebut_session") == nil)

            let noCSRF = try await client.raw(.post, "/login", body: "password=\(Self.password)",
                                              contentType: "application/x-www-form-urlencoded", headers: [.cookie: cookie])
            #expect(noCSRF.status == .forbidden)

            let encoded = Self.password.replacingOccurrences(of: " ", with: "+")
            let right = try await client.raw(.post, "/login", body: "_csrf=\(token)&password=\(encoded)&next=%2Fevents",
                                             contentType: "application/x-www-form-urlencoded", headers: [.cookie: cookie])
            #expect(right.status == .seeOther)
            #expect(right.headers[.location] == "/events")
            let session = try #require(right.cookie("rebut_session"))
            #expect(session.contains("HttpOnly"))
            #expect(session.contains("SameSite=Strict"))

            let sessionCookie = String(session.split(separator: ";")[0])
            let events = try await client.execute(uri: "/events", method: .get, headers: [.cookie: "\(cookie); \(sessionCookie)"])
            #expect(events.status == .ok)
            #expect(events.text.contains("Log out"))

            let logout = try await client.raw(.post, "/logout", body: "_csrf=\(token)", contentType: "application/x-www-form-urlencoded",
                                              headers: [.cookie: "\(cookie); \(sessionCookie)"])
            #expect(logout.status == .seeOther)
            let after = try await client.execute(uri: "/events", method: .get, headers: [.cookie: "\(cookie); \(sessionCookie)"])
            #expect(after.status == .found)
        }
    }

    @Test func formsWithoutTheCSRFTokenAndCrossSiteWritesAreRefused() async throws {
        let harness = try WebHarness()
        try await harness.run { client in
            let (cookie, token) = try await Self.csrf(client)
            let forged = try await client.raw(.post, "/events", body: "name=Forged", contentType: "application/x-www-form-urlencoded",
                                              headers: [.cookie: cookie])
            #expect(forged.status == .forbidden)
            #expect(try forged.errorMessage().contains("CSRF"))

            let noCookie = try await client.raw(.post, "/events", body: "name=Forged&_csrf=\(token)",
                                                contentType: "application/x-www-form-urlencoded")
            #expect(noCookie.status == .forbidden)

            let crossSite = try await client.json(.post, "/api/v1/events", ["name": "Forged"], headers: [.origin: "http://evil.example"])
            #expect(crossSite.status == .forbidden)
            #expect(try crossSite.errorMessage().contains("evil.example"))

            let formToAPI = try await client.raw(.post, "/api/v1/events", body: "name=Forged", contentType: "text/plain")
            #expect(formToAPI.status == .forbidden)
            #expect(try harness.store.events().isEmpty)

            let real = try await client.raw(.post, "/events", body: "_csrf=\(token)&name=Real&kind=trip&currency=eur",
                                            contentType: "application/x-www-form-urlencoded", headers: [.cookie: cookie])
            #expect(real.status == .seeOther)
            #expect(try harness.store.events().map(\.name) == ["Real"])
            #expect(try harness.store.events().first?.currency == "EUR")
        }
    }

    @Test func aPasswordIsStoredAsABcryptHashAndShortOnesAreRefused() throws {
        let dir = try TemporaryDirectory("rebut-web")
        let store = try ExpenseStore(path: dir.file("rebut.sqlite"))
        #expect(throws: StoreError.self) { try Credentials.setPassword("short", in: store) }
        #expect(try store.webPasswordHash() == nil)
        try Credentials.setPassword(Self.password, in: store)
        let hash = try #require(try store.webPasswordHash())
        #expect(hash.hasPrefix("$2b$12$") || hash.hasPrefix("$2a$12$") || hash.hasPrefix("$2y$12$"))
        #expect(!hash.contains(Self.password))
    }
}
