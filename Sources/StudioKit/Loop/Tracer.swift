import Dispatch
import Foundation

/// Records what the threads of a run did and when: spans with their real begin and end on a
/// monotonic clock, on the thread that did the work (the loop, the rasterizer's workers),
/// for a trace viewer's tracks (Perfetto, chrome://tracing).
///
/// Whoever may trace holds an optional tracer: with none, tracing costs one nil check. With
/// one, a span costs two clock reads and an append under a lock; a frame records a few
/// hundred.
///
/// `@unchecked Sendable`: every access to the recorded spans and the thread table holds `lock`.
public final class Tracer: @unchecked Sendable {
    /// One span: `name` in `category`, from `begin` to `end` (nanoseconds on `now()`'s clock)
    /// on thread `thread`, with `args` (a JSON object's members, or empty).
    public struct Span: Sendable, Hashable {
        public var name: String
        public var category: String
        public var begin: UInt64
        public var end: UInt64
        public var thread: Int
        public var args: String
    }

    private let lock = NSLock()
    private var spans: [Span] = []
    /// Thread numbers by `pthread_self`, and each thread's name, in order of first span.
    private var numbers: [UInt: Int] = [:]
    private var names: [String] = []
    /// Spans kept at most; later ones are counted and dropped, so a forgotten tracer cannot
    /// fill the memory.
    public let capacity: Int
    public private(set) var dropped = 0

    public init(capacity: Int = 4_000_000) {
        self.capacity = capacity
        spans.reserveCapacity(min(capacity, 1 << 16))
    }

    /// Nanoseconds on the monotonic clock spans are recorded on.
    @inline(__always)
    public static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Records a span that ran on the calling thread from `begin` to now. `thread` names the
    /// calling thread the first time it records ("loop", "raster 2").
    public func span(_ name: String, category: String, since begin: UInt64, thread threadName: @autoclosure () -> String,
                     args: @autoclosure () -> String = "") {
        span(name, category: category, begin: begin, end: Self.now(), thread: threadName(), args: args())
    }

    /// Records a span that ran on the calling thread from `begin` to `end`.
    public func span(_ name: String, category: String, begin: UInt64, end: UInt64,
                     thread threadName: @autoclosure () -> String, args: @autoclosure () -> String = "") {
        #if canImport(Glibc)
        let id = UInt(pthread_self())
        #else
        let id = UInt(bitPattern: pthread_self())
        #endif
        lock.lock()
        defer { lock.unlock() }
        guard spans.count < capacity else { dropped += 1; return }
        let thread: Int
        if let n = numbers[id] {
            thread = n
        } else {
            thread = names.count
            numbers[id] = thread
            names.append(threadName())
        }
        spans.append(Span(name: name, category: category, begin: begin, end: max(begin, end), thread: thread, args: args()))
    }

    /// Runs `body` as a span on the calling thread.
    @inline(__always)
    public func measure<T>(_ name: String, category: String, thread: @autoclosure () -> String,
                           _ body: () throws -> T) rethrows -> T {
        let begin = Self.now()
        defer { span(name, category: category, since: begin, thread: thread()) }
        return try body()
    }

    /// Everything recorded so far, and the threads' names (index = `Span.thread`).
    public func snapshot() -> (spans: [Span], threads: [String]) {
        lock.lock()
        defer { lock.unlock() }
        return (spans, names)
    }
}
