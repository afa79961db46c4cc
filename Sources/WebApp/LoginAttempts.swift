import Foundation

/// Where the login limit's time comes from: the monotonic clock, or a test's hand-moved one.
public protocol LoginClock: Sendable {
    func now() -> ContinuousClock.Instant
}

public struct SystemLoginClock: LoginClock {
    public init() {}
    public func now() -> ContinuousClock.Instant { ContinuousClock.now }
}

/// Failed password logins per client address: after `maxFailures` within `window`, that address
/// is refused (429) until the oldest of them is older than the window; a success forgets it.
/// In memory only: a restart forgets, which costs an attacker nothing they did not have, and
/// keeps a flood of addresses from filling the store. At most `maxClients` addresses are
/// remembered; beyond that the ones whose failures are oldest go first.
public actor LoginAttempts {
    public let maxFailures: Int
    public let window: Duration
    public let maxClients: Int
    private let clock: any LoginClock
    /// Per address, the times of its recent failed (or still running) attempts, oldest first.
    private var failures: [String: [ContinuousClock.Instant]] = [:]

    public init(maxFailures: Int = 5, window: Duration = .seconds(15 * 60), maxClients: Int = 10_000,
                clock: any LoginClock = SystemLoginClock()) {
        self.maxFailures = max(1, maxFailures)
        self.window = window
        self.maxClients = max(1, maxClients)
        self.clock = clock
    }

    /// Counts an attempt from `client` before its password is checked, as a failure until
    /// `succeeded` says otherwise: parallel guesses cannot all slip in before the first one fails.
    /// Returns nil when the attempt may go on, or how long the address must wait.
    public func admit(_ client: String) -> Duration? {
        let now = clock.now()
        var recent = (failures[client] ?? []).filter { now - $0 < window }
        if recent.count >= maxFailures {
            failures[client] = recent
            return recent[recent.count - maxFailures] + window - now
        }
        recent.append(now)
        failures[client] = recent
        if failures.count > maxClients { evict(now: now) }
        return nil
    }

    /// The right password: the address starts afresh.
    public func succeeded(_ client: String) {
        failures[client] = nil
    }

    /// Addresses remembered now (for tests of the bound).
    public var rememberedClients: Int { failures.count }

    /// Forgets addresses whose failures have all left the window, then, if still too many, those
    /// whose latest failure is oldest.
    private func evict(now: ContinuousClock.Instant) {
        failures = failures.filter { _, times in times.contains { now - $0 < window } }
        guard failures.count > maxClients else { return }
        let excess = failures.count - maxClients
        for (client, _) in failures.sorted(by: { ($0.value.last ?? now) < ($1.value.last ?? now) }).prefix(excess) {
            failures[client] = nil
        }
    }
}
