import Hummingbird

/// Who a request comes from, as `AccessMiddleware` found out.
public enum Access: Sendable, Equatable {
    /// No password is set: loopback only, open to the local user like the CLI.
    case open
    /// A password is set and nothing proves the caller knows it.
    case anonymous
    case session(tokenHash: String)
    case token(id: Int64)
}

public struct WebContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    public var access: Access = .open
    /// The browser's CSRF token: the `rebut_csrf` cookie, which forms echo in `_csrf` and scripts
    /// in `X-CSRF-Token`.
    public var csrfToken: String = ""
    /// Requests with a bearer token carry no cookies and need no CSRF token.
    public var isBearer: Bool { if case .token = access { true } else { false } }

    /// The peer's IP address, which the login limit counts by. Behind a reverse proxy every
    /// request shares the proxy's address (its X-Forwarded-For is not trusted: anyone can send one).
    public var clientAddress: String?

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.clientAddress = source.channel.remoteAddress?.ipAddress
    }
}
