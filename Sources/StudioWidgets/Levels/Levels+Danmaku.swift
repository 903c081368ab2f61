import StudioDomain
import StudioKit

extension Levels {
    /// The danmaku band (movable layer): above the activity badge, below the comment list
    /// and the gift banners, so those stay readable over the barrage.
    public static let danmaku = 240.0
    /// The "弹" button (lite layer, so lite mode keeps it), between rotate and close.
    public static let danmakuButton = 324.0
    /// The danmaku settings sheet (float layer), among the other sheets, under the toast.
    package static let danmakuSheet = 454.0
}
