import StudioDomain
import StudioKit

/// One control of the host's panel: a beauty effect, or the microphone's volume, that is on
/// or off, at a level.
public struct HostControl: Hashable, Sendable {
    public var title: String
    package var isOn: Bool
    /// 0...100.
    public var level: Int

    public init(title: String, level: Int) {
        self.title = title
        self.level = min(max(level, 0), 100)
        isOn = self.level > 0
    }
}

/// What the host's beauty effects do to the camera's picture, each 0 (off) to 1: Smooth
/// evens the skin (softer blush and shading), Whiten lightens it, Filter warms the whole
/// picture. The host panel announces it (`.beautyChanged`); the displayer draws with it.
package struct Beauty: Hashable, Sendable {
    package var smooth = 0.0
    package var whiten = 0.0
    package var filter = 0.0

    package static let none = Beauty()
}

extension EventKey where Payload == Beauty {
    /// The host's beauty effects changed (and once when the panel first shows them).
    package static let beautyChanged = EventKey("beautyChanged")
}
