import Foundation
import StudioKit
import Testing

@testable import StudioSDL

extension SDLTests {
    @Suite struct CacheTests {
        @Test("the text cache counts a miss for new text and a hit for the same text again")
        func missThenHit() throws {
            let f = try Fixture()
            let cache = f.target.rasterizer.textCache
            let mask = try #require(try cache.mask(for: "hello", font: .regular(20)))
            #expect(cache.misses == 1 && cache.hits == 0)
            // Anti-aliased white text: solid stem pixels and soft edge pixels.
            let values = (0..<mask.height).flatMap { y in (0..<mask.width).map { mask[$0, y] } }
            #expect(values.contains(255) && values.contains { $0 > 0 && $0 < 255 })
            _ = try cache.mask(for: "hello", font: .regular(20))
            #expect(cache.misses == 1 && cache.hits == 1)
            _ = try cache.mask(for: "hello", font: .bold(20))
            #expect(cache.misses == 2)
        }

        @Test("the text cache stays within its bound when flooded with new strings")
        func staysBounded() throws {
            let f = try Fixture()
            let cache = TextCache(fonts: f.fonts, capacity: 16)
            for i in 0..<100 {
                cache.beginFrame()
                _ = try cache.mask(for: "comment \(i)", font: .regular(18))
                #expect(cache.count <= 16)
            }
            #expect(cache.evictions >= 84)
        }

        @Test("a mask unused for maxIdleFrames is dropped though the cache has room; one in use stays")
        func dropsIdleMasks() throws {
            let f = try Fixture()
            let cache = TextCache(fonts: f.fonts)
            cache.maxIdleFrames = 200
            _ = try cache.mask(for: "gone after a while", font: .regular(18))
            let bytesWithBoth = try { () throws -> Int in
                _ = try cache.mask(for: "drawn every frame", font: .regular(18))
                return cache.bytes
            }()
            for _ in 0..<(2 * TextCache.idleSweepFrames + 200) {
                cache.beginFrame()
                _ = try cache.mask(for: "drawn every frame", font: .regular(18))
            }
            #expect(!cache.contains("gone after a while", font: .regular(18)))
            #expect(cache.contains("drawn every frame", font: .regular(18)))
            #expect(cache.count == 1 && cache.bytes < bytesWithBoth && cache.evictions == 1)
        }

        @Test("the text cache evicts the least recently used text first")
        func evictsLeastRecentlyUsed() throws {
            let f = try Fixture()
            let cache = TextCache(fonts: f.fonts, capacity: 8)
            for i in 0..<8 {
                cache.beginFrame()
                _ = try cache.mask(for: "t\(i)", font: .regular(18))
            }
            cache.beginFrame()
            _ = try cache.mask(for: "t0", font: .regular(18))  // t0 is now the most recent
            _ = try cache.mask(for: "new", font: .regular(18))  // evicts one entry: t1
            let misses = cache.misses
            _ = try cache.mask(for: "t0", font: .regular(18))
            #expect(cache.misses == misses)
            _ = try cache.mask(for: "t1", font: .regular(18))
            #expect(cache.misses == misses + 1)
        }

        @Test("a text line scrolled outside its clip is skipped before the cache renders it")
        func clippedTextSkipsCache() throws {
            let f = try Fixture()
            try f.render([
                DrawItem(.pushClip(Rect(x: 0, y: 500, width: 720, height: 300))),
                DrawItem(.text("gone", font: .regular(24), color: .white, origin: Point(x: 10, y: 400), alignment: .left)),
                DrawItem(.text("shown", font: .regular(24), color: .white, origin: Point(x: 10, y: 510), alignment: .left)),
                DrawItem(.popClip),
            ])
            #expect(f.target.rasterizer.textCache.misses == 1)
            #expect(f.target.stats.culled == 1)
        }

        @Test("rendering the same text in two frames renders it once")
        func framesShareText() throws {
            let f = try Fixture()
            let item = DrawItem(.text("again", font: .regular(20), color: .white, origin: .zero, alignment: .left))
            try f.render([item])
            #expect(f.target.stats.textCacheMisses == 1)
            try f.render([item])
            #expect(f.target.stats.textCacheMisses == 0)
            #expect(f.target.stats.textCacheHits == 1)
        }

        @Test("preparing a size makes at most the allowed text, and the render after it draws the same pixels")
        func prepareForSize() throws {
            let f = try Fixture()
            let rasterizer = f.target.rasterizer
            let list = displayList(
                (0..<40).map { i in
                    DrawItem(
                        .text(
                            "line \(i)", font: .regular(24), color: .white,
                            origin: Point(x: 10, y: 10 + 30 * Double(i)), alignment: .left))
                })
            let cold = PixelBuffer(width: 1080, height: 1920)
            try rasterizer.render(list, into: cold, background: .black)
            rasterizer.textCache.removeAll()
            var made = 0
            for _ in 0..<3 {
                let before = rasterizer.textCache.misses
                try rasterizer.prepare(list, width: 1080, height: 1920, newTexts: 16)
                made += rasterizer.textCache.misses - before
                #expect(rasterizer.textCache.misses - before <= 16)
            }
            #expect(made == 40)
            let warm = PixelBuffer(width: 1080, height: 1920)
            try rasterizer.render(list, into: warm, background: .black)
            #expect(rasterizer.lastStats.textCacheMisses == 0)
            #expect(memcmp(cold.pixels, warm.pixels, cold.width * cold.height * 4) == 0)
        }
    }
}
