import CSDL2
import StudioKit

/// Turns a `DisplayList` into SDL draw calls on one renderer whose logical size is the
/// studio's 720x1280.
///
/// Items are drawn in list order with straight-alpha blending (`SDL_BLENDMODE_BLEND`).
/// Fast paths keep the common case cheap: axis-aligned rects become `SDL_RenderFillRectF`,
/// and runs of same-coloured rects one `SDL_RenderFillRectsF`; axis-aligned text and images
/// become `SDL_RenderCopyF`. Everything else (rounded rects, circles, lines, strokes,
/// rotated shapes and textures) is tessellated into triangles, and runs of it share one
/// `SDL_RenderGeometry` call (vertex colours let differently coloured shapes share a run).
///
/// Not thread-safe; use it from the loop thread.
public final class DisplayListRenderer {
    public let target: RendererHandle
    public let fonts: FontLibrary
    public let textCache: TextCache
    public let imageCache: ImageCache
    /// The coordinate space of display lists: the studio's logical size.
    public let logicalSize: Size
    /// What the last `render` did.
    public private(set) var lastStats = RenderStats()
    /// Device pixels per logical pixel when axis-aligned edges should be snapped to whole
    /// device pixels before SDL sees them. The software renderer truncates float rects
    /// (x and width separately), which would shift edges by a pixel; snapping first puts
    /// every edge where a pixel-centre rule puts it. nil leaves coordinates fractional
    /// (GPU renderers handle them, and sub-pixel motion stays smooth in a scaled window).
    public var pixelSnapping: (x: Double, y: Double)?

    // Per-render state, kept between frames so its storage is reused (no per-frame
    // allocation once the buffers have grown to the frame's size).
    var stats = RenderStats()
    var clips = ClipStack()
    var pending = PendingBatch.none
    var rects: [SDL_FRect] = []
    var vertices: [SDL_Vertex] = []
    var indices: [Int32] = []
    var outer: [SDL_FPoint] = []
    var inner: [SDL_FPoint] = []

    /// What the buffers hold that has not been handed to SDL yet.
    enum PendingBatch: Equatable {
        case none
        /// Rects in `rects`, all of this colour.
        case rects(Color)
        /// Triangles in `vertices`/`indices`, sampling this texture (nil: untextured).
        case geometry(OpaquePointer?)
    }

    /// - Parameters:
    ///   - assetsDirectory: the folder holding `images/<name>.png`.
    ///   - textCacheCapacity: most text textures kept.
    public init(target: RendererHandle, fonts: FontLibrary, assetsDirectory: String,
                logicalSize: Size = .studio, textCacheCapacity: Int = 512) {
        self.target = target
        self.fonts = fonts
        self.logicalSize = logicalSize
        textCache = TextCache(renderer: target, fonts: fonts, capacity: textCacheCapacity)
        imageCache = ImageCache(renderer: target, assetsDirectory: assetsDirectory)
        rects.reserveCapacity(64)
        vertices.reserveCapacity(4096)
        indices.reserveCapacity(8192)
        outer.reserveCapacity(128)
        inner.reserveCapacity(128)
    }

    /// Draws `list` over whatever the target holds (clearing is the caller's choice).
    ///
    /// - Complexity: O(items) with O(1) SDL work per visible rect, text or image and
    ///   O(segments) vertices per curved shape; the SDL call count is about the number of
    ///   changes between rects of one colour, tessellated shapes and textures, not the
    ///   number of items. Text costs a render only the first time a string is seen.
    /// - Throws: `SDLError` when an SDL call fails or an image or font is missing; the
    ///   target may then hold a partly drawn frame.
    public func render(_ list: DisplayList) throws {
        stats = RenderStats()
        textCache.beginFrame()
        let hitsBefore = textCache.hits, missesBefore = textCache.misses
        defer {
            // Leave the renderer as found (no clip) and the buffers empty even after a
            // failure, so the next frame does not draw this one's leftovers.
            if clips.current != nil { SDL_RenderSetClipRect(target.pointer, nil) }
            clips.reset()
            discardPending()
            stats.textCacheHits = textCache.hits - hitsBefore
            stats.textCacheMisses = textCache.misses - missesBefore
            lastStats = stats
        }
        clips.reset()
        try check(SDL_SetRenderDrawBlendMode(target.pointer, SDL_BLENDMODE_BLEND), "SDL_SetRenderDrawBlendMode")
        for item in list.items {
            stats.drawCommands += 1
            try draw(item)
        }
        try flush()
    }

    private func draw(_ item: DrawItem) throws {
        let t = item.transform
        switch item.command {
        case .pushClip(let rect):
            try flush()
            // Limited to the screen: nothing outside it is drawn anyway, and SDL's clip
            // rect is integer, so an absurd or NaN bound must not reach Int32(_:).
            clips.push(t.boundingBox(of: rect).intersection(screen))
            try applyClip()
        case .popClip:
            try flush()
            if clips.pop() { try applyClip() } else { stats.unbalancedClipPops += 1 }
        case _ where clips.isEmpty:
            stats.culled += 1
        case .fill(let shape, let color):
            try fill(shape, color, t)
        case .stroke(let shape, let color, let width):
            try stroke(shape, color, width: width, t)
        case .text(let string, let font, let color, let origin, let alignment):
            try drawText(string, font: font, color: color, origin: origin, alignment: alignment, t)
        case .image(let ref, let rect, let tint):
            try drawImage(ref, in: rect, tint: tint, t)
        }
    }

    /// The logical screen.
    var screen: Rect { Rect(origin: .zero, size: logicalSize) }

    /// The part of the logical screen that can receive pixels now.
    var visibleArea: Rect {
        clips.current ?? screen
    }

    /// False (and counted as culled) when a shape's logical bounding box misses the
    /// visible area: the cheapest draw is the one not made.
    func isVisible(_ bounds: Rect) -> Bool {
        if visibleArea.intersects(bounds) { return true }
        stats.culled += 1
        return false
    }

    private func applyClip() throws {
        stats.clipChanges += 1
        guard let clip = clips.current else {
            try check(SDL_RenderSetClipRect(target.pointer, nil), "SDL_RenderSetClipRect(nil)")
            return
        }
        // An empty clip is not handed to SDL (some SDL versions treat a zero-size clip
        // rect as "no clip"); drawing is skipped instead while it is in force.
        guard !clip.isEmpty else { return }
        var rect = SDL_Rect(x: Int32(clip.minX), y: Int32(clip.minY), w: Int32(clip.width), h: Int32(clip.height))
        try check(SDL_RenderSetClipRect(target.pointer, &rect), "SDL_RenderSetClipRect")
    }
}
