import Dispatch
import Foundation
import HTTPTypes
import HummingbirdTesting
import RebutCore
import Synchronization
import Testing
@testable import WebApp

/// A clock the test moves by hand: windows pass without waiting for them.
final class HandClock: LoginClock {
    private let start = ContinuousClock.now
    private let offset = Mutex<Duration>(.zero)
    func now() -> ContinuousClock.Instant { start + offset.withLock { $0 } }
    func advance(_ duration: Duration) { offset.withLock { $0 += duration } }
}

/// Wrong passwords are limited per client address; bcrypt runs on its own queue.
@Suite struct LoginLimitTests {
    static let password = WebAccessTests.password

    static func login(_ client: some TestClientProtocol, _ password: String, csrf: (cookie: String, token: String)) async throws -> TestResponse {
        let encoded = password.replacingOccurrences(of: " ", with: "+")
        return try await client.raw(.post, "/login", body: "_csrf=\(csrf.token)&password=\(encoded)&next=%2Fevents",
                                    contentType: "application/x-www-form-urlencoded", headers: [.cookie: csrf.cookie])
    }

    @Test func afterFiveWrongPasswordsEvenTheRightOneIsRefusedUntilTheWindowPasses() async throws {
        let clock = HandClock()
        let harness = try WebHarness(password: Self.password, loginAttempts: LoginAttempts(clock: clock))
        try await harness.run { client in
            let csrf = try await WebAccessTests.csrf(client)
            // A success forgets earlier failures: four wrong, right, then four wrong again are all checked.
            for _ in 0..<4 { #expect(try await Self.login(client, "guess", csrf: csrf).status == .unauthorized) }
            #expect(try await Self.login(client, Self.password, csrf: csrf).status == .seeOther)
            for _ in 0..<4 { #expect(try await Self.login(client, "guess", csrf: csrf).status == .unauthorized) }

            #expect(try await Self.login(client, "guess", csrf: csrf).status == .unauthorized)   // the fifth
            let refused = try await Self.login(client, Self.password, csrf: csrf)
            #expect(refused.status == .tooManyRequests)
            #expect(refused.headers[.retryAfter] == "900")
            #expect(refused.text.contains("Too many wrong passwords from this address"))
            #expect(refused.cookie("rebut_session") == nil)

            clock.advance(.seconds(10 * 60))
            let later = try await Self.login(client, Self.password, csrf: csrf)
            #expect(later.status == .tooManyRequests)
            #expect(later.headers[.retryAfter] == "300")

            clock.advance(.seconds(5 * 60))
            let after = try await Self.login(client, Self.password, csrf: csrf)
            #expect(after.status == .seeOther)
            #expect(after.cookie("rebut_session") != nil)
        }
    }

    @Test func anotherAddressIsUnaffectedAndTheWaitShrinksWithTime() async {
        let clock = HandClock()
        let attempts = LoginAttempts(maxFailures: 5, window: .seconds(900), clock: clock)
        for _ in 0..<5 { #expect(await attempts.admit("192.168.1.20") == nil) }
        #expect(await attempts.admit("192.168.1.20") == .seconds(900))
        #expect(await attempts.admit("192.168.1.21") == nil)
        clock.advance(.seconds(600))
        #expect(await attempts.admit("192.168.1.20") == .seconds(300))
        clock.advance(.seconds(300))
        #expect(await attempts.admit("192.168.1.20") == nil)
    }

    @Test func itRemembersAtMostMaxClientsAddressesForgettingTheOldestFirst() async {
        let clock = HandClock()
        let attempts = LoginAttempts(maxFailures: 1, window: .seconds(900), maxClients: 3, clock: clock)
        for n in 1...5 {
            #expect(await attempts.admit("10.0.0.\(n)") == nil)
            clock.advance(.seconds(1))
        }
        #expect(await attempts.rememberedClients == 3)
        #expect(await attempts.admit("10.0.0.5") != nil, "the newest address is still limited")
        #expect(await attempts.admit("10.0.0.1") == nil, "the oldest was forgotten")
    }

    @Test func bcryptRunsOnItsOwnQueueNotInATask() async {
        let key = DispatchSpecificKey<String>()
        Credentials.passwordQueue.setSpecific(key: key, value: "password-check")
        let (queue, inTask) = await Credentials.onPasswordQueue { (DispatchQueue.getSpecific(key: key), BlockingIO.isInsideTask) }
        #expect(queue == "password-check")
        #expect(!inTask)
    }
}
