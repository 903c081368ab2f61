/// Platform-neutral input in logical coordinates. The SDL backend translates mouse, touch
/// and keyboard into these; replays and tests script them directly.
public enum InputEvent: Hashable, Sendable {
    case pointer(PointerEvent)
    case key(KeyEvent)
    /// Text typed (a key, a composed character or a paste), as the platform's text input
    /// gives it. It goes to a focused text field; with none focused it does nothing.
    case text(String)
    /// The user closed the window.
    case quit
}

public enum PointerPhase: String, Hashable, Sendable {
    case down, moved, up, cancelled
    /// A mouse moving with no button held: no touch, so no gesture; the inspector uses it to
    /// name the widget under the pointer.
    case hovered
}

/// One pointer (mouse button or finger) sample.
public struct PointerEvent: Hashable, Sendable {
    public var phase: PointerPhase
    /// Distinguishes fingers; the mouse is 0.
    public var id: Int
    /// The highest id a recording may give: more fingers than any touch screen tracks.
    package static let maxID = 255
    /// Position in the studio's logical pixels.
    package var position: Point
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
    case left, right, up, down, space, l, escape, f1, f2, f3, f4, f5, f6
    /// Editing keys: they matter while a text field has the focus.
    case enter, backspace
    case other
}

public struct KeyEvent: Hashable, Sendable {
    public var key: Key
    package var isDown: Bool
    package var isRepeat: Bool

    public init(_ key: Key, isDown: Bool = true, isRepeat: Bool = false) {
        self.key = key
        self.isDown = isDown
        self.isRepeat = isRepeat
    }
}

extension InputEvent {
    /// Why `text` cannot be one `.text` event from a file, or nil when it can: empty text
    /// types nothing, and nothing typed at once is longer than what one text item keeps
    /// (`TextCap`). Scenario and recording readers say it the same way.
    package static func problem(typing text: String) -> String? {
        if text.isEmpty { return "must not be empty" }
        guard TextCap.cut(text) != text else { return nil }
        return "is longer than \(TextCap.characters) characters or \(TextCap.scalars) Unicode scalars; split it over several lines"
    }
}
