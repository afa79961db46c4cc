import Categorisation
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Pipeline
import RebutTestSupport
import Store
import WebApp

/// A real store in a temporary folder, real OCR engines, and the web app served on a loopback
/// port for a real HTTP client (HummingbirdTesting's live mode).
struct WebHarness {
    let dir: TemporaryDirectory
    let store: ExpenseStore
    let app: WebApp

    static let categories = CategoryRules.builtIn.categories.map(\.id)

    init(password: String? = nil, maxUploadBytes: Int = 50 << 20, loginAttempts: LoginAttempts = LoginAttempts(),
         tls: WebTLS? = nil) throws {
        dir = try TemporaryDirectory("rebut-web")
        store = try ExpenseStore(path: dir.file("rebut.sqlite"), knownCategories: Set(Self.categories))
        if let password { try Credentials.setPassword(password, in: store) }
        let analyser = try ReceiptAnalyser(configuration: PipelineConfiguration(languages: "eng", jobs: 1))
        app = try WebApp(store: store, filer: ReceiptFiler(analyser: analyser, store: store),
                         configuration: WebAppConfiguration(host: "127.0.0.1", port: 0, maxUploadBytes: maxUploadBytes,
                                                            categories: Self.categories, tls: tls),
                         loginAttempts: loginAttempts)
    }

    /// `.live` by default; `.ahc(.https)` for a server with TLS (AsyncHTTPClient, real handshakes).
    func run<Value: Sendable>(_ setup: TestingSetup = .live,
                              _ test: @escaping @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
        try await app.makeApplication().test(setup) { client in try await test(client) }
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }

    func json() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any] else {
            throw JSONShapeError(text: text)
        }
        return object
    }

    /// The message of a refusal's `{"error": {"status", "message"}}` body.
    func errorMessage() throws -> String {
        let error = try json()["error"] as? [String: Any]
        guard let message = error?["message"] as? String, error?["status"] as? Int == Int(status.code) else {
            throw JSONShapeError(text: text)
        }
        return message
    }

    /// `name=value` of a Set-Cookie header with this name.
    func cookie(_ name: String) -> String? {
        headers[values: .setCookie].first { $0.hasPrefix(name + "=") }
    }
}

struct JSONShapeError: Error, CustomStringConvertible {
    var text: String
    var description: String { "unexpected body: \(text.prefix(300))" }
}

extension TestClientProtocol {
    func json(_ method: HTTPRequest.Method, _ uri: String, _ object: Any? = nil, headers: HTTPFields = [:]) async throws -> TestResponse {
        var headers = headers
        var body: ByteBuffer?
        if let object {
            headers[.contentType] = "application/json"
            body = ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: object))
        }
        return try await execute(uri: uri, method: method, headers: headers, body: body)
    }

    func raw(_ method: HTTPRequest.Method, _ uri: String, body: String, contentType: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        var headers = headers
        headers[.contentType] = contentType
        return try await execute(uri: uri, method: method, headers: headers, body: ByteBuffer(string: body))
    }

    func upload(_ file: URL, eventId: Int64, headers: HTTPFields = [:]) async throws -> TestResponse {
        var headers = headers
        headers[.contentType] = "image/jpeg"
        let data = try Data(contentsOf: file)
        let name = file.lastPathComponent.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "x"
        return try await execute(uri: "/api/v1/events/\(eventId)/uploads?name=\(name)", method: .post,
                                 headers: headers, body: ByteBuffer(bytes: data))
    }

    func createEvent(_ name: String, headers: HTTPFields = [:]) async throws -> Int64 {
        let response = try await json(.post, "/api/v1/events", ["name": name, "kind": "trip", "currency": "EUR"], headers: headers)
        guard response.status == .created, let id = try response.json()["id"] as? Int else { throw JSONShapeError(text: response.text) }
        return Int64(id)
    }
}
