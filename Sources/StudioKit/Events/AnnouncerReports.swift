import DequeModule

struct QueuedEvent {
    let name: EventName
    /// The value; nil only once the event is delivered and its box let go (or kept as the
    /// name's spare).
    var box: TypedPayloadBox?
    /// Index in the delivery log of the event whose delivery posted this one; -1 if none.
    var parent: Int
    let depth: Int
}

/// What one `deliverQueued()` did.
public struct DeliveryStats: Hashable, Sendable {
    package var delivered = 0
    /// Events left for the next frame because the per-frame bound was reached.
    package var deferred = 0
    /// Events dropped because their chain was too deep.
    package var dropped = 0
}

/// A chain of events that was stopped, with the names from the first cause to the event
/// that was dropped or deferred.
package struct RunawayReport: Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        case chainDepth(Int)
        case frameBudget(Int)
    }

    package let reason: Reason
    package let chain: [EventName]

    package var description: String {
        let path = chain.map(\.rawValue).joined(separator: " -> ")
        switch reason {
        case .chainDepth(let n):
            return "runaway event chain stopped at depth \(n) (an event posted from its own delivery?): \(path)"
        case .frameBudget(let n):
            return "more than \(n) events in one frame; the rest wait for the next frame: \(path)"
        }
    }
}
