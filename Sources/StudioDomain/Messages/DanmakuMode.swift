import StudioKit

/// How a danmaku comment moves, as players show Bilibili's modes: across the band right to
/// left (`scroll`), left to right (`reverse`), standing centred in a row counted from the
/// band's top (`top`) or bottom (`bottom`) for a few seconds, or placed and animated by its
/// own script (`positioned`), outside the lanes.
public enum DanmakuMode: Hashable, Sendable {
    case scroll
    case top
    case bottom
    case reverse
    case positioned(DanmakuMotion)

    /// The mode without its script: what settings hide and the sheet lists.
    public var kind: DanmakuModeKind {
        switch self {
        case .scroll: .scroll
        case .top: .top
        case .bottom: .bottom
        case .reverse: .reverse
        case .positioned: .positioned
        }
    }
}

/// A mode without its data, as a setting names it (`--danmaku-hide top,reverse`).
public enum DanmakuModeKind: String, Hashable, Sendable, CaseIterable {
    case scroll, top, bottom, reverse, positioned

    /// Whether comments of this kind cross the band (and so hold a lane for their whole trip).
    package var isMoving: Bool { self == .scroll || self == .reverse }
    /// Whether comments of this kind stand centred in a row (top, bottom).
    package var isFixed: Bool { self == .top || self == .bottom }
}
