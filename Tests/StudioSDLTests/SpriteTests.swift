import Foundation
import StudioKit
import Testing

@testable import StudioSDL

extension SDLTests {
    /// Sprites are drawn once into a cached picture and copied after; what they show must be
    /// what their items show.
    @Suite struct SpriteTests {
        /// Items that do not overlap, so blending them as one picture changes no rounding.
        static let apart: [DrawItem] = [
            DrawItem(.fill(.rect(Rect(x: 0, y: 0, width: 40, height: 30)), Color(r: 200, g: 30, b: 30, a: 180))),
            DrawItem(.fill(.circle(center: Point(x: 70, y: 15), radius: 14), Color(r: 20, g: 160, b: 220, a: 255))),
            DrawItem(.text("sprite 弹", font: .bold(20), color: .white, origin: Point(x: 90, y: 4), alignment: .left)),
        ]

        static func sprite(_ items: [DrawItem] = apart, width: Double = 200) -> Sprite {
            Sprite(size: Size(width: width, height: 30), items: items)
        }

        @Test("a sprite at a whole-pixel origin shows exactly its items, made once and then copied from the cache")
        func spriteMatchesItems() throws {
            let f = try Fixture()
            let other = try Fixture()
            for (frame, x) in [30.0, 31, 250].enumerated() {
                try f.render([DrawItem(.sprite(Self.sprite(), origin: Point(x: x, y: 100), tint: .white))])
                try other.render(Self.apart.map { DrawItem($0.command, transform: .translation(x, 100)) })
                #expect(f.target.rgbaBytes() == other.target.rgbaBytes(), "frame \(frame)")
                #expect(f.target.stats.sprites == 1)
                #expect(f.target.stats.spriteCacheMisses == (frame == 0 ? 1 : 0))
                #expect(f.target.stats.spriteCacheHits == (frame == 0 ? 0 : 1))
            }
            #expect(f.target.rasterizer.spriteBytes == 200 * 30 * 4)
        }

        @Test("a tinted sprite shows its items tinted, within a rounding")
        func tintedSprite() throws {
            let f = try Fixture()
            let tint = Color(r: 255, g: 255, b: 255, a: 128)
            try f.render([DrawItem(.sprite(Self.sprite(), origin: Point(x: 10, y: 10), tint: tint))])
            // The rect: (200, 30, 30) at alpha 180 * 128/255 over black.
            let c = f.pixel(20, 20)
            #expect(c.isClose(to: Color(r: 71, g: 11, b: 11), tolerance: 2), "\(c)")
            #expect(f.pixel(10 + 70, 10 + 15).isClose(to: Color(r: 10, g: 80, b: 110), tolerance: 2))
        }

        @Test("a sprite too big for a picture, or under a turn, still draws its items")
        func fallbacks() throws {
            let f = try Fixture()
            let other = try Fixture()
            let huge = Self.sprite(width: Double(SpriteCache.maxSide) + 10)
            try f.render([DrawItem(.sprite(huge, origin: Point(x: 5, y: 50), tint: .white))])
            try other.render(Self.apart.map { DrawItem($0.command, transform: .translation(5, 50)) })
            #expect(f.target.rgbaBytes() == other.target.rgbaBytes())
            #expect(f.target.stats.spritesDrawnByItem == 1)
            let turn = Transform.rotation(0.3).then(.translation(300, 300))
            try f.render([DrawItem(.sprite(Self.sprite(), origin: .zero, tint: .white), transform: turn)])
            #expect(f.target.stats.sprites == 1)
            #expect(f.pixel(300 + 10, 300 + 12).r > 100, "the turned rect shows")
        }

        @Test("a full cache keeps the frame's own pictures and draws the rest item by item, without thrashing")
        func fullCacheDoesNotThrash() throws {
            let f = try Fixture()
            let cache = SpriteCache(
                textCache: f.target.rasterizer.textCache, imageCache: f.target.rasterizer.imageCache,
                budget: 10 * 200 * 30 * 4)
            let sprites = (0..<30).map { i in
                Self.sprite([DrawItem(.fill(.rect(Rect(x: 0, y: 0, width: 200, height: 30)), Color(r: UInt8(i), g: 0, b: 0)))])
            }
            var made: [[Bool]] = []
            for _ in 0..<3 {
                cache.beginFrame()
                made.append(try sprites.map { try cache.picture($0, scale: 1) != nil })
            }
            // Each frame keeps what fits, makes one more it cannot keep (finding out that the
            // cache is full of the frame's own pictures), and leaves the rest to be drawn item by
            // item; the next frames find the kept ones instead of evicting and making them again.
            let expected = Array(repeating: true, count: 11) + Array(repeating: false, count: 19)
            #expect(made == [expected, expected, expected])
            #expect(cache.misses == 11 + 1 + 1)
            #expect(cache.hits == 10 + 10)
            #expect(cache.overflows == 3 * 19)
            #expect(cache.bytes <= cache.budget)
        }

        @Test("a slot's lookup finds its picture where it found it last, and never another sprite's or a dropped one")
        func slotLookups() throws {
            let f = try Fixture()
            // Room for two pictures of 200x30.
            let cache = SpriteCache(
                textCache: f.target.rasterizer.textCache, imageCache: f.target.rasterizer.imageCache,
                budget: 2 * 200 * 30 * 4)
            let a = Self.sprite(), b = Self.sprite(width: 180), c = Self.sprite(width: 190)
            cache.beginFrame()
            let made = try #require(try cache.picture(a, scale: 1, slot: 3))
            for _ in 0..<3 {
                cache.beginFrame()
                #expect(try cache.picture(a, scale: 1, slot: 3) === made)
            }
            #expect(cache.misses == 1 && cache.hits == 3)
            // Another sprite, or the same at another scale, in that slot: their own pictures.
            #expect(try cache.picture(b, scale: 1, slot: 3)?.width == 180)
            #expect(try cache.picture(a, scale: 2, slot: 3)?.width == 400)
            #expect(try cache.picture(a, scale: 1, slot: 3) === made)
            // Two new pictures in later frames push `a`'s out; the slot then makes it again.
            cache.beginFrame()
            _ = try cache.picture(b, scale: 1, slot: 0)
            cache.beginFrame()
            _ = try cache.picture(c, scale: 1, slot: 1)
            _ = try cache.picture(b, scale: 1, slot: 0)
            #expect(cache.evictions >= 2)
            cache.beginFrame()
            let misses = cache.misses
            let again = try #require(try cache.picture(a, scale: 1, slot: 3))
            #expect(again !== made && cache.misses == misses + 1)
            #expect(cache.bytes <= cache.budget)
            // The sweep forgets the slots, and the sprites they held.
            #expect(cache.slotsRemembered > 0)
            for _ in 0..<SpriteCache.idleFrames { cache.beginFrame() }
            #expect(cache.slotsRemembered == 0)
        }

        @Test("pictures no frame drew for a sweep's worth of frames are dropped; the ones still drawn stay")
        func idlePicturesDropped() throws {
            let f = try Fixture()
            let cache = SpriteCache(textCache: f.target.rasterizer.textCache, imageCache: f.target.rasterizer.imageCache)
            let kept = Self.sprite([DrawItem(.fill(.rect(Rect(x: 0, y: 0, width: 200, height: 30)), .white))])
            let gone = Self.sprite([DrawItem(.fill(.rect(Rect(x: 0, y: 0, width: 200, height: 30)), Color(r: 9, g: 0, b: 0)))])
            cache.beginFrame()
            _ = try cache.picture(kept, scale: 1)
            _ = try cache.picture(gone, scale: 1)
            let both = cache.bytes
            for _ in 0..<(2 * SpriteCache.idleFrames) {
                cache.beginFrame()
                _ = try cache.picture(kept, scale: 1)
            }
            #expect(cache.evictions == 1 && cache.bytes == both / 2)
            let misses = cache.misses
            _ = try cache.picture(kept, scale: 1)
            #expect(cache.misses == misses, "the picture drawn every frame is still there")
            _ = try cache.picture(gone, scale: 1)
            #expect(cache.misses == misses + 1, "the idle one is made again")
        }

        @Test("sprites of hostile sizes, origins and transforms draw what they can and never crash")
        func hostileNumbers() throws {
            let f = try Fixture()
            let weird: [Double] = [.nan, .infinity, -.infinity, 0, -5, 1e300, -1e300, .ulpOfOne]
            for w in weird {
                for o in weird {
                    let s = Sprite(size: Size(width: w, height: 30), items: Self.apart)
                    try f.render([
                        DrawItem(.sprite(s, origin: Point(x: o, y: 10), tint: .white)),
                        DrawItem(
                            .sprite(Self.sprite(), origin: Point(x: 10, y: o), tint: .white),
                            transform: .scale(w, w)),
                    ])
                }
            }
            // A sane sprite after all that still draws.
            try f.render([DrawItem(.sprite(Self.sprite(), origin: Point(x: 10, y: 10), tint: .white))])
            #expect(f.pixel(20, 20).r > 100)
        }

        @Test("a sprite describes itself by size and items only, so fingerprints of display lists are the same in every process")
        func stableDescription() {
            let text = String(describing: DrawItem(.sprite(Self.sprite(), origin: .zero, tint: .white)))
            #expect(text.contains("Sprite(size: "), "\(text)")
            #expect(!text.contains("contentHash"), "\(text)")
        }

        @Test("flattened items place a sprite's items where it draws them, tinted")
        func flattened() {
            let inner = DrawItem(
                .fill(.rect(Rect(x: 1, y: 2, width: 3, height: 4)), Color(r: 255, g: 0, b: 0, a: 200)),
                transform: .translation(10, 0))
            let nested = Sprite(size: Size(width: 50, height: 50), items: [inner])
            let outer = Sprite(
                size: Size(width: 100, height: 100),
                items: [DrawItem(.sprite(nested, origin: Point(x: 5, y: 5), tint: .white))])
            let item = DrawItem(
                .sprite(outer, origin: Point(x: 100, y: 200), tint: Color(r: 255, g: 255, b: 255, a: 128)),
                transform: .scale(2, 2))
            let flat = item.flattened
            #expect(flat.count == 1)
            #expect(flat[0].transform.apply(.zero) == Point(x: 2 * (100 + 5 + 10), y: 2 * (200 + 5)))
            #expect(flat[0].command == .fill(.rect(Rect(x: 1, y: 2, width: 3, height: 4)), Color(r: 255, g: 0, b: 0, a: 100)))
        }
    }
}
