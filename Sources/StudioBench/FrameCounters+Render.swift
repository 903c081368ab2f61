import StudioProfiler
import StudioSDL

extension FrameCounters {
    /// Sets the renderer's counters from `rasterizer`'s last render (text and sprite cache
    /// use, tiles drawn and changed) and the bytes its caches hold, as the bench and the F2
    /// HUD both show them.
    package mutating func setRender(from rasterizer: DisplayListRasterizer) {
        let stats = rasterizer.lastStats
        textCacheHits = stats.textCacheHits
        textCacheMisses = stats.textCacheMisses
        tilesDrawn = stats.tilesDrawn
        tilesChanged = stats.tilesChanged
        spriteHits = stats.spriteCacheHits
        spriteMisses = stats.spriteCacheMisses
        surfaceBytes = rasterizer.surfaceBytes
        spriteBytes = rasterizer.spriteBytes
        textCacheBytes = rasterizer.textCache.bytes
        cacheBytes = surfaceBytes + spriteBytes + textCacheBytes + rasterizer.roundBoxBytes
        imageCacheBytes = rasterizer.imageCache.decodedBytes
        workerUtilisation = Int(clamping: (rasterizer.workerUtilisation * 100).rounded(.toNearestOrAwayFromZero))
        drawMicros = Int(clamping: rasterizer.lastDrawNanos / 1000)
    }
}
