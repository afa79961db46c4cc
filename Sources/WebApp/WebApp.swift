import Foundation
import Hummingbird
import Logging
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

    public init(host: String = "127.0.0.1", port: Int = 8080, maxUploadBytes: Int = 50 << 20,
                categories: [String] = [], sessionLifetime: TimeInterval = 14 * 24 * 3600) {
        self.host = host
        self.port = port
        self.maxUploadBytes = maxUploadBytes
        self.categories = categories
        self.sessionLifetime = sessionLifetime
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

    /// Reads whether a password is set: without one, only loopback is served (checked by the caller).
    public init(store: ExpenseStore, filer: ReceiptFiler, configuration: WebAppConfiguration) throws {
        self.store = store
        self.filer = filer
        self.configuration = configuration
        self.requiresLogin = try store.webPasswordHash() != nil
    }

    public func makeRouter() -> Router<WebContext> {
        let router = Router(context: WebContext.self)
        router.add(middleware: ResponseFinishing())
        router.add(middleware: AccessMiddleware(gate: AccessGate(store: store, requiresLogin: requiresLogin,
                                                                 sessionLifetime: configuration.sessionLifetime)))
        let uploads = UploadService(filer: filer, maxBytes: configuration.maxUploadBytes)
        APIRoutes(store: store, uploads: uploads).register(on: router)
        PageRoutes(store: store, categories: configuration.categories, requiresLogin: requiresLogin,
                   sessionLifetime: configuration.sessionLifetime).register(on: router)
        StaticAssets.register(on: router)
        return router
    }

    /// `onRunning` gets the port actually bound (the configured one, or the kernel's pick for 0).
    public func makeApplication(logger: Logger? = nil,
                                onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        var logger = logger ?? Logger(label: "rebut.web")
        if logger.logLevel < .warning { logger.logLevel = .warning }
        return Application(router: makeRouter(),
                           configuration: .init(address: .hostname(configuration.host, port: configuration.port),
                                                serverName: "rebut"),
                           onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
                           logger: logger)
    }
}
