import Synchronization

/// State that more than one thread reads and writes, behind the standard library's `Mutex`:
/// the compiler checks every access goes through `withLock`, where a class holding an
/// `NSLock` beside its fields was `@unchecked Sendable` and checked by reading. A class so
/// that closures and several owners can share it (a `Mutex` cannot be copied).
package final class Locked<Value>: Sendable {
    private let mutex: Mutex<Value>

    package init(_ value: sending Value) { mutex = Mutex(value) }

    /// Runs `body` with the value, holding the lock.
    package func withLock<Result>(_ body: (inout sending Value) throws -> sending Result) rethrows -> sending Result {
        try mutex.withLock(body)
    }
}

extension Locked where Value: Sendable {
    /// The value now.
    package var value: Value { withLock { $0 } }
}
