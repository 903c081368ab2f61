import StudioDomain
import StudioKit

/// The keep-alive connection's state machine, in simulated time:
///
///     connected --drop--> disconnected(retryIn: 1, attempt: 1) --1 s--> connecting
///     connecting --attempt fails--> disconnected(retryIn: 2, attempt: 2) --2 s--> connecting ...
///     connecting --attempt succeeds--> connected
///
/// Waits double after each failure (1, 2, 4, 8, 16, 16... s, see `ConnectionPolicy`). A drop
/// comes from `drop(at:)` (a control, a scenario) or from the policy's random drop rate; an
/// attempt fails when told to (`failNextAttempts`) or by the policy's seeded chance.
package struct ConnectionMachine: Sendable {
    /// A transition: when, into which state, and the platform message it shows, if any.
    package struct Change: Hashable, Sendable {
        package var time: Double
        package var state: ConnectionState
        package var message: String?
    }

    package let policy: ConnectionPolicy
    package private(set) var state: ConnectionState = .connected
    /// Transitions have been made up to this simulated time.
    package private(set) var time: Double
    /// Attempts that will fail whatever the chance says (scenarios, tests).
    package private(set) var forcedFailures = 0
    /// When the next scheduled transition (an attempt starts or ends) is due.
    private var due: Double?
    private var attempt = 0
    private var drops: ArrivalStream
    private var outcomes: SeededRandom

    package init(policy: ConnectionPolicy = ConnectionPolicy(), seed: UInt64, start: Double = 0) {
        self.policy = policy
        time = start
        var root = SeededRandom(seed: seed)
        drops = ArrivalStream(rate: policy.drops, seed: root.next(), start: start)
        outcomes = root.fork()
    }

    package var isConnected: Bool { state == .connected }

    /// The connection drops at `t` (no effect unless connected). Call `advance(to: t)` first.
    package mutating func drop(at t: Double) -> [Change] {
        guard state == .connected else { return [] }
        attempt = 1
        return [retry(at: t, message: "Connection lost. Reconnecting…")]
    }

    /// The next `count` reconnect attempts fail.
    package mutating func failNextAttempts(_ count: Int = 1) { forcedFailures += max(0, count) }

    /// Makes every transition due at or before `t`, in time order (a scheduled one before a
    /// random drop at the same instant).
    package mutating func advance(to t: Double) -> [Change] {
        var changes: [Change] = []
        while true {
            if let d = due, d <= t, d <= drops.next {
                changes.append(transition(at: d))
            } else if drops.next <= t {
                let at = drops.next
                drops.fire()
                changes += drop(at: at)
            } else {
                break
            }
        }
        time = max(time, t)
        return changes
    }

    private mutating func transition(at t: Double) -> Change {
        if case .disconnected = state {
            state = .connecting
            due = t + policy.attemptDuration
            return Change(time: t, state: state, message: nil)
        }
        // An attempt ends. The chance is drawn even when the failure is forced, so that a
        // scenario's forced failure does not shift the outcomes of later attempts.
        let unlucky = outcomes.unit() < policy.failureChance
        let fails = forcedFailures > 0 || unlucky
        if forcedFailures > 0 { forcedFailures -= 1 }
        if fails {
            attempt += 1
            return retry(at: t, message: nil)
        }
        state = .connected
        due = nil
        attempt = 0
        return Change(time: t, state: state, message: "Reconnected")
    }

    private mutating func retry(at t: Double, message: String?) -> Change {
        let wait = policy.retryDelay(attempt: attempt)
        state = .disconnected(retryIn: wait, attempt: attempt)
        due = t + wait
        return Change(time: t, state: state, message: message)
    }
}
