import ArgumentParser
import Foundation
import Pipeline
import Store
import WebApp
#if canImport(Glibc)
import Glibc
#endif

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the web app and JSON API: review, browse and upload from a browser or a phone.",
        discussion: """
        Same store, same pipeline, same rules as the other commands. By default it listens on \
        127.0.0.1 only, without a password, like the CLI itself. To reach it from a phone, set a \
        password first, then listen on the network: pages then ask for it (session cookies, \
        HttpOnly, SameSite) and API clients send a bearer token (`rebut tokens create`).

        On start it prints the address and a QR code of the upload page for the phone.

        Reports are downloads, the same files `rebut report` writes: links on each event's page         and on /reports (spending by category, month and payment), or from the API, e.g.         /api/v1/events/3/report?format=pdf (csv, json; zip, geojson, kml for a trip;         quarter=2025Q1 or year=2025 for a flat) and /api/v1/reports/summary?by=month.

        A phone's browser keeps uploads made offline in a queue (a service worker) only over \
        HTTPS (or on localhost): give the server a certificate with --tls-cert and --tls-key. \
        mkcert makes one the phone trusts once its root CA is installed on the phone \
        (`mkcert -install; mkcert 192.168.1.20`); a self-signed certificate the phone does not \
        trust serves pages but not the offline queue; --tls-self-signed makes one (kept beside the \
        store, reused). With TLS, cookies are Secure and HSTS is sent.

        Wrong passwords are limited: after 5 from one address within 15 minutes, the login \
        answers 429 (with Retry-After) until the window has passed.

        Examples:
          rebut serve                                   # http://127.0.0.1:8080/
          rebut serve --set-password                    # asks for it (or reads a line from stdin)
          rebut serve --listen 0.0.0.0:8080             # the phone on the same Wi-Fi
          rebut serve --listen 127.0.0.1:0              # any free port (printed)
          rebut serve --listen 0.0.0.0:8443 --tls-cert 192.168.1.20.pem --tls-key 192.168.1.20-key.pem
          rebut serve --listen 0.0.0.0:8443 --tls-self-signed   # encrypted, but no offline queue on phones
          rebut serve --max-upload-mb 20 --lang spa+cat
        """)

    @Option(name: .long, help: ArgumentHelp("Address and port to listen on.", valueName: "host:port"))
    var listen: String = "127.0.0.1:8080"

    @Flag(name: .customLong("set-password"), help: "Set the login password (stored as a bcrypt hash) and exit.")
    var setPassword = false

    @Option(name: .customLong("max-upload-mb"), help: "Largest upload accepted, in MB.")
    var maxUploadMB: Int = 50

    @Option(name: .customLong("tls-cert"), help: ArgumentHelp("Serve HTTPS with this PEM certificate (chain).", valueName: "file"))
    var tlsCert: String?

    @Option(name: .customLong("tls-key"), help: ArgumentHelp("The certificate's PEM private key (unencrypted).", valueName: "file"))
    var tlsKey: String?

    @Flag(name: .customLong("tls-self-signed"),
          help: "Serve HTTPS with a self-signed certificate kept beside the store (phones do not trust it: no offline queue).")
    var tlsSelfSigned = false

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var pipelineOptions: PipelineOptions

    func validate() throws {
        guard ListenAddress(listen) != nil else {
            throw ValidationError("--listen takes HOST:PORT, e.g. 127.0.0.1:8080 or 0.0.0.0:8080, not '\(listen)'")
        }
        guard (1...1024).contains(maxUploadMB) else { throw ValidationError("--max-upload-mb must be 1 to 1024") }
        guard (tlsCert == nil) == (tlsKey == nil) else {
            throw ValidationError("--tls-cert and --tls-key go together: the certificate and its private key")
        }
        guard !(tlsSelfSigned && tlsCert != nil) else {
            throw ValidationError("--tls-self-signed makes its own certificate: leave out --tls-cert and --tls-key")
        }
    }

    func run() async throws {
        let rules = try CategoryRulesLoader.load()
        let store = try storeOptions.open(.create, rules: rules)
        if setPassword {
            try Self.setPassword(in: store)
            return
        }
        let address = ListenAddress(listen)!
        let hasPassword = ((try? store.webPasswordHash()) ?? nil) != nil
        if !WebAppConfiguration.isLoopback(address.host) && !hasPassword {
            throw usageFailure(Self.self, path: "serve",
                "listening on \(address.host) needs a password: run `rebut serve --set-password` first")
        }
        var tls: WebTLS?
        var files = tlsCert.flatMap { cert in tlsKey.map { (cert, $0) } }
        if tlsSelfSigned {
            let folder = store.databaseURL.deletingPathExtension().appendingPathExtension("tls")
            let wildcard = ["0.0.0.0", "::"].contains(address.host)
            let listened = [wildcard ? LocalNetwork.firstIPv4() : address.host].compactMap { $0 }
            let hosts = (["localhost", "127.0.0.1", "::1"] + listened).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            do {
                let made = try SelfSignedCertificate.ensure(in: folder, hosts: hosts)
                files = (made.certificatePath, made.keyPath)
                print("Self-signed certificate: \(made.certificatePath) (browsers warn once; phones do not run the "
                      + "offline upload queue with it: use mkcert for that)")
            } catch {
                printError("rebut: \(error)")
                throw RebutExit.internalError
            }
        }
        if let (certificate, key) = files {
            do {
                tls = try WebTLS(certificatePath: certificate, keyPath: key)
            } catch {
                printError("rebut: \(error)")
                throw RebutExit.notFound
            }
        }
        let analyser = try await pipelineOptions.makeAnalyser(rules: rules)
        let configuration = WebAppConfiguration(host: address.host, port: address.port,
                                                maxUploadBytes: maxUploadMB << 20,
                                                categories: rules.categories.map(\.id), tls: tls)
        let app: WebApp
        do {
            app = try WebApp(store: store, filer: ReceiptFiler(analyser: analyser, store: store), configuration: configuration)
        } catch {
            printError("rebut: cannot use the store: \(error)")
            throw RebutExit.internalError
        }
        let storePath = store.databaseURL.path
        let secure = tls != nil
        do {
            let application = try app.makeApplication { port in
                Self.announce(host: address.host, port: port, store: storePath, login: app.requiresLogin, tls: secure)
            }
            try await application.runService()
        } catch {
            printError("rebut: cannot serve on \(listen): \(error)")
            throw RebutExit.internalError
        }
    }

    static func announce(host: String, port: Int, store: String, login: Bool, tls: Bool) {
        let shown = host == "0.0.0.0" || host == "::" ? (LocalNetwork.firstIPv4() ?? host) : host
        let base = "\(tls ? "https" : "http")://\(shown.contains(":") ? "[\(shown)]" : shown):\(port)"
        print("Rebut is serving \(base)/ (store: \(store))\(login ? "; log in with your password" : "")")
        if let qr = try? TerminalQRCode(base + "/upload") {
            print("Upload from a phone: \(base)/upload")
            print(qr.rendered())
        }
        if WebAppConfiguration.isLoopback(host) {
            print("Only this computer can reach it; for a phone: rebut serve --set-password, then --listen 0.0.0.0:\(port)")
        } else if !tls {
            printError("""
                rebut: warning: plain HTTP on the network. A phone's browser keeps its offline upload queue only over HTTPS: \
                make a certificate the phone trusts (mkcert -install, then mkcert \(shown); install mkcert's root CA on \
                the phone) and serve with --tls-cert \(shown).pem --tls-key \(shown)-key.pem
                """)
        }
        fflush(nil)
    }

    static func setPassword(in store: ExpenseStore) throws {
        let password: String
        if isatty(STDIN_FILENO) == 1 {
            guard let first = getpass("New password: ").map({ String(cString: $0) }),
                  let second = getpass("Again: ").map({ String(cString: $0) }) else { throw RebutExit.notFound }
            guard first == second else {
                printError("rebut: the two passwords differ; nothing was changed")
                throw RebutExit.notFound
            }
            password = first
        } else {
            password = readLine(strippingNewline: true) ?? ""
        }
        do {
            try Credentials.setPassword(password, in: store)
        } catch {
            printError("rebut: \(error); nothing was changed")
            throw RebutExit.notFound
        }
        print("Password set; open sessions were logged out. `rebut serve --listen 0.0.0.0:8080` now asks for it.")
    }
}

/// `HOST:PORT`, `[v6]:PORT`.
struct ListenAddress {
    var host: String
    var port: Int

    init?(_ text: String) {
        let host: Substring, port: Substring
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            host = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            guard rest.hasPrefix(":") else { return nil }
            port = rest.dropFirst()
        } else {
            guard let colon = text.lastIndex(of: ":") else { return nil }
            host = text[..<colon]
            port = text[text.index(after: colon)...]
        }
        guard !host.isEmpty, let number = Int(port), (0...65535).contains(number) else { return nil }
        self.host = String(host)
        self.port = number
    }
}

enum LocalNetwork {
    /// The first IPv4 address of an interface that is up and not loopback: what a phone on the
    /// same network dials.
    static func firstIPv4() -> String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return nil }
        defer { freeifaddrs(list) }
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            let flags = Int32(entry.pointee.ifa_flags)
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == UInt16(AF_INET),
                  flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0 else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            if getnameinfo(address, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count),
                           nil, 0, NI_NUMERICHOST) == 0 {
                return String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
        return nil
    }
}
