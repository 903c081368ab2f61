/// What one `DisplayListRenderer.render` call did, for the profiler and for tests that pin
/// batching. All counts are for that one call.
public struct RenderStats: Hashable, Sendable {
    /// Draw items read from the display list (clip pushes and pops included).
    public var drawCommands = 0
    /// Items skipped without an SDL call: outside the clip or the screen, or degenerate.
    public var culled = 0
    /// SDL draw calls made: fill-rect(s), texture copies and geometry submissions.
    public var drawCalls = 0
    /// Rectangles drawn through the axis-aligned fast path.
    public var rects = 0
    /// `SDL_RenderFillRect(s)F` calls, each drawing a run of same-coloured rects.
    public var rectBatches = 0
    /// `SDL_RenderGeometry` calls, each drawing a run of tessellated shapes.
    public var geometryBatches = 0
    /// Triangles submitted through `SDL_RenderGeometry`.
    public var triangles = 0
    /// `SDL_RenderCopy(Ex)F` calls (text and images under axis-aligned transforms).
    public var textureCopies = 0
    /// `SDL_RenderSetClipRect` calls.
    public var clipChanges = 0
    /// `popClip` items without a matching `pushClip` (ignored; a widget bug worth seeing).
    public var unbalancedClipPops = 0
    /// Text cache lookups that found a texture during this render.
    public var textCacheHits = 0
    /// Text cache lookups that had to render a line during this render.
    public var textCacheMisses = 0

    public init() {}
}
