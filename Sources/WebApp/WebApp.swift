import Foundation
import Hummingbird
import HummingbirdTLS
import Logging
import NIOCore
import Pipeline
import Store

/// How `rebut serve` runs: where it listens and what it accepts.
public struct WebAppConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// Uploads larger than this are refused with 413 before they are read whole.
    public var maxUploadBytes: Int
    /// Category ids offered in the forms (the user's rules, else the built-in ones).
    public var categories: [String]
    /// How long a login lasts.
    public var sessionLifetime: TimeInterval
    /// HTTPS: cookies then get `Secure` and responses HSTS. Nil serves plain HTTP.
    public var tls: WebTLS?

    public init(host: String = "127.0.0.1", port: Int = 8080, maxUploadBytes: Int = 50 << 20,
                categories: [String] = [], sessionLifetime: TimeInterval = 14 * 24 * 3600, tls: WebTLS? = nil) {
        self.host = host
        self.port = port
        self.maxUploadBytes = maxUploadBytes
        self.categories = categories
        self.sessionLifetime = sessionLifetime
        self.tls = tls
    }

    /// 127.0.0.0/8, ::1 and localhost: the only addresses served without a password.
    public static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}

/// The web app over one store and one filer: pages, the JSON API and uploads, all going through
/// the same Store and Pipeline calls as the CLI. OCR runs on the filer's own worker threads.
public struct WebApp: Sendable {
    public let store: ExpenseStore
    public let filer: ReceiptFiler
    public let configuration: WebAppConfiguration
    /// Login is required when a password has been set (`rebut serve --set-password`).
    public let requiresLogin: Bool
    /// Failed logins per client address, shared by every request of this app.
    public let loginAttempts: LoginAttempts

    /// Reads whether a password is set: without one, only loopback is served (checked by the caller).
    public init(store: ExpenseStore, filer: ReceiptFiler, configuration: WebAppConfiguration,
                loginAttempts: LoginAttempts = LoginAttempts()) throws {
        self.store = store
        self.filer = filer
        self.configuration = configuration
        self.requiresLogin = try store.webPasswordHash() != nil
        self.loginAttempts = loginAttempts
    }

    public func makeRouter() -> Router<WebContext> {
        let router = Router(context: WebContext.self)
        let secure = configuration.tls != nil
        router.add(middleware: ResponseFinishing(strictTransportSecurity: secure))
        router.add(middleware: AccessMiddleware(gate: AccessGate(store: store, requiresLogin: requiresLogin,
                                                                 sessionLifetime: configuration.sessionLifetime),
                                                secureCookies: secure))
        let uploads = UploadService(filer: filer, maxBytes: configuration.maxUploadBytes)
        APIRoutes(store: store, uploads: uploads).register(on: router)
        let pages = PageRoutes(store: store, categories: configuration.categories)
        pages.register(on: router)
        LoginRoutes(store: store, pages: pages, requiresLogin: requiresLogin, sessionLifetime: configuration.sessionLifetime,
                    secureCookies: secure, attempts: loginAttempts).register(on: router)
        StaticAssets.register(on: router)
        return router
    }

    /// `onRunning` gets the port actually bound (the configured one, or the kernel's pick for 0).
    public func makeApplication(logger: Logger? = nil,
                                onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) throws -> some ApplicationProtocol {
        var logger = logger ?? Logger(label: "rebut.web")
        if logger.logLevel < .warning { logger.logLevel = .warning }
        let address = ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port), serverName: "rebut")
        let running: @Sendable (any Channel) async -> Void = { channel in await onRunning(channel.localAddress?.port ?? 0) }
        guard let tls = configuration.tls else {
            return Application(router: makeRouter(), server: .http1(), configuration: address,
                               onServerRunning: running, logger: logger)
        }
        return Application(router: makeRouter(), server: try .tls(.http1(), tlsConfiguration: tls.configuration),
                           configuration: address, onServerRunning: running, logger: logger)
    }
}
