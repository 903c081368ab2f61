import StudioDomain
import StudioKit

/// Where every comment a danmaku widget received went. Each is counted once, in exactly one
/// place, at every moment:
///
/// `received == shown + onScreen + queued + blocked.total + merged + overDensity + dropped`
///
/// (`isBalanced`). A comment taken off the screen or out of the queue because a setting
/// changed moves from `onScreen` or `queued` to `blocked`.
public struct DanmakuStats: Hashable, Sendable {
    /// Why a comment was blocked.
    public struct Blocked: Hashable, Sendable {
        package var keyword = 0
        package var regex = 0
        public var user = 0
        /// Not white while colored comments are hidden.
        public var color = 0
        /// Of a mode the settings hide.
        public var mode = 0

        public init() {}

        package var total: Int { keyword + regex + user + color + mode }

        mutating func count(_ reason: DanmakuBlockReason) {
            switch reason {
            case .keyword: keyword += 1
            case .regex: regex += 1
            case .user: user += 1
            case .color: color += 1
            case .mode: mode += 1
            }
        }
    }

    /// Comments that reached the widget (events and `enqueue`).
    package var received = 0
    /// Comments that finished their time on screen.
    public var shown = 0
    /// Comments on screen now, paused ones included.
    package var onScreen = 0
    /// Comments waiting for room.
    package var queued = 0
    package var blocked = Blocked()
    /// Comments merged into an identical one ("×N"): the duplicates setting, or the full queue.
    package var merged = 0
    /// Comments dropped because the screen and the queue held the density cap.
    package var overDensity = 0
    /// Waiting comments dropped because the queue was full or they waited longer than the
    /// widget's `maxWait`.
    package var dropped = 0
    /// Comments taken off the screen or out of the queue when the video jumped (a seek of
    /// the playback bar): they belonged to the old position.
    package var cleared = 0

    public init() {}

    /// Every place a comment can be, summed.
    package var accountedFor: Int { shown + onScreen + queued + blocked.total + merged + overDensity + dropped + cleared }

    /// Whether every comment received is in exactly one place.
    package var isBalanced: Bool { received == accountedFor }
}

/// Why the settings block a comment, checked in this order (the first that applies counts).
package enum DanmakuBlockReason: String, Hashable, Sendable, CaseIterable {
    case mode, color, user, keyword, regex
}
