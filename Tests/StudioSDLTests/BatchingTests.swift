import StudioKit
import Testing
@testable import StudioSDL

extension SDLTests {
    @Suite struct BatchingTests {
        @Test("consecutive rects of one colour are drawn with one SDL call")
        func sameColourRectsBatch() throws {
            let f = try Fixture()
            let items = (0..<10).map { DrawItem(.fill(.rect(Rect(x: Double($0) * 20, y: 0, width: 10, height: 10)), .red)) }
            try f.render(items)
            #expect(f.target.stats.rects == 10)
            #expect(f.target.stats.rectBatches == 1)
            #expect(f.target.stats.drawCalls == 1)
            #expect(f.pixel(185, 5) == .red)
        }

        @Test("a colour change starts a new rect batch")
        func colourChangeSplits() throws {
            let f = try Fixture()
            try f.render([
                DrawItem(.fill(.rect(Rect(x: 0, y: 0, width: 10, height: 10)), .red)),
                DrawItem(.fill(.rect(Rect(x: 20, y: 0, width: 10, height: 10)), .green)),
                DrawItem(.fill(.rect(Rect(x: 40, y: 0, width: 10, height: 10)), .green)),
            ])
            #expect(f.target.stats.rectBatches == 2)
        }

        @Test("consecutive curved shapes of different colours share one geometry call")
        func shapesShareGeometry() throws {
            let f = try Fixture()
            try f.render([
                DrawItem(.fill(.circle(center: Point(x: 50, y: 50), radius: 20), .red)),
                DrawItem(.fill(.line(from: Point(x: 100, y: 100), to: Point(x: 180, y: 140), width: 8), .green)),
                DrawItem(.stroke(.circle(center: Point(x: 300, y: 300), radius: 30), .blue, width: 2)),
            ])
            #expect(f.target.stats.geometryBatches == 1)
            #expect(f.target.stats.drawCalls == 1)
            #expect(f.pixel(50, 50) == .red)
            #expect(f.pixel(140, 120) == .green)
            #expect(f.pixel(300, 270) == .blue)
        }

        @Test("shapes entirely off screen are culled without an SDL call")
        func offscreenCulled() throws {
            let f = try Fixture()
            try f.render([DrawItem(.fill(.circle(center: Point(x: -500, y: 50), radius: 20), .red))])
            #expect(f.target.stats.culled == 1)
            #expect(f.target.stats.drawCalls == 0)
        }
    }
}
