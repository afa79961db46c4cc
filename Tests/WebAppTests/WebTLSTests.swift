import Foundation
import HTTPTypes
import HummingbirdTesting
import HummingbirdTLS
import NIOCore
import RebutTestSupport
import Testing
import WebApp

/// HTTPS with a certificate made by the openssl CLI for this test: a real server on a loopback
/// port, real TLS handshakes (AsyncHTTPClient), Secure cookies and HSTS; files that cannot be
/// used are refused naming the file.
@Suite struct WebTLSTests {
    /// How long a request may go unanswered before the client gives up: a guard against a hang,
    /// not a timing check. The client's default (15 s) timed out in CI while the whole suite ran on
    /// two cores and a first TLS handshake waited its turn; a server that never answers still fails.
    static let hangGuard: Duration = .seconds(120)

    /// A self-signed certificate for localhost and its key, written into `dir`.
    static func makeCertificate(in dir: TemporaryDirectory, name: String = "server") throws -> (cert: String, key: String) {
        let cert = dir.file("\(name).pem").path, key = dir.file("\(name)-key.pem").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                             "-keyout", key, "-out", cert, "-days", "2", "-subj", "/CN=localhost",
                             "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "openssl could not make a certificate")
        return (cert, key)
    }

    /// The server runs as in the other tests (`.live` gives its port); the requests go through a
    /// TLS client that trusts only this test's certificate and follows no redirect, so the login's
    /// 303 and its cookie are seen as sent.
    @Test func overHTTPSPagesLoadCookiesAreSecureAndHSTSIsSent() async throws {
        let dir = try TemporaryDirectory("rebut-tls")
        let files = try Self.makeCertificate(in: dir)
        let tls = try WebTLS(certificatePath: files.cert, keyPath: files.key)
        var trusting = TLSConfiguration.makeClientConfiguration()
        trusting.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(files.cert))
        let client = trusting
        let harness = try WebHarness(password: WebAccessTests.password, tls: tls)
        try await harness.run { plain in
            let port = try #require(plain.port)
            try await TestClient.withClient(host: "localhost", port: port,
                                            configuration: .init(tlsConfiguration: client, timeout: WebTLSTests.hangGuard,
                                                                 serverName: "localhost")) { https in
                let page = try await https.execute(.init("/login", method: .get))
                #expect(page.status == .ok)
                #expect(String(buffer: page.body ?? ByteBuffer()).contains("<form"))
                #expect(page.head.headerFields[.strictTransportSecurity] == "max-age=31536000")
                let csrf = try #require(page.head.headerFields[values: .setCookie].first { $0.hasPrefix("rebut_csrf=") })
                #expect(csrf.contains("Secure"))

                let cookie = String(csrf.split(separator: ";")[0])
                let token = String(cookie.dropFirst("rebut_csrf=".count))
                let encoded = WebAccessTests.password.replacingOccurrences(of: " ", with: "+")
                let login = try await https.execute(.init("/login", method: .post,
                                                          headers: [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"],
                                                          body: ByteBuffer(string: "_csrf=\(token)&password=\(encoded)&next=%2Fevents")))
                #expect(login.status == .seeOther)
                let session = try #require(login.head.headerFields[values: .setCookie].first { $0.hasPrefix("rebut_session=") })
                #expect(session.contains("Secure") && session.contains("HttpOnly"))
                #expect(login.head.headerFields[.strictTransportSecurity] != nil)
            }
        }
    }

    @Test func overPlainHTTPThereIsNoHSTSNorSecureCookie() async throws {
        let harness = try WebHarness()
        try await harness.run { client in
            let page = try await client.execute(uri: "/login", method: .get)
            #expect(page.head.headerFields[.strictTransportSecurity] == nil)
            #expect(try #require(page.cookie("rebut_csrf")).contains("Secure") == false)
        }
    }

    @Test func filesThatCannotBeUsedAreRefusedNamingTheFile() throws {
        let dir = try TemporaryDirectory("rebut-tls")
        let good = try Self.makeCertificate(in: dir)
        let other = try Self.makeCertificate(in: dir, name: "other")
        let missing = dir.file("missing.pem").path
        #expect(throws: WebTLSError.unreadable(path: missing, what: "certificate", reason: "no such file")) {
            try WebTLS(certificatePath: missing, keyPath: good.key)
        }
        do {
            _ = try WebTLS(certificatePath: good.cert, keyPath: missing)
            Issue.record("a missing key was accepted")
        } catch {
            #expect(error.description == "cannot read the TLS key \(missing): no such file")
        }

        let garbage = dir.file("garbage.pem")
        try Data("not a certificate\n".utf8).write(to: garbage)
        #expect { try WebTLS(certificatePath: garbage.path, keyPath: good.key) } throws: { error in
            guard case .notPEM(let path, "certificate", _) = error as? WebTLSError else { return false }
            return path == garbage.path
        }
        #expect { try WebTLS(certificatePath: good.cert, keyPath: garbage.path) } throws: { error in
            guard case .notPEM(let path, "private key", _) = error as? WebTLSError else { return false }
            return path == garbage.path
        }
        #expect { try WebTLS(certificatePath: good.cert, keyPath: other.key) } throws: { error in
            guard case .mismatch(good.cert, other.key, _) = error as? WebTLSError else { return false }
            return "\(error)".contains(other.key)
        }
    }
}

/// `--tls-self-signed`: made in-process, served, and reused while it covers the hosts.
@Suite struct SelfSignedCertificateTests {
    @Test func aSelfSignedCertificateServesHTTPSForItsHostsAndIsReused() async throws {
        let dir = try TemporaryDirectory("rebut-tls")
        let folder = dir.file("rebut.tls")
        let made = try SelfSignedCertificate.ensure(in: folder, hosts: ["localhost", "127.0.0.1", "::1"])
        let key = try FileManager.default.attributesOfItem(atPath: made.keyPath)[.posixPermissions] as? Int
        #expect(key == 0o600)
        let first = try Data(contentsOf: URL(fileURLWithPath: made.certificatePath))
        _ = try SelfSignedCertificate.ensure(in: folder, hosts: ["localhost", "127.0.0.1"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: made.certificatePath)) == first, "the same hosts reuse it")
        _ = try SelfSignedCertificate.ensure(in: folder, hosts: ["localhost", "192.168.1.20"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: made.certificatePath)) != first, "a new address makes a new one")

        // A client that trusts only this certificate and checks the host name connects to localhost.
        let tls = try WebTLS(certificatePath: made.certificatePath, keyPath: made.keyPath)
        var trusting = TLSConfiguration.makeClientConfiguration()
        trusting.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(made.certificatePath))
        let client = trusting
        let harness = try WebHarness(tls: tls)
        try await harness.run { plain in
            let port = try #require(plain.port)
            try await TestClient.withClient(host: "localhost", port: port,
                                            configuration: .init(tlsConfiguration: client, timeout: WebTLSTests.hangGuard,
                                                                 serverName: "localhost")) { https in
                let page = try await https.execute(.init("/events", method: .get))
                #expect(page.status == .ok)
                #expect(String(buffer: page.body ?? ByteBuffer()).contains("Events"))
            }
        }
    }
}
