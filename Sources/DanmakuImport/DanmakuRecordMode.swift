/// How a danmaku moves across the screen: the `mode` field of Bilibili's `p` attribute.
///
/// Modes 1, 2 and 3 are all drawn as scrolling comments by every player, so they collapse
/// to `.scroll`. Modes 8 (code) and 9 (BAS) are scripts, not text, and are not modelled:
/// the reader skips them and counts them as `DanmakuSkipReason.unsupportedMode`.
public enum DanmakuRecordMode: Sendable, Hashable {
    /// Modes 1, 2, 3: right to left.
    case scroll
    /// Mode 4: pinned to the bottom.
    case bottom
    /// Mode 5: pinned to the top.
    case top
    /// Mode 6: left to right.
    case reverse
    /// Mode 7: placed and animated by a JSON script; the motion is boxed because it is
    /// rare and five times the size of the other cases.
    indirect case positioned(PositionedMotion)

    /// The Bilibili mode number this mode is written as (1 for scroll).
    package var bilibiliCode: Int {
        switch self {
        case .scroll: 1
        case .bottom: 4
        case .top: 5
        case .reverse: 6
        case .positioned: 7
        }
    }
}

/// The three font sizes Bilibili offers: 18 small, 25 normal, 36 large.
public enum DanmakuRecordSize: Int, Sendable, Hashable, CaseIterable {
    case small = 18
    case normal = 25
    case large = 36

    /// The size nearest to a point size from a file; ties go to the larger size.
    ///
    /// Files from other tools carry sizes like 12 or 64; the nearest of the three keeps the
    /// comment's relative emphasis without inventing a fourth size.
    public init(nearestTo points: Int) {
        switch points {
        case ..<22: self = .small
        case ..<31: self = .normal
        default: self = .large
        }
    }
}
