import StudioKit

/// The pictures of sprites (`Sprite`), each made once at the scale it is drawn at and
/// kept under a budget of bytes, least recently used dropped first, so that a comment
/// scrolling across the screen is drawn once and then copied.
///
/// A picture is drawn with the rasterizer's own compiler and bands (one band: a sprite is
/// small), into transparent pixels. A sprite inside a sprite gets a cache of its own, a
/// level down, up to `maxDepth`; deeper ones are drawn item by item.
///
/// Not thread-safe: used by the compiler on the rasterizer's thread, before bands start.
final class SpriteCache {
    /// Levels of sprites inside sprites that are drawn.
    static let maxDepth = 4
    /// Largest picture side made, in pixels; a bigger sprite is drawn item by item: a sprite
    /// is a comment or an icon, not a screen.
    static let maxSide = 4096

    /// Lookups that found a picture, and that had to make one, since the cache was made.
    // Unchecked: touched on every sprite lookup, on the drawing thread only, with no access spanning another.
    @exclusivity(unchecked) private(set) var hits = 0
    // Unchecked: touched on every sprite lookup, on the drawing thread only, with no access spanning another.
    @exclusivity(unchecked) private(set) var misses = 0
    /// Sprites drawn item by item because the pictures of the frame's other sprites filled
    /// the budget (keeping this one would have dropped one the frame draws).
    private(set) var overflows = 0
    /// Pictures dropped to stay within the budget.
    var evictions: Int { cache.evictions }
    /// Bytes the pictures hold.
    var bytes: Int { cache.bytes }
    var budget: Int {
        get { cache.budget }
        set { cache.budget = max(0, newValue) }
    }

    /// Unchecked, as the compiler's own properties (`FrameCompiler`): looked up once per
    /// sprite drawn, on one thread.
    // Unchecked: touched on every sprite lookup, on the drawing thread only, with no access spanning another.
    @exclusivity(unchecked) private var cache: ByteBudgetCache<Key, RasterImage>
    private let compiler: FrameCompiler
    private var scratch = BandScratch(capacity: 64)
    /// `cache.clock` when the frame began: pictures used since are the frame's own.
    private var frameStart = 0
    /// Whether a picture of this frame could not be kept without dropping another of it.
    private var isFullThisFrame = false

    private struct Key: Hashable {
        let sprite: Sprite
        let scale: Double
    }

    /// What the lookup for one slot (a display-list item) found last: a frame draws its
    /// sprites from the same items as the frame before, so the slot's next lookup checks
    /// this first, and on a match takes the picture from where it lies in the cache, without
    /// hashing the sprite or probing the cache's table (whose entries are scattered in
    /// memory, and mostly out of the processor's caches after a frame's pixels went
    /// through them). Valid while the cache's `generation` is the one it was found in.
    private struct Found {
        let sprite: Sprite
        let scale: Double
        let place: ByteBudgetCache<Key, RasterImage>.Place
        let generation: Int
    }
    // Unchecked: touched on every sprite lookup, on the drawing thread only, with no access spanning another.
    @exclusivity(unchecked) private var found: [Found?] = []
    /// Slots whose last lookup is remembered (some of them perhaps stale).
    var slotsRemembered: Int { found.count { $0 != nil } }

    init(textCache: TextCache, imageCache: ImageCache, budget: Int = 32 << 20, depth: Int = 0) {
        cache = ByteBudgetCache(budget: budget)
        let inner =
            depth + 1 < Self.maxDepth
            ? SpriteCache(textCache: textCache, imageCache: imageCache, budget: budget / 4, depth: depth + 1) : nil
        compiler = FrameCompiler(textCache: textCache, imageCache: imageCache, sprites: inner)
        compiler.hashesOps = false
    }

    /// Starts a frame: from now on, pictures it draws are not dropped to make room for others.
    /// Every `idleFrames` frames, the pictures no frame drew since the last such sweep go:
    /// comments are drawn for a few seconds and never again, so a long session would
    /// otherwise fill the budget with pictures of comments long gone and keep it full.
    func beginFrame() {
        frameStart = cache.clock
        isFullThisFrame = false
        frames += 1
        if frames % Self.idleFrames == 0 {
            cache.removeEntries(unusedSince: idleMark)
            idleMark = cache.clock
            // The slots hold their sprites: forgotten here, so that a list that shrank does
            // not keep its old items' sprites alive. The next frame finds its own again.
            found.removeAll()
        }
    }

    static let idleFrames = 600
    /// Most slots remembered: a list's items past it look up the cache's table every time.
    static let maxSlots = 1 << 16
    private var frames = 0
    /// `cache.clock` at the last sweep.
    private var idleMark = 0

    /// The picture of `sprite` drawn at `scale` device pixels per unit, made now if the cache
    /// lacks it; nil when it would be empty or larger than `maxSide`, or when the budget is
    /// full of this frame's pictures: the caller then draws the items one by one.
    ///
    /// `slot` names where the sprite is drawn from (its item's index in the display list),
    /// so that the lookup can start from what that slot found last frame; any value is
    /// right, a stable one only faster.
    ///
    /// - Throws: `SDLError` when a font of its text cannot be loaded.
    func picture(_ sprite: Sprite, scale: Double, slot: Int = -1) throws -> RasterImage? {
        if found.indices.contains(slot), let last = found[slot], last.generation == cache.generation,
            last.scale == scale, last.sprite == sprite
        {
            hits += 1
            return cache.value(at: last.place)
        }
        let key = Key(sprite: sprite, scale: scale)
        if let (picture, place) = cache.lookUp(key) {
            hits += 1
            if slot >= 0, slot < Self.maxSlots {
                if found.count <= slot { found.append(contentsOf: repeatElement(nil, count: slot + 1 - found.count)) }
                found[slot] = Found(sprite: sprite, scale: scale, place: place, generation: cache.generation)
            }
            return picture
        }
        let w = Int(clamping: (sprite.size.width * scale).rounded(.up))
        let h = Int(clamping: (sprite.size.height * scale).rounded(.up))
        guard (1...Self.maxSide).contains(w), (1...Self.maxSide).contains(h) else { return nil }
        guard !isFullThisFrame else {
            overflows += 1
            return nil
        }
        misses += 1
        var list = DisplayList()
        list.reserveCapacity(sprite.items.count)
        for item in sprite.items { list.append(item) }
        try compiler.compile(list, screen: PixelRect(x0: 0, y0: 0, x1: w, y1: h), device: .scale(scale, scale))
        let pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: w * h)
        pixels.initialize(repeating: 0, count: w * h)
        if scratch.capacity < w { scratch = BandScratch(capacity: w) }
        compiler.ops.withUnsafeBufferPointer { ops in
            compiler.edges.withUnsafeBufferPointer { edges in
                var band = BandRasterizer(pixels: pixels, stride: w, rows: 0..<h, scratch: scratch, opaqueFastPath: true)
                band.draw(UnsafeBufferPointer(rebasing: ops[compiler.firstVisibleOp...]), edges, clear: nil)
            }
        }
        let picture = RasterImage(width: w, height: h, pixels: pixels, isOpaque: false)
        // Drawn anyway this once; the next ones of this frame are drawn item by item.
        if !cache.insert(picture, for: key, bytes: picture.byteCount, keepingUsesSince: frameStart) {
            isFullThisFrame = true
        }
        return picture
    }
}
