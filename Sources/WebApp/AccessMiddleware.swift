import Foundation
import HTTPTypes
import Hummingbird

/// Decides who is asking and refuses what they may not do, before any route runs:
/// - a bearer token must be live; a session cookie must name an unexpired session;
/// - with a password set, everything but the login page and static files needs one of them
///   (pages redirect to /login, the API answers 401);
/// - a state-changing request from a browser must come from this site: a foreign `Origin` is
///   refused, `X-CSRF-Token` must match the `rebut_csrf` cookie, and forms carry it in `_csrf`
///   (checked by `FormBody`). Bearer requests carry no cookies and need neither.
struct AccessMiddleware: RouterMiddleware {
    typealias Context = WebContext
    let gate: AccessGate
    /// Over HTTPS the cookies are `Secure`: never sent back over plain HTTP.
    var secureCookies = false

    static let csrfCookie = "rebut_csrf"
    static let sessionCookie = "rebut_session"
    static let csrfHeader = HTTPField.Name("X-CSRF-Token")!
    private static let publicPrefixes = ["/static/", "/login", "/sw.js", "/api/v1/openapi.json", "/favicon.ico"]

    func handle(_ request: Request, context: WebContext,
                next: (Request, WebContext) async throws -> Response) async throws -> Response {
        var context = context
        let path = request.uri.path
        let isAPI = path.hasPrefix("/api/")

        var newCSRF = false
        if let token = request.cookies[Self.csrfCookie]?.value, token.count == 64, token.allSatisfy(\.isHexDigit) {
            context.csrfToken = token
        } else {
            context.csrfToken = Credentials.randomToken()
            newCSRF = true
        }

        context.access = gate.requiresLogin ? .anonymous : .open
        if let authorization = request.headers[.authorization] {
            guard authorization.lowercased().hasPrefix("bearer "),
                  let token = try await gate.token(String(authorization.dropFirst(7))), let id = token.id else {
                throw WebError(.unauthorized, "the bearer token is not valid (mistyped or revoked); make one with `rebut tokens create NAME`",
                               headers: [.wwwAuthenticate: "Bearer"])
            }
            context.access = .token(id: id)
        } else if let cookie = request.cookies[Self.sessionCookie]?.value,
                  let session = try await gate.session(cookie) {
            context.access = .session(tokenHash: session.tokenHash)
        }

        if context.access == .anonymous && !Self.publicPrefixes.contains(where: { path.hasPrefix($0) }) {
            if isAPI || request.method != .get {
                throw WebError(.unauthorized, "log in first: send `Authorization: Bearer TOKEN` (see `rebut tokens create`) or log in at /login",
                               headers: [.wwwAuthenticate: "Bearer"])
            }
            let next = request.uri.string.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "/"
            return Response.redirect(to: "/login?next=\(next)", type: .found)
        }

        if ![.get, .head, .options].contains(request.method) && !context.isBearer {
            if let origin = request.headers[.origin], !Self.isSameOrigin(origin, host: request.head.authority) {
                throw WebError(.forbidden, "cross-site request refused: Origin \(origin) is not this server")
            }
            if let sent = request.headers[Self.csrfHeader] {
                guard !newCSRF, sent == context.csrfToken else {
                    throw WebError(.forbidden, "CSRF token missing or wrong: reload the page and try again")
                }
            } else if isAPI && Self.isCrossSiteSendable(request.headers[.contentType]) {
                // Page forms are checked by FormBody (`_csrf`); the API takes no form bodies.
                throw WebError(.forbidden, "CSRF token missing: send X-CSRF-Token, or use a bearer token")
            }
        }

        var response = try await next(request, context)
        if newCSRF {
            response.setCookie(Cookie(name: Self.csrfCookie, value: context.csrfToken, maxAge: 365 * 24 * 3600,
                                      path: "/", secure: secureCookies, httpOnly: true, sameSite: .strict))
        }
        return response
    }

    /// What a page on another site can send without a CORS preflight (which this server never
    /// grants): forms and plain text. JSON and image bodies cannot come from another site.
    static func isCrossSiteSendable(_ contentType: String?) -> Bool {
        guard let type = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased(),
              !type.isEmpty else { return true }
        return ["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"].contains(type)
    }

    static func isSameOrigin(_ origin: String, host: String?) -> Bool {
        guard let host, let url = URL(string: origin), let originHost = url.host else { return false }
        let originAuthority = url.port.map { "\(originHost):\($0)" } ?? originHost
        return originAuthority.lowercased() == host.lowercased()
    }
}
