/// What one render did, for the profiler and for tests that pin which path drew what.
/// All counts are for that one render, and none depends on how many bands it used
/// (except `bands`), so they are deterministic.
package struct RenderStats: Hashable, Sendable {
    /// Draw items read from the display list (clip pushes and pops included).
    package var drawCommands = 0
    /// Items that draw nothing: outside the clip or the screen, degenerate or transparent.
    package var culled = 0
    /// Compiled ops dropped because a later opaque op covers the whole screen.
    package var occluded = 0
    /// Axis-aligned rects filled as spans (rects, straight lines, sides of rect strokes).
    package var rects = 0
    /// Rounded rects, circles and ellipses (filled or stroked) with analytic edges.
    package var roundShapes = 0
    /// Shapes scanned as anti-aliased polygons (rotated or sheared shapes, diagonal lines).
    package var polygons = 0
    /// Text lines drawn 1:1 from their mask.
    package var texts = 0
    /// Text lines drawn through a scaling, rotating or mirroring transform (resampled).
    package var transformedTexts = 0
    /// Images drawn 1:1 (a row copy when opaque and untinted).
    package var images = 0
    /// Images stretched axis-aligned (bilinear).
    package var scaledImages = 0
    /// Images under a rotating, shearing or mirroring transform (bilinear).
    package var transformedImages = 0
    /// Sprites drawn as their cached picture.
    package var sprites = 0
    /// Sprites drawn item by item (no picture: too big, or the sprite cache full of the
    /// frame's own pictures).
    package var spritesDrawnByItem = 0
    /// Sprite pictures found in the cache, and made, during this render.
    package var spriteCacheHits = 0
    package var spriteCacheMisses = 0
    /// Pixels written (stored or blended), summed over all bands.
    package var pixelsWritten = 0
    /// `popClip` items without a matching `pushClip` (ignored; a widget bug worth seeing).
    package var unbalancedClipPops = 0
    /// Text cache lookups that found a mask during this render.
    package var textCacheHits = 0
    /// Text cache lookups that had to render a line during this render.
    package var textCacheMisses = 0
    /// Horizontal bands the frame was split into (rendered concurrently).
    package var bands = 0
    /// Tiles of layer surfaces drawn again, because their layer or one below it changed
    /// there (0 when the frame was drawn whole, without surfaces).
    package var tilesDrawn = 0
    /// Tiles of the frame that changed (all of them when it was drawn whole).
    package var tilesChanged = 0

    package init() {}
}
