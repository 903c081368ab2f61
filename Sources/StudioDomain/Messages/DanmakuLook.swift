import StudioKit

/// How a comment shows in the barrage when its source says so: recordings and danmaku files
/// give each comment a color, a mode and a size, and scenario lines may. A comment without
/// one crosses the band in white at the normal size, as most barrage does.
public struct DanmakuLook: Hashable, Sendable {
    public var color: Color
    public var mode: DanmakuMode
    public var size: DanmakuSize

    public init(color: Color = .white, mode: DanmakuMode = .scroll, size: DanmakuSize = .normal) {
        self.color = color
        self.mode = mode
        self.size = size
    }
}
