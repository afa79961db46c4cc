import Foundation
import Hummingbird

/// A submitted HTML form (application/x-www-form-urlencoded). The only way routes read forms,
/// so no form handler can skip the CSRF check.
struct FormBody: Sendable {
    private(set) var values: [String: String] = [:]

    subscript(_ name: String) -> String? { values[name] }

    /// Non-empty and trimmed, or nil.
    func text(_ name: String) -> String? {
        guard let value = values[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
        return value
    }

    /// Reads the form and checks its `_csrf` field against the browser's cookie.
    static func read(_ request: Request, context: WebContext, limit: Int = 256 << 10) async throws -> FormBody {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch {
            throw WebError(.contentTooLarge, "the form is larger than \(limit) bytes")
        }
        let form = parse(String(decoding: buffer.readableBytesView, as: UTF8.self))
        if !context.isBearer {
            guard let sent = form["_csrf"], sent == context.csrfToken, !sent.isEmpty else {
                throw WebError(.forbidden, "CSRF token missing or wrong: reload the page and submit the form again")
            }
        }
        return form
    }

    static func parse(_ encoded: String) -> FormBody {
        var form = FormBody()
        for pair in encoded.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ s: Substring) -> String {
                s.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(s)
            }
            let name = decode(parts[0])
            form.values[name] = parts.count > 1 ? decode(parts[1]) : ""
        }
        return form
    }
}
