import CSDL2
import StudioKit

/// A texture holding one rendered line of text, white on transparent; drawing tints it.
public struct TextTexture {
    /// The `SDL_Texture*`, owned by the cache; valid until the cache evicts it.
    public let texture: OpaquePointer
    public let width: Int
    public let height: Int
}

/// Rendered text textures keyed by (string, pixel size, weight), least recently used
/// evicted first.
///
/// Text is rendered once in white with `TTF_RenderUTF8_Blended` (anti-aliased, alpha in the
/// texture) and tinted per draw with the texture's colour and alpha modulation, so a
/// comment that fades or changes colour does not re-render.
public final class TextCache {
    public let renderer: RendererHandle
    public let fonts: FontLibrary
    /// Most textures kept. A frame normally shows far fewer distinct strings.
    public let capacity: Int
    /// Lookups that found a texture, since the cache was made (the profiler reads these).
    public private(set) var hits = 0
    /// Lookups that had to render text.
    public private(set) var misses = 0
    /// Textures destroyed to stay within `capacity`.
    public private(set) var evictions = 0
    /// The frame number that `beginFrame()` last started; recency is measured in frames.
    public private(set) var frame = 0

    private var entries: [TextKey: Entry] = [:]

    private struct Entry {
        var texture: TextTexture
        var lastUsedFrame: Int
    }

    public init(renderer: RendererHandle, fonts: FontLibrary, capacity: Int = 512) {
        self.renderer = renderer
        self.fonts = fonts
        self.capacity = max(1, capacity)
    }

    deinit {
        for entry in entries.values { SDL_DestroyTexture(entry.texture.texture) }
    }

    /// How many textures are cached now (never more than `capacity`).
    public var count: Int { entries.count }

    /// Marks the start of a frame, for recency.
    public func beginFrame() { frame += 1 }

    /// The texture for `text` at `font`, rendered on a miss; nil when the text has no
    /// visible width (for example only zero-width characters), which SDL_ttf cannot render.
    ///
    /// - Complexity: a hit is one dictionary lookup. A miss renders the line (tens of
    ///   microseconds to a millisecond, more for a first CJK glyph) and uploads it; when
    ///   the cache is full it first evicts the least recently used eighth, O(n log n) once
    ///   per capacity/8 misses.
    public func texture(for text: String, font: FontSpec) throws -> TextTexture? {
        let key = TextKey(text, font)
        if let entry = entries[key] {
            hits += 1
            entries[key]!.lastUsedFrame = frame
            return entry.texture
        }
        misses += 1
        guard let texture = try render(text, font: font) else { return nil }
        if entries.count >= capacity { evictLeastRecentlyUsed() }
        entries[key] = Entry(texture: texture, lastUsedFrame: frame)
        return texture
    }

    /// Destroys every texture (for example after the renderer was reset).
    public func removeAll() {
        for entry in entries.values { SDL_DestroyTexture(entry.texture.texture) }
        evictions += entries.count
        entries.removeAll()
    }

    private func render(_ text: String, font spec: FontSpec) throws -> TextTexture? {
        let font = try fonts.font(for: spec, text: text)
        var w: Int32 = 0, h: Int32 = 0
        if TTF_SizeUTF8(font, text, &w, &h) == 0, w == 0 { return nil }
        let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
        guard let surface = TTF_RenderUTF8_Blended(font, text, white) else {
            throw SDLError.failed("TTF_RenderUTF8_Blended(\"\(text.prefix(40))\")")
        }
        defer { SDL_FreeSurface(surface) }
        guard let texture = SDL_CreateTextureFromSurface(renderer.pointer, surface) else {
            throw SDLError.failed("SDL_CreateTextureFromSurface (text)")
        }
        do {
            try check(SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND), "SDL_SetTextureBlendMode")
            // Linear filtering keeps text smooth when a window scales the studio down.
            try check(SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear), "SDL_SetTextureScaleMode")
        } catch {
            SDL_DestroyTexture(texture)
            throw error
        }
        return TextTexture(texture: texture, width: Int(surface.pointee.w), height: Int(surface.pointee.h))
    }

    private func evictLeastRecentlyUsed() {
        // Evicting a batch at once keeps a flood of new strings from paying a full scan
        // per miss.
        let batch = max(1, capacity / 8)
        let victims = entries.sorted { $0.value.lastUsedFrame < $1.value.lastUsedFrame }.prefix(batch)
        for (key, entry) in victims {
            // SDL flushes any queued draw that still uses the texture before destroying it.
            SDL_DestroyTexture(entry.texture.texture)
            entries[key] = nil
        }
        evictions += victims.count
    }
}
