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
        for layer in [LayerKind.movable, .float] {
            for case let d as DanmakuWidget in driver.studio.layer(layer).children {
                let stats = d.stats
                counters.danmakuOnScreen += stats.onScreen
                counters.danmakuBlocked += stats.blocked.total
                counters.danmakuMerged += stats.merged
                counters.danmakuOverDensity += stats.overDensity
            }
        }
    }
}
