import CSDL2
import StudioKit

/// One rendered line of text as an 8-bit coverage mask: the alpha of the line drawn in
/// white. Drawing tints it, so a comment that fades or changes color does not re-render.
/// Color glyphs (emoji) keep their own colors in `colorLayer`, drawn over the mask with
/// only the text's alpha.
///
/// `@unchecked Sendable`: immutable once the cache has filled it; the rasterizer's bands
/// only read it.
package final class TextMask: @unchecked Sendable {
    package let width: Int
    package let height: Int
    let pixels: UnsafeMutablePointer<UInt8>
    /// The color glyphs, premultiplied, the mask's size; nil when the line has none (or is
    /// drawn as a silhouette, where they are part of the mask).
    package internal(set) var colorLayer: RasterImage?
    /// False when every glyph is in `colorLayer`: the mask covers nothing and is not drawn.
    package internal(set) var hasCoverage = false

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = .allocate(capacity: width * height)
        pixels.initialize(repeating: 0, count: width * height)
    }

    /// Bytes it takes: the mask and its color layer.
    var byteCount: Int { width * height + (colorLayer?.byteCount ?? 0) }

    deinit { pixels.deallocate() }

    /// Coverage of pixel (x, y), 0...255.
    package subscript(x: Int, y: Int) -> UInt8 {
        precondition(x >= 0 && y >= 0 && x < width && y < height, "mask pixel (\(x), \(y)) outside \(width)x\(height)")
        return pixels[y * width + x]
    }

    var source: MaskSource { MaskSource(pixels: UnsafePointer(pixels), width: width, height: height) }
}

/// Rendered text masks keyed by (string, pixel size, weight), least recently used
/// evicted first, within a count and a byte budget. Text longer than `TextCap` is drawn cut
/// to the cap (with its "…"), as `TTFTextMeasurer` measures it: a draw command carrying
/// megabytes renders and keeps no more than the cap.
///
/// Text is rendered once with `TTF_RenderUTF8_Blended` (anti-aliased) in white and only
/// its alpha is kept, a quarter of the memory of the surface. Not thread-safe: the
/// rasterizer looks masks up on the calling thread before its bands start.
public final class TextCache {
    package let fonts: FontLibrary
    /// Most masks kept. A frame normally shows far fewer distinct strings.
    package let capacity: Int
    /// Lookups that found a mask, since the cache was made (the profiler reads these).
    public private(set) var hits = 0
    /// Lookups that had to render text.
    package private(set) var misses = 0
    /// Most bytes kept: mask pixels plus the UTF-8 of their keys. Masks are one byte a
    /// pixel, so a long line at a large size is far bigger than a comment; a count alone
    /// would not bound the memory.
    package let byteBudget: Int
    /// Bytes kept now (never more than `byteBudget`).
    package private(set) var bytes = 0
    /// Masks dropped to stay within `capacity` and `byteBudget`.
    package private(set) var evictions = 0
    /// The frame number that `beginFrame()` last started; recency is measured in frames.
    public private(set) var frame = 0

    private var entries: [TextKey: Entry] = [:]

    private struct Entry {
        var mask: TextMask
        var lastUsedFrame: Int
        var bytes: Int
    }

    /// Masks kept by default: more lines than a dense barrage shows at once (a frame whose
    /// lines outnumber the cache renders every one of them again, every frame); the byte
    /// budget is what bounds the memory.
    public static let defaultCapacity = 4096

    public init(fonts: FontLibrary, capacity: Int = TextCache.defaultCapacity, byteBudget: Int = 32 << 20) {
        self.fonts = fonts
        self.capacity = max(1, capacity)
        self.byteBudget = max(1, byteBudget)
    }

    /// How many masks are cached now (never more than `capacity`).
    public var count: Int { entries.count }

    /// Frames a mask may go unused before it is dropped, however much room is left. A long
    /// session shows ever new strings (every comment its own), each drawn for a few seconds;
    /// without this the cache would fill its budget with strings gone for good, and hold
    /// that memory for the rest of the session.
    package var maxIdleFrames = 600

    /// Marks the start of a frame, for recency, and now and then drops the masks that have
    /// gone `maxIdleFrames` unused.
    package func beginFrame() {
        frame += 1
        if frame % Self.idleSweepFrames == 0 { dropIdle() }
    }

    /// How often the idle masks are looked for: a scan of every entry, so not every frame.
    static let idleSweepFrames = 120

    private func dropIdle() {
        let limit = frame - maxIdleFrames
        let idle = entries.filter { $0.value.lastUsedFrame < limit }
        for (key, entry) in idle {
            entries[key] = nil
            bytes -= entry.bytes
        }
        evictions += idle.count
    }

    /// The mask for `text` at `font`, rendered on a miss; nil when the text has no
    /// visible width (for example only zero-width characters), which SDL_ttf cannot render.
    ///
    /// - Complexity: a hit is one dictionary lookup. A miss renders the line (tens of
    ///   microseconds to a millisecond, more for a first CJK glyph); when the cache is
    ///   full it first evicts the least recently used eighth (more when the bytes need
    ///   it), O(n log n) once per capacity/8 misses. Text past `TextCap` costs O(cap).
    package func mask(for text: String, font: FontSpec) throws -> TextMask? {
        let text = TextCap.cut(text)
        let key = TextKey(text, font)
        if let entry = entries[key] {
            hits += 1
            entries[key]!.lastUsedFrame = frame
            return entry.mask
        }
        misses += 1
        guard let mask = try render(text, font: font) else { return nil }
        let size = mask.byteCount + text.utf8.count
        // A mask over the whole budget is drawn this frame without being kept.
        guard size <= byteBudget else { return mask }
        if entries.count >= capacity || bytes + size > byteBudget { evictLeastRecentlyUsed(toFit: size) }
        entries[key] = Entry(mask: mask, lastUsedFrame: frame, bytes: size)
        bytes += size
        return mask
    }

    /// True when the mask for `text` at `font` is cached (a lookup that would not render).
    public func contains(_ text: String, font: FontSpec) -> Bool {
        entries[TextKey(TextCap.cut(text), font)] != nil
    }

    /// Drops every mask (a mask still drawn by the current frame lives until it is done).
    package func removeAll() {
        evictions += entries.count
        entries.removeAll()
        bytes = 0
    }

    /// Renders each run of the line in white with `TTF_RenderUTF8_Blended` (anti-aliased,
    /// shaped by HarfBuzz) and puts it on the line's baseline: outline glyphs' alpha into the
    /// mask, emoji scaled from their strike into the color layer (into the mask as well,
    /// as alpha, for a silhouette).
    private func render(_ text: String, font spec: FontSpec) throws -> TextMask? {
        var pieces: [(placed: ShapedLine.Placed, surface: UnsafeMutablePointer<SDL_Surface>)] = []
        defer { for piece in pieces { SDL_FreeSurface(piece.surface) } }
        let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
        let line = try ShapedLine.layOut(text, font: spec, in: fonts) { placed in
            guard let rendered = TTF_RenderUTF8_Blended(placed.font, placed.run.text, white) else {
                throw SDLError.failed("TTF_RenderUTF8_Blended(\"\(placed.run.text.prefix(40))\")")
            }
            // SDL_ttf 2.x renders blended text as ARGB8888; convert anything else so the
            // alpha is always the top byte.
            guard rendered.pointee.format.pointee.format != SDL_PIXELFORMAT_ARGB8888.rawValue else {
                return pieces.append((placed, rendered))
            }
            defer { SDL_FreeSurface(rendered) }
            guard let converted = SDL_ConvertSurfaceFormat(rendered, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
                throw SDLError.failed("SDL_ConvertSurfaceFormat (text)")
            }
            pieces.append((placed, converted))
        }
        guard line.width > 0, line.height > 0 else { return nil }
        let mask = TextMask(width: line.width, height: line.height)
        for (placed, surface) in pieces {
            if let scaledHeight = placed.scaledHeight {
                let glyphs = EmojiScaler.scaled(surface, width: placed.width, height: scaledHeight)
                defer { glyphs.deallocate() }
                if spec.isSilhouette {
                    mask.hasCoverage = true
                    mask.blitAlpha(
                        of: UnsafePointer(glyphs), width: placed.width, height: scaledHeight,
                        stride: placed.width, x: placed.x, y: placed.top)
                } else {
                    mask.placeColor(
                        UnsafePointer(glyphs), width: placed.width, height: scaledHeight,
                        x: placed.x, y: placed.top)
                }
            } else {
                mask.hasCoverage = true
                SDL_LockSurface(surface)
                defer { SDL_UnlockSurface(surface) }
                mask.blitAlpha(
                    of: surface.pointee.pixels.assumingMemoryBound(to: UInt32.self),
                    width: Int(surface.pointee.w), height: Int(surface.pointee.h),
                    stride: Int(surface.pointee.pitch) / 4, x: placed.x, y: placed.top)
            }
        }
        return mask
    }

    /// Evicts at least a batch, and on until `incoming` more bytes fit the budget.
    private func evictLeastRecentlyUsed(toFit incoming: Int) {
        // Evicting a batch at once keeps a flood of new strings from paying a full scan
        // per miss.
        let batch = max(1, capacity / 8)
        var evicted = 0
        for (key, entry) in entries.sorted(by: { $0.value.lastUsedFrame < $1.value.lastUsedFrame }) {
            if evicted >= batch, bytes + incoming <= byteBudget { break }
            entries[key] = nil
            bytes -= entry.bytes
            evicted += 1
        }
        evictions += evicted
    }
}
