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
