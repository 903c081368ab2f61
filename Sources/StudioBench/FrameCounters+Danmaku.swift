import StudioProfiler
import Studios

extension FrameCounters {
    /// Sets the danmaku counters from the barrages of a studio (on screen now; blocked,
    /// merged and over the cap so far), as the bench and the F2 HUD both show them.
    package mutating func setDanmaku<Widgets: Sequence>(from widgets: Widgets) where Widgets.Element == DanmakuWidget {
        danmakuOnScreen = 0
        danmakuBlocked = 0
        danmakuMerged = 0
        danmakuOverDensity = 0
        for widget in widgets {
            let stats = widget.stats
            danmakuOnScreen += stats.onScreen
            danmakuBlocked += stats.blocked.total
            danmakuMerged += stats.merged
            danmakuOverDensity += stats.overDensity
        }
    }
}
