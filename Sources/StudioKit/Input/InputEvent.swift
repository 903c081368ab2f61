/// Platform-neutral input in logical coordinates. The SDL backend translates mouse, touch
/// and keyboard into these; replays and tests script them directly.
public enum InputEvent: Hashable, Sendable {
    case pointer(PointerEvent)
    case key(KeyEvent)
    /// The user closed the window.
    case quit
}

public enum PointerPhase: String, Hashable, Sendable { case down, moved, up, cancelled }

/// One pointer (mouse button or finger) sample.
public struct PointerEvent: Hashable, Sendable {
    public var phase: PointerPhase
    /// Distinguishes fingers; the mouse is 0.
    public var id: Int
    /// The highest id a recording may give: more fingers than any touch screen tracks.
    public static let maxID = 255
    /// Position in the studio's logical pixels.
    public var position: Point
    /// Seconds on the loop's clock when the sample was taken.
    public var time: Double

    public init(_ phase: PointerPhase, id: Int = 0, at position: Point, time: Double) {
        self.phase = phase
        self.id = id
        self.position = position
        self.time = time
    }
}

/// The keys the studio understands; everything else is `.other`.
public enum Key: String, Hashable, Sendable, CaseIterable {
    case left, right, up, down, space, l, escape, f1, f2, f3, f4, f5, other
}

public struct KeyEvent: Hashable, Sendable {
    public var key: Key
    public var isDown: Bool
    public var isRepeat: Bool

    public init(_ key: Key, isDown: Bool = true, isRepeat: Bool = false) {
        self.key = key
        self.isDown = isDown
        self.isRepeat = isRepeat
    }
}
