import StudioKit
import Testing

@testable import StudioSDL

extension SDLTests {
    @Suite struct ClipRenderingTests {
        @Test("a clip keeps a fill inside the clip rect")
        func clipKeepsInside() throws {
            let f = try Fixture()
            try f.render([
                DrawItem(.pushClip(Rect(x: 100, y: 100, width: 100, height: 100))),
                DrawItem(.fill(.rect(Rect(x: 0, y: 0, width: 720, height: 1280)), .red)),
                DrawItem(.popClip),
            ])
            #expect(f.pixel(150, 150) == .red)
            #expect(f.pixel(199, 199) == .red)
            #expect(f.pixel(99, 150) == .black)
            #expect(f.pixel(200, 150) == .black)
        }

        @Test("a pop restores the drawing area to what it was before the push")
        func popRestores() throws {
            let f = try Fixture()
            try f.render([
                DrawItem(.pushClip(Rect(x: 0, y: 0, width: 100, height: 100))),
                DrawItem(.popClip),
                DrawItem(.fill(.rect(Rect(x: 200, y: 200, width: 10, height: 10)), .red)),
            ])
            #expect(f.pixel(205, 205) == .red)
        }

        @Test("nested clips intersect and a clip is given in the item's local coordinates")
        func nestedClipsIntersect() throws {
            let f = try Fixture()
            try f.render([
                DrawItem(.pushClip(Rect(x: 0, y: 0, width: 100, height: 100)), transform: .translation(100, 100)),
                DrawItem(.pushClip(Rect(x: 150, y: 150, width: 100, height: 100))),
                DrawItem(.fill(.rect(Rect(x: 0, y: 0, width: 720, height: 1280)), .green)),
                DrawItem(.popClip),
                DrawItem(.popClip),
            ])
            #expect(f.pixel(175, 175) == .green)
            #expect(f.pixel(120, 120) == .black)
            #expect(f.pixel(225, 225) == .black)
        }

        @Test("a clip that covers nothing skips the draws inside it")
        func emptyClipSkips() throws {
            let f = try Fixture()
            try f.render([
                DrawItem(.pushClip(Rect(x: 0, y: 0, width: 10, height: 10))),
                DrawItem(.pushClip(Rect(x: 50, y: 50, width: 10, height: 10))),
                DrawItem(.fill(.rect(Rect(x: 0, y: 0, width: 720, height: 1280)), .red)),
                DrawItem(.popClip),
                DrawItem(.popClip),
            ])
            #expect(f.pixel(5, 5) == .black)
            #expect(f.pixel(55, 55) == .black)
            #expect(f.target.stats.culled == 1)
        }

        @Test("a clip with absurd or NaN bounds neither traps nor lets drawing escape")
        func absurdClip() throws {
            let f = try Fixture()
            try f.render([
                DrawItem(.pushClip(Rect(x: -1e12, y: -1e12, width: 2e12, height: 2e12))),
                DrawItem(.fill(.rect(Rect(x: 0, y: 0, width: 1e12, height: 10)), .red)),
                DrawItem(.pushClip(Rect(x: .nan, y: 0, width: 10, height: 10))),
                DrawItem(.fill(.rect(Rect(x: 0, y: 100, width: 10, height: 10)), .green)),
                DrawItem(.popClip),
                DrawItem(.popClip),
            ])
            #expect(f.pixel(700, 5) == .red)
            #expect(f.pixel(5, 105) == .black)
        }

        @Test("an unbalanced pop is ignored and counted")
        func unbalancedPop() throws {
            let f = try Fixture()
            try f.render([DrawItem(.popClip), DrawItem(.fill(.rect(Rect(x: 0, y: 0, width: 10, height: 10)), .red))])
            #expect(f.pixel(5, 5) == .red)
            #expect(f.target.stats.unbalancedClipPops == 1)
        }
    }
}
