import Foundation

/// State that more than one thread reads and writes, behind a lock: the value is reached
/// only through `withLock`, so every access is under the lock by construction, where a
/// class holding an `NSLock` beside its fields was correct only as far as a reader checked.
/// The lock is Foundation's (a pthread mutex), not the standard library's `Mutex`, because
/// ThreadSanitizer follows pthread locks and not `Mutex`'s, and `make test-tsan` must see
/// the order this lock makes.
package final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `state` is read and written only inside `withLock`, holding `lock`; the
    // `sending` value in and out keeps a non-Sendable value from escaping the lock shared.
    private let lock = NSLock()
    private var state: Value

    package init(_ value: sending Value) { state = value }

    /// Runs `body` with the value, holding the lock.
    package func withLock<Result>(_ body: (inout sending Value) throws -> sending Result) rethrows -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}

extension Locked where Value: Sendable {
    /// The value now.
    package var value: Value { withLock { $0 } }
}

/// State that one thread waits on and another changes: a value behind an `NSCondition`, so
/// that a thread can sleep until the value says there is work (the feed's and the video
/// player's mailboxes). The standard library's `Mutex` has no wait.
package final class Awaited<Value>: @unchecked Sendable {
    // @unchecked: `value` is read and written only in the methods below, each with
    // `condition` locked from start to end; `wait` unlocks only inside `NSCondition.wait`,
    // which locks again before the value is looked at.
    private let condition = NSCondition()
    private var value: Value

    package init(_ value: sending Value) { self.value = value }

    /// Runs `body` with the value, holding the lock.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        condition.lock()
        defer { condition.unlock() }
        return try body(&value)
    }

    /// Changes the value, holding the lock, and wakes the waiting threads `body` asks for
    /// before the lock is given back: one, all or none.
    package func update(_ body: (inout Value) -> Wake) {
        condition.lock()
        defer { condition.unlock() }
        switch body(&value) {
        case .none: break
        case .one: condition.signal()
        case .all: condition.broadcast()
        }
    }

    /// Sleeps until `ready` holds for the value, then runs `body` with it, holding the lock.
    package func wait<Result>(until ready: (Value) -> Bool, then body: (inout Value) throws -> Result) rethrows -> Result {
        condition.lock()
        defer { condition.unlock() }
        while !ready(value) { condition.wait() }
        return try body(&value)
    }

    package enum Wake { case none, one, all }
}
