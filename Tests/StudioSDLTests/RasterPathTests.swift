import StudioKit
import Testing

@testable import StudioSDL

extension SDLTests {
    /// Which path of the rasterizer draws what: the cheap ones must be taken where they
    /// apply, and every path must give the colors the item asks for.
    @Suite struct RasterPathTests {
        @Test("axis-aligned rects are span fills, one op each")
        func rectsAreSpans() throws {
            let f = try Fixture()
            let items = (0..<10).map { DrawItem(.fill(.rect(Rect(x: Double($0) * 20, y: 0, width: 10, height: 10)), .red)) }
            try f.render(items)
            #expect(f.target.stats.rects == 10)
            #expect(f.target.stats.polygons == 0)
            #expect(f.target.stats.pixelsWritten == 1000)
            #expect(f.pixel(185, 5) == .red)
            #expect(f.pixel(195, 5) == .black)
        }

        @Test("circles, rounded rects and their strokes take the analytic path, diagonal lines the polygon path")
        func curvedShapesPaths() throws {
            let f = try Fixture()
            try f.render([
                DrawItem(.fill(.circle(center: Point(x: 50, y: 50), radius: 20), .red)),
                DrawItem(.fill(.line(from: Point(x: 100, y: 100), to: Point(x: 180, y: 140), width: 8), .green)),
                DrawItem(.stroke(.circle(center: Point(x: 300, y: 300), radius: 30), .blue, width: 2)),
            ])
            #expect(f.target.stats.roundShapes == 2)
            #expect(f.target.stats.polygons == 1)
            #expect(f.pixel(50, 50) == .red)
            #expect(f.pixel(140, 120) == .green)
            #expect(f.pixel(300, 270) == .blue)
        }

        @Test("a circle under rotation stays on the analytic path, a rect under rotation becomes a polygon")
        func rotationPaths() throws {
            let f = try Fixture()
            let t = Transform.rotation(0.4).then(.translation(200, 200))
            try f.render([
                DrawItem(.fill(.circle(center: .zero, radius: 30), .red), transform: t),
                DrawItem(.fill(.rect(Rect(x: 100, y: -10, width: 40, height: 20)), .green), transform: t),
            ])
            #expect(f.target.stats.roundShapes == 1)
            #expect(f.target.stats.polygons == 1)
            #expect(f.pixel(200, 200) == .red)
        }

        @Test("a quarter turn keeps rects axis-aligned, so they stay span fills")
        func quarterTurnIsAxisAligned() throws {
            let f = try Fixture()
            let t = Transform.rotation(Double.pi / 2).then(.translation(400, 100))
            try f.render([DrawItem(.fill(.rect(Rect(x: 0, y: 0, width: 100, height: 50)), .green), transform: t)])
            #expect(f.target.stats.rects == 1)
            // (x, y) -> (400 - y, 100 + x): the rect covers x 350..400, y 100..200.
            #expect(f.pixel(355, 195) == .green)
            #expect(f.pixel(345, 150) == .black)
            #expect(f.pixel(400, 150) == .black)
        }

        @Test("shapes entirely off screen are culled and touch no pixel")
        func offscreenCulled() throws {
            let f = try Fixture()
            try f.render([DrawItem(.fill(.circle(center: Point(x: -500, y: 50), radius: 20), .red))])
            #expect(f.target.stats.culled == 1)
            #expect(f.target.stats.pixelsWritten == 0)
        }

        @Test("an opaque item covering the whole screen hides everything drawn before it")
        func opaqueCoverOccludes() throws {
            let f = try Fixture()
            try f.render([
                DrawItem(.fill(.circle(center: Point(x: 100, y: 100), radius: 20), .red)),
                DrawItem(.fill(.rect(Rect(x: 0, y: 0, width: 720, height: 1280)), .blue)),
                DrawItem(.fill(.rect(Rect(x: 0, y: 0, width: 10, height: 10)), .green)),
            ])
            #expect(f.target.stats.occluded == 1)
            #expect(f.pixel(100, 100) == .blue)
            #expect(f.pixel(5, 5) == .green)
            // Nothing was cleared: the blue rect and the green one are all that was written.
            #expect(f.target.stats.pixelsWritten == 720 * 1280 + 100)
        }

        @Test("letterbox bars keep the background even when an opaque item covers the whole screen")
        func letterboxBarsCleared() throws {
            let f = try Fixture(width: 720, height: 720, background: .white)
            try f.render([DrawItem(.fill(.rect(Rect(x: 0, y: 0, width: 720, height: 1280)), .blue))])
            // 720x1280 scaled by 0.5625 is 405 wide, centred: bars are x < 157 and x >= 562.
            #expect(f.pixel(360, 360) == .blue)
            #expect(f.pixel(10, 360) == .white)
            #expect(f.pixel(700, 360) == .white)
        }

        @Test("the frame is split into the configured number of bands")
        func bandsCounted() throws {
            let f = try Fixture()
            f.target.rasterizer.bandCount = 3
            try f.render([DrawItem(.fill(.rect(Rect(x: 0, y: 0, width: 10, height: 1280)), .red))])
            #expect(f.target.stats.bands == 3)
            #expect(f.target.stats.pixelsWritten == 12800)
            #expect(f.pixel(5, 426) == .red && f.pixel(5, 427) == .red && f.pixel(5, 853) == .red)
        }
    }
}
