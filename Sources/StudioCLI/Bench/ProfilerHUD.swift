import StudioBench
import StudioKit
import StudioProfiler
import StudioSDL
import Studios

/// The F2 profiling HUD for a window run, with the counters only the app knows: danmaku on
/// screen, the window backend's caches and the video player's.
func makeProfilerHUD(backend: SDLWindowBackend) -> HUDOverlay {
    HUDOverlay { driver, counters in
        counters.setRender(from: backend.rasterizer)
        // The layers' own children, not the whole tree, every frame.
        let barrages = [LayerKind.movable, .float].lazy
            .flatMap { driver.studio.layer($0).children }.compactMap { $0 as? DanmakuWidget }
        counters.setDanmaku(from: barrages)
        let streams = driver.studio.layer(.displayer).children.compactMap { ($0 as? VideoStreamWidget)?.streamProgress }
        counters.setVideo(from: streams.flatMap { $0 })
    }
}
