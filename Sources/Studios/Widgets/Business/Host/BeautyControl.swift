/// One control of the host's beauty panel: an effect that is on or off, at a level.
public struct BeautyControl: Hashable, Sendable {
    public var title: String
    public var isOn: Bool
    /// 0...100.
    public var level: Int

    public init(title: String, level: Int) {
        self.title = title
        self.level = min(max(level, 0), 100)
        isOn = self.level > 0
    }
}
