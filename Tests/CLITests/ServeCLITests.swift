import Foundation
import RebutTestSupport
import Testing

/// `rebut serve` and `rebut tokens` from the command line (the server itself is tested in
/// WebAppTests and in a browser by Tests/Browser).
@Suite struct ServeCLITests {
    @Test func listeningBeyondLoopbackNeedsAPasswordFirst() throws {
        let dir = try TemporaryDirectory()
        let rebut = RebutBinary(store: dir.file("store.sqlite"))
        let refused = try rebut.run(["serve", "--listen", "0.0.0.0:0"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("rebut serve --set-password"))

        let short = try rebut.run(["serve", "--set-password"], stdin: "short\n")
        #expect(short.status == 2)
        #expect(short.stderr.contains("at least 8 characters"))
        let set = try rebut.run(["serve", "--set-password"], stdin: "a long enough password\n")
        #expect(set.status == 0)
        #expect(set.stdout.contains("Password set"))

        let badListen = try rebut.run(["serve", "--listen", "localhost"])
        #expect(badListen.status == 64)
        #expect(badListen.stderr.contains("HOST:PORT"))
    }

    /// The TLS files are checked before the server starts: a missing one stops `serve` naming it.
    @Test func aTLSCertificateThatCannotBeReadStopsServeNamingTheFile() throws {
        let dir = try TemporaryDirectory()
        let rebut = RebutBinary(store: dir.file("store.sqlite"))
        let missing = dir.file("phone.pem").path
        let refused = try rebut.run(["serve", "--listen", "127.0.0.1:0", "--tls-cert", missing, "--tls-key", dir.file("phone-key.pem").path])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("cannot read the TLS certificate \(missing): no such file"))

        let alone = try rebut.run(["serve", "--tls-cert", missing])
        #expect(alone.status == 64)
        #expect(alone.stderr.contains("--tls-cert and --tls-key go together"))
        let both = try rebut.run(["serve", "--tls-self-signed", "--tls-cert", missing, "--tls-key", missing])
        #expect(both.status == 64)
        #expect(both.stderr.contains("--tls-self-signed makes its own certificate"))
    }

    @Test func tokensAreCreatedShownOnceListedAndRevoked() throws {
        let dir = try TemporaryDirectory()
        let rebut = RebutBinary(store: dir.file("store.sqlite"))
        let created = try rebut.run(["tokens", "create", "phone"])
        #expect(created.status == 0)
        let token = try #require(created.stdout.split(separator: "\n").last.map(String.init))
        #expect(token.hasPrefix("rbt_") && token.count == 68)

        let listed = try rebut.run(["tokens", "list"])
        #expect(listed.stdout.contains("#1  phone"))
        #expect(listed.stdout.contains("never used"))
        #expect(!listed.stdout.contains(token))

        #expect(try rebut.run(["tokens", "revoke", "1"]).status == 0)
        #expect(try rebut.run(["tokens", "list"]).stdout.contains("REVOKED"))
        let unknown = try rebut.run(["tokens", "revoke", "9"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no such token"))
    }
}
