import StudioDomain
import StudioKit

/// A full-screen gift waiting to play: its value decides its place.
struct GiftAnimationRequest: Hashable, Sendable {
    var message: GiftMessage
    /// Coins × count.
    var value: Int
    /// Arrival order (kept when an interrupted animation goes back to the line).
    var serial: Int

    /// True when `self` plays before `other`: higher value first, then earlier arrival.
    func precedes(_ other: GiftAnimationRequest) -> Bool {
        value != other.value ? value > other.value : serial < other.serial
    }
}

/// The waiting line of full-screen gift animations, kept sorted: value descending, then
/// arrival. Bounded: past `limit`, the last in line (lowest value, latest arrival) is
/// dropped and counted.
struct GiftAnimationQueue {
    let limit: Int
    private(set) var waiting: [GiftAnimationRequest] = []
    private(set) var dropped = 0

    init(limit: Int) {
        self.limit = max(1, limit)
        waiting.reserveCapacity(self.limit + 1)
    }

    var count: Int { waiting.count }

    /// Inserts `request` at its place.
    /// - Returns: how many waiting requests it went ahead of (0 when it joined the end),
    ///   or nil when it was itself dropped because the line was full of better ones.
    /// - Complexity: O(log n) to find the place, O(n) to insert; n <= limit.
    @discardableResult
    mutating func insert(_ request: GiftAnimationRequest) -> Int? {
        var lo = 0, hi = waiting.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if waiting[mid].precedes(request) { lo = mid + 1 } else { hi = mid }
        }
        waiting.insert(request, at: lo)
        let ahead = waiting.count - 1 - lo
        if waiting.count > limit {
            waiting.removeLast()
            dropped += 1
            if lo == waiting.count { return nil }
            return ahead - 1
        }
        return ahead
    }

    mutating func popFirst() -> GiftAnimationRequest? {
        waiting.isEmpty ? nil : waiting.removeFirst()
    }
}
