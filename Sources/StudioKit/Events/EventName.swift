/// The name of an event, named for what happened (`heartTapped`, `roomSwiped`), declared
/// once as a static constant rather than spelled as a string at each use.
///
/// The hash is computed once at creation, so announcing does not hash the string again.
public struct EventName: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    private let key: UInt64

    public init(_ rawValue: String) {
        self.rawValue = rawValue
        // FNV-1a over the UTF-8 bytes: stable across runs (Swift's own hash is seeded per run).
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in rawValue.utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
        key = h
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(key) }

    public static func == (a: EventName, b: EventName) -> Bool {
        a.key == b.key && a.rawValue == b.rawValue
    }

    public var description: String { rawValue }
}

/// The events the core itself announces. Studios and widgets declare theirs the same way,
/// in an extension next to the code that posts them.
extension EventName {
    /// A tap on the room (nothing under the finger took it). Payload: `.point`.
    public static let roomTapped = EventName("roomTapped")
    /// A horizontal swipe began, moved, ended or was cancelled. Payload: `.swipe`.
    public static let horizontalSwipe = EventName("horizontalSwipe")
    /// A vertical swipe began, moved, ended or was cancelled. Payload: `.swipe`.
    public static let verticalSwipe = EventName("verticalSwipe")
    /// Lite mode was switched. Payload: `.bool(isLite)`.
    public static let liteModeChanged = EventName("liteModeChanged")
    /// The studio loaded / will leave / did leave. Payload: `.none`.
    public static let studioDidLoad = EventName("studioDidLoad")
    public static let studioWillLeave = EventName("studioWillLeave")
    public static let studioDidLeave = EventName("studioDidLeave")
    /// The studio asks its owner to go to the next (+1) or previous (-1) room. Payload: `.int`.
    public static let roomChangeRequested = EventName("roomChangeRequested")
    /// The studio asks its owner to close it. Payload: `.none`.
    public static let closeRequested = EventName("closeRequested")
}
