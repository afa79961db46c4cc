import Foundation
import Hummingbird
import NIOCore

/// A refusal: an HTTP status and a sentence saying what was wrong, sent as JSON
/// (`{"error": {"status": 404, "message": "…"}}`).
public struct WebError: Error, Sendable, CustomStringConvertible {
    public var status: HTTPResponse.Status
    public var message: String
    public var headers: HTTPFields = [:]

    public init(_ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.message = message
        self.headers = headers
    }

    public var description: String { "\(status.code) \(message)" }

    struct Body: Encodable {
        struct Detail: Encodable { var status: Int; var message: String }
        var error: Detail
    }

    func response() -> Response {
        var response = (try? JSONBody.response(Body(error: .init(status: status.code, message: message)), status: status))
            ?? Response(status: status)
        for field in headers { response.headers.append(field) }
        return response
    }

    static func notFound(_ what: String) -> WebError { WebError(.notFound, what) }
    static func badRequest(_ why: String) -> WebError { WebError(.badRequest, why) }
}

enum JSONBody {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    static func response<T: Encodable>(_ value: T, status: HTTPResponse.Status = .ok) throws -> Response {
        let data = try encoder.encode(value)
        return Response(status: status, headers: [.contentType: "application/json; charset=utf-8"],
                        body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// Decodes a JSON request body, naming what was wrong with it.
    static func decode<T: Decodable>(_ type: T.Type, from request: Request, limit: Int = 1 << 20) async throws -> T {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch {
            throw WebError(.contentTooLarge, "the JSON body is larger than \(limit) bytes")
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(buffer.readableBytesView))
        } catch let DecodingError.dataCorrupted(context) {
            throw WebError.badRequest("bad JSON: \(context.debugDescription)")
        } catch let DecodingError.keyNotFound(key, _) {
            throw WebError.badRequest("bad JSON: '\(key.stringValue)' is required")
        } catch let DecodingError.typeMismatch(_, context) {
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw WebError.badRequest("bad JSON: '\(path)' has the wrong type (\(context.debugDescription))")
        } catch let DecodingError.valueNotFound(_, context) {
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw WebError.badRequest("bad JSON: '\(path)' must not be null")
        } catch {
            throw WebError.badRequest("bad JSON: \(error)")
        }
    }
}
