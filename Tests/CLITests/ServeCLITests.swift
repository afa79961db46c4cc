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
