import Foundation
import HummingbirdTLS
import NIOSSL

/// HTTPS for `rebut serve --tls-cert --tls-key`: a phone's browser runs the offline upload
/// queue (a service worker) only on HTTPS or localhost. The files are read and checked when
/// the server is configured, so a wrong path or a key of another certificate stops `serve`
/// with the file's name instead of failing the first connection.
public struct WebTLS: Sendable {
    public let certificatePath: String
    public let keyPath: String
    let configuration: TLSConfiguration

    public init(certificatePath: String, keyPath: String) throws(WebTLSError) {
        self.certificatePath = certificatePath
        self.keyPath = keyPath
        let certificateBytes = try Self.read(certificatePath, what: "certificate")
        let keyBytes = try Self.read(keyPath, what: "key")
        let chain: [NIOSSLCertificate]
        do {
            chain = try NIOSSLCertificate.fromPEMBytes(certificateBytes)
        } catch {
            throw .notPEM(path: certificatePath, what: "certificate", reason: "\(error)")
        }
        guard !chain.isEmpty else { throw .notPEM(path: certificatePath, what: "certificate", reason: "no CERTIFICATE block") }
        let key: NIOSSLPrivateKey
        do {
            key = try NIOSSLPrivateKey(bytes: keyBytes, format: .pem)
        } catch {
            throw .notPEM(path: keyPath, what: "private key", reason: "\(error) (an encrypted key must be decrypted first)")
        }
        var configuration = TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) },
                                                                     privateKey: .privateKey(key))
        configuration.minimumTLSVersion = .tlsv12
        do {
            // BoringSSL checks here that the key belongs to the certificate.
            _ = try NIOSSLContext(configuration: configuration)
        } catch {
            throw .mismatch(certificatePath: certificatePath, keyPath: keyPath, reason: "\(error)")
        }
        self.configuration = configuration
    }

    private static func read(_ path: String, what: String) throws(WebTLSError) -> [UInt8] {
        guard FileManager.default.fileExists(atPath: path) else { throw .unreadable(path: path, what: what, reason: "no such file") }
        do {
            return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw .unreadable(path: path, what: what, reason: FileManager.default.isReadableFile(atPath: path)
                ? "\(error.localizedDescription)" : "permission denied")
        }
    }
}

/// Why the TLS files cannot be used, naming the file.
public enum WebTLSError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(path: String, what: String, reason: String)
    case notPEM(path: String, what: String, reason: String)
    case mismatch(certificatePath: String, keyPath: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let what, let reason):
            return "cannot read the TLS \(what) \(path): \(reason)"
        case .notPEM(let path, let what, let reason):
            return "the TLS \(what) \(path) is not a PEM \(what): \(reason)"
        case .mismatch(let certificate, let key, let reason):
            return "the TLS key \(key) does not go with the certificate \(certificate): \(reason)"
        }
    }
}
