import Crypto
import Foundation
import SwiftASN1
import X509
#if canImport(Glibc)
import Glibc
#endif

/// `rebut serve --tls-self-signed`: a certificate and key made here, kept in the store's
/// folder and reused while they cover the addresses asked for, so a browser that was told to
/// accept it once is not asked again at every start. No phone trusts it, so it encrypts the
/// password on the network but does not let a phone run the offline upload queue (a service
/// worker needs a certificate the phone trusts: use mkcert for that).
public enum SelfSignedCertificate {
    /// A year: long enough not to bother anyone, short enough that a copied key ages out.
    static let lifetime: TimeInterval = 365 * 24 * 3600
    /// Renewed when less than this is left.
    static let renewBefore: TimeInterval = 30 * 24 * 3600

    /// `cert.pem` and `key.pem` in `folder` for `hosts` (names and IP addresses): the ones
    /// already there when they cover every host for 30 more days, else new ones.
    public static func ensure(in folder: URL, hosts: [String], now: Date = Date()) throws(SelfSignedCertificateError)
        -> (certificatePath: String, keyPath: String) {
        let certificateURL = folder.appendingPathComponent("cert.pem"), keyURL = folder.appendingPathComponent("key.pem")
        if let existing = try? String(contentsOf: certificateURL, encoding: .utf8),
           FileManager.default.fileExists(atPath: keyURL.path),
           let certificate = try? Certificate(pemEncoded: existing),
           certificate.notValidAfter.timeIntervalSince(now) > renewBefore,
           Set(hosts).isSubset(of: Set(covered(by: certificate))) {
            return (certificateURL.path, keyURL.path)
        }
        let (certificatePEM, keyPEM) = try make(hosts: hosts, now: now)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // The key first, readable by its owner only, then the certificate that names it.
            FileManager.default.createFile(atPath: keyURL.path, contents: nil, attributes: [.posixPermissions: 0o600])
            try Data(keyPEM.utf8).write(to: keyURL)
            try Data(certificatePEM.utf8).write(to: certificateURL, options: .atomic)
        } catch {
            throw .cannotWrite(path: folder.path, reason: "\(error.localizedDescription)")
        }
        return (certificateURL.path, keyURL.path)
    }

    /// A P-256 key and a certificate signed by it, for a server (not a CA) at `hosts`.
    static func make(hosts: [String], now: Date) throws(SelfSignedCertificateError) -> (certificate: String, key: String) {
        do {
            let key = P256.Signing.PrivateKey()
            let name = try DistinguishedName {
                OrganizationName("Rebut")
                CommonName(hosts.first ?? "localhost")
            }
            let names = hosts.map { host -> GeneralName in
                if let bytes = ipAddressBytes(host) { return .ipAddress(ASN1OctetString(contentBytes: ArraySlice(bytes))) }
                return .dnsName(host)
            }
            // Not a CA: a phone told to trust it could not be made to trust anything it signs. No
            // key usage either: BoringSSL only takes a certificate as its own issuer (self-signed,
            // so a trust anchor) when a key usage it carries includes certificate signing.
            let extensions = try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames(names)
            }
            let certificate = try Certificate(version: .v3, serialNumber: Certificate.SerialNumber(),
                                              publicKey: .init(key.publicKey),
                                              notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(lifetime),
                                              issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256,
                                              extensions: extensions, issuerPrivateKey: .init(key))
            return (try certificate.serializeAsPEM().pemString, key.pemRepresentation)
        } catch {
            throw .cannotMake(reason: "\(error)")
        }
    }

    /// The names and addresses a certificate's subject alternative names cover, as written in `hosts`.
    static func covered(by certificate: Certificate) -> [String] {
        guard let names = try? certificate.extensions.subjectAlternativeNames else { return [] }
        return names.compactMap { name in
            switch name {
            case .dnsName(let host): return host
            case .ipAddress(let octets): return ipAddressText(Array(octets.bytes))
            default: return nil
            }
        }
    }

    static func ipAddressBytes(_ text: String) -> [UInt8]? {
        var v4 = in_addr(), v6 = in6_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }

    static func ipAddressText(_ bytes: [UInt8]) -> String? {
        let family = bytes.count == 4 ? AF_INET : bytes.count == 16 ? AF_INET6 : -1
        guard family != -1 else { return nil }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let ok = bytes.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &text, socklen_t(text.count)) } != nil
        return ok ? String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
    }
}

public enum SelfSignedCertificateError: Error, Sendable, Equatable, CustomStringConvertible {
    case cannotMake(reason: String)
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotMake(let reason): return "cannot make a self-signed certificate: \(reason)"
        case .cannotWrite(let path, let reason): return "cannot write the self-signed certificate into \(path): \(reason)"
        }
    }
}
