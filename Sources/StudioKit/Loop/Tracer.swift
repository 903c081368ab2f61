import Dispatch
import Foundation
import StudioFoundation

/// Records what the threads of a run did and when: spans with their real begin and end on a
/// monotonic clock, on the thread that did the work (the loop, the rasterizer's workers),
/// for a trace viewer's tracks (Perfetto, chrome://tracing).
///
/// Whoever may trace holds an optional tracer: with none, tracing costs one nil check. With
/// one, a span costs two clock reads and an append under a lock (`Locked`); a frame records a few
/// hundred.
public final class Tracer: Sendable {
    /// One span: `name` in `category`, from `begin` to `end` (nanoseconds on `now()`'s clock)
    /// on thread `thread`, with `args` (a JSON object's members, or empty).
    public struct Span: Sendable, Hashable {
        public var name: String
        package var category: String
        package var begin: UInt64
        package var end: UInt64
        public var thread: Int
        package var args: String
        /// A slice, or one end of a flow (an arrow from one slice to another, across threads).
        public var kind: Kind = .slice
        /// The flow's id (flows only).
        package var flow: UInt64 = 0
    }

    public enum Kind: Sendable, Hashable { case slice, flowStart, flowEnd }

    private struct Record {
        var spans: [Span] = []
        /// Thread numbers by `pthread_self`, and each thread's name, in order of first span.
        var numbers: [UInt: Int] = [:]
        var names: [String] = []
        var dropped = 0
        var flows: UInt64 = 0
    }

    private let record: Locked<Record>
    /// Spans kept at most; later ones are counted and dropped, so a forgotten tracer cannot
    /// fill the memory.
    package let capacity: Int
    /// The spans dropped past `capacity`.
    package var dropped: Int { record.withLock { $0.dropped } }

    public init(capacity: Int = 4_000_000) {
        self.capacity = capacity
        var first = Record()
        first.spans.reserveCapacity(min(capacity, 1 << 16))
        record = Locked(first)
    }

    /// Nanoseconds on the monotonic clock spans are recorded on.
    @inline(__always)
    public static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Records a span that ran on the calling thread from `begin` to now. `thread` names the
    /// calling thread the first time it records ("loop", "raster 2").
    package func span(
        _ name: String, category: String, since begin: UInt64, thread threadName: @autoclosure () -> String,
        args: @autoclosure () -> String = ""
    ) {
        span(name, category: category, begin: begin, end: Self.now(), thread: threadName(), args: args())
    }

    /// Records a span that ran on the calling thread from `begin` to `end`.
    package func span(
        _ name: String, category: String, begin: UInt64, end: UInt64,
        thread threadName: @autoclosure () -> String, args: @autoclosure () -> String = ""
    ) {
        append(
            Span(name: name, category: category, begin: begin, end: max(begin, end), thread: 0, args: args()),
            threadName: threadName())
    }

    /// Records one end of flow `id` at `time` on the calling thread, inside a slice of it:
    /// a viewer draws an arrow from the slice holding the start to the one holding the end.
    package func flow(_ id: UInt64, end: Bool, name: String, at time: UInt64, thread threadName: @autoclosure () -> String) {
        append(
            Span(
                name: name, category: "flow", begin: time, end: time, thread: 0, args: "",
                kind: end ? .flowEnd : .flowStart, flow: id), threadName: threadName())
    }

    /// A fresh flow id.
    package func nextFlow() -> UInt64 {
        record.withLock {
            $0.flows += 1
            return $0.flows
        }
    }

    private func append(_ span: Span, threadName: @autoclosure () -> String) {
        #if canImport(Glibc)
        let id = UInt(pthread_self())
        #else
        let id = UInt(bitPattern: pthread_self())
        #endif
        let capacity = capacity
        record.withLock { record in
            guard record.spans.count < capacity else {
                record.dropped += 1
                return
            }
            var span = span
            if let n = record.numbers[id] {
                span.thread = n
            } else {
                span.thread = record.names.count
                record.numbers[id] = span.thread
                record.names.append(threadName())
            }
            record.spans.append(span)
        }
    }

    /// Runs `body` as a span on the calling thread.
    @inline(__always)
    package func measure<T>(
        _ name: String, category: String, thread: @autoclosure () -> String,
        _ body: () throws -> T
    ) rethrows -> T {
        let begin = Self.now()
        defer { span(name, category: category, since: begin, thread: thread()) }
        return try body()
    }

    /// Forgets the spans recorded so far (the threads keep their numbers and names).
    package func removeSpans() {
        record.withLock { $0.spans.removeAll(keepingCapacity: true) }
    }

    /// Everything recorded so far, and the threads' names (index = `Span.thread`).
    public func snapshot() -> (spans: [Span], threads: [String]) {
        record.withLock { ($0.spans, $0.names) }
    }
}
