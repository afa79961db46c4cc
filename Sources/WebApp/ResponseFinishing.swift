import HTTPTypes
import Hummingbird
import Logging
import Store

/// The outermost middleware: turns every error into a JSON refusal and puts the security headers
/// on every response, refusals included.
struct ResponseFinishing: RouterMiddleware {
    typealias Context = WebContext
    /// Over HTTPS, browsers are told to come back only over HTTPS (HSTS; browsers ignore it for
    /// bare IP addresses, so a phone on the LAN by IP is not locked out of plain HTTP later).
    var strictTransportSecurity = false

    static let securityHeaders: HTTPFields = [
        .contentSecurityPolicy: "default-src 'self'; img-src 'self' blob: data:; object-src 'none'; "
            + "frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
        HTTPField.Name("X-Content-Type-Options")!: "nosniff",
        HTTPField.Name("X-Frame-Options")!: "DENY",
        // same-origin, not no-referrer: with no-referrer Chromium sends `Origin: null` on form posts.
        HTTPField.Name("Referrer-Policy")!: "same-origin",
        HTTPField.Name("Cross-Origin-Opener-Policy")!: "same-origin",
        HTTPField.Name("Cross-Origin-Resource-Policy")!: "same-origin",
        HTTPField.Name("Permissions-Policy")!: "camera=(self), microphone=(), geolocation=()",
    ]

    func handle(_ request: Request, context: WebContext,
                next: (Request, WebContext) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as WebError {
            response = error.response()
        } catch let error as StoreError {
            response = Self.refusal(for: error).response()
        } catch let error as ExpenseStore.FieldRefused {
            response = WebError(.unprocessableContent, "\(error); nothing was changed").response()
        } catch let error as HTTPError {
            let message = error.status == .notFound ? "no such page or endpoint: \(request.method) \(request.uri.path)"
                : (error.body ?? error.status.reasonPhrase)
            response = WebError(error.status, message, headers: error.headers).response()
        } catch {
            context.logger.error("\(request.method) \(request.uri.path): \(error)")
            response = WebError(.internalServerError, "internal error: \(error)").response()
        }
        for field in Self.securityHeaders where response.headers[field.name] == nil {
            response.headers.append(field)
        }
        if strictTransportSecurity {
            response.headers[.strictTransportSecurity] = "max-age=31536000"
        }
        if response.headers[.cacheControl] == nil {
            response.headers[.cacheControl] = "no-store"
        }
        return response
    }

    static func refusal(for error: StoreError) -> WebError {
        switch error {
        case .eventNotFound, .receiptNotFound: return WebError(.notFound, "\(error)")
        case .invalidValue, .duplicateEventName: return WebError(.unprocessableContent, "\(error)")
        default: return WebError(.internalServerError, "store: \(error)")
        }
    }
}
