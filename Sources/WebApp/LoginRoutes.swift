import Foundation
import HTTPTypes
import Hummingbird
import Store

/// The login form and logout. Wrong passwords are limited per client address (`LoginAttempts`):
/// past the limit the form answers 429 with Retry-After, the right password included, so a
/// guesser learns nothing until the window has passed.
struct LoginRoutes {
    let store: ExpenseStore
    let pages: PageRoutes
    let requiresLogin: Bool
    let sessionLifetime: TimeInterval
    let secureCookies: Bool
    let attempts: LoginAttempts

    func register(on router: Router<WebContext>) {
        router.get("login") { request, context in
            loginPage(next: request.uri.queryParameters.get("next") ?? "/events", error: nil, context: context, status: .ok)
        }
        router.post("login") { request, context in try await login(request, context) }
        router.post("logout") { request, context in try await logout(request, context) }
    }

    func loginPage(next: String, error: String?, context: WebContext, status: HTTPResponse.Status) -> Response {
        var values: [String: Any] = ["next": Self.safeNext(next)]
        if let error { values["error"] = error }
        return pages.page("Log in", "login", values, context: context, status: status)
    }

    /// Only a path on this site: never `//host` or `https://…` (an open redirect).
    static func safeNext(_ next: String) -> String {
        next.hasPrefix("/") && !next.hasPrefix("//") && !next.hasPrefix("/\\") ? next : "/events"
    }

    private func login(_ request: Request, _ context: WebContext) async throws -> Response {
        let form = try await FormBody.read(request, context: context)
        let next = Self.safeNext(form["next"] ?? "/events")
        guard requiresLogin else { return PageRoutes.seeOther(next) }
        let client = context.clientAddress ?? "unknown"
        if let wait = await attempts.admit(client) {
            let seconds = Self.wholeSeconds(wait)
            let minutes = (seconds + 59) / 60
            var response = loginPage(next: next, error: "Too many wrong passwords from this address: try again in "
                                         + "\(minutes) minute\(minutes == 1 ? "" : "s"). Nothing was checked.",
                                     context: context, status: .tooManyRequests)
            response.headers[.retryAfter] = String(seconds)
            return response
        }
        guard let password = form["password"], try await Credentials.verifyPassword(password, in: store) else {
            return loginPage(next: next, error: "Wrong password.", context: context, status: .unauthorized)
        }
        await attempts.succeeded(client)
        let token = Credentials.randomToken()
        let session = WebSession(tokenHash: Credentials.sha256(token), expiresAt: Date().addingTimeInterval(sessionLifetime))
        try await store.nonBlocking.run { try $0.createWebSession(session) }
        var response = PageRoutes.seeOther(next)
        response.setCookie(Cookie(name: AccessMiddleware.sessionCookie, value: token, maxAge: Int(sessionLifetime),
                                  path: "/", secure: secureCookies, httpOnly: true, sameSite: .strict))
        return response
    }

    /// Retry-After takes whole seconds; rounded up so a client that waits that long is let in.
    static func wholeSeconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return max(1, Int(seconds) + (attoseconds > 0 ? 1 : 0))
    }

    private func logout(_ request: Request, _ context: WebContext) async throws -> Response {
        _ = try await FormBody.read(request, context: context)
        if case .session(let hash) = context.access {
            try await store.nonBlocking.run { try $0.deleteWebSession(tokenHash: hash) }
        }
        var response = PageRoutes.seeOther("/login")
        response.setCookie(Cookie(name: AccessMiddleware.sessionCookie, value: "", maxAge: 0, path: "/",
                                  secure: secureCookies, httpOnly: true, sameSite: .strict))
        return response
    }
}
