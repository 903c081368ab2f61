import CSDL2
import StudioKit

/// Measures text with SDL_ttf, exactly as `TextCache` will render it (same fonts, same
/// pixel sizes), so layout computed in the core matches the pixels.
///
/// Text longer than `TextCap` is measured cut to the cap (with its "…"), as `TextCache`
/// draws it, so neither SDL_ttf nor the cache ever sees more.
///
/// - Complexity: a cache hit is one dictionary lookup (hashing the string); a miss shapes
///   the string into runs and sizes each with `TTF_SizeUTF8` (microseconds for a
///   comment-sized line).
public final class TTFTextMeasurer: TextMeasurer {
    package let fonts: FontLibrary
    /// Most measurements kept; when full the cache is emptied, which is cheaper than LRU
    /// bookkeeping and fine because layout asks for the same few strings every frame.
    package let capacity: Int
    /// Most UTF-8 bytes of text kept as keys: fitting a long text measures many long
    /// prefixes, and those must not pile up `capacity` times over. Reaching it empties the
    /// cache, as reaching `capacity` does.
    package let byteBudget: Int
    /// UTF-8 bytes of the strings cached now (never more than `byteBudget`).
    package private(set) var bytes = 0
    public private(set) var hits = 0
    package private(set) var misses = 0
    /// Measurements SDL_ttf could not make (a font failed to open); those fall back to
    /// `ApproximateTextMeasurer` so layout still gets a plausible size.
    package private(set) var failures = 0
    private var cache: [TextKey: Size] = [:]
    private let fallback = ApproximateTextMeasurer()

    public init(fonts: FontLibrary, capacity: Int = 2048, byteBudget: Int = 1 << 20) {
        self.fonts = fonts
        self.capacity = max(1, capacity)
        self.byteBudget = max(1, byteBudget)
    }

    /// How many measurements are cached now.
    public var count: Int { cache.count }

    public func measure(_ text: String, font: FontSpec) -> Size {
        let text = TextCap.cut(text)
        var key = TextKey(text, font)
        key.isSilhouette = false
        if let size = cache[key] {
            hits += 1
            return size
        }
        misses += 1
        guard let size = measureUncached(text, font: font) else {
            failures += 1
            return fallback.measure(text, font: font)
        }
        let keyBytes = text.utf8.count
        // A text over the whole budget is answered without being kept.
        guard keyBytes <= byteBudget else { return size }
        if cache.count >= capacity || bytes + keyBytes > byteBudget {
            cache.removeAll(keepingCapacity: true)
            bytes = 0
        }
        cache[key] = size
        bytes += keyBytes
        return size
    }

    private func measureUncached(_ text: String, font spec: FontSpec) -> Size? {
        guard let line = try? ShapedLine.layOut(text, font: spec, in: fonts) else { return nil }
        return Size(width: Double(line.width), height: Double(line.height))
    }
}
