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
        var onScreen = 0
        for layer in [LayerKind.movable, .float] {
            for w in driver.studio.layer(layer).children { if let d = w as? DanmakuWidget { onScreen += d.onScreen } }
        }
        counters.danmakuOnScreen = onScreen
    }
}
