import StudioKit
import StudioProfiler
import StudioSDL
import Studios

/// The F2 profiling HUD for a window run, with the counters only the app knows: danmaku on
/// screen and the window backend's text cache.
func makeProfilerHUD(backend: SDLWindowBackend) -> HUDOverlay {
    HUDOverlay { driver, counters in
        let stats = backend.rasterizer.lastStats
        counters.textCacheHits = stats.textCacheHits
        counters.textCacheMisses = stats.textCacheMisses
        // The counters persist from frame to frame: set them, never add to them.
        var onScreen = 0, blocked = 0, merged = 0, overDensity = 0
        for layer in [LayerKind.movable, .float] {
            for case let d as DanmakuWidget in driver.studio.layer(layer).children {
                let stats = d.stats
                onScreen += stats.onScreen
                blocked += stats.blocked.total
                merged += stats.merged
                overDensity += stats.overDensity
            }
        }
        counters.danmakuOnScreen = onScreen
        counters.danmakuBlocked = blocked
        counters.danmakuMerged = merged
        counters.danmakuOverDensity = overDensity
    }
}
