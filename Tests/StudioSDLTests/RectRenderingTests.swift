import StudioKit
import Testing

@testable import StudioSDL

extension SDLTests {
    @Suite struct RectRenderingTests {
        @Test("a filled rect colors the pixels inside it and leaves the outside black")
        func filledRect() throws {
            let f = try Fixture()
            try f.render([DrawItem(.fill(.rect(Rect(x: 100, y: 200, width: 50, height: 40)), .red))])
            #expect(f.pixel(100, 200) == .red)
            #expect(f.pixel(149, 239) == .red)
            #expect(f.pixel(150, 220) == .black)
            #expect(f.pixel(120, 240) == .black)
            #expect(f.pixel(99, 199) == .black)
        }

        @Test("a half-transparent rect blends over the rect below it")
        func alphaBlending() throws {
            let f = try Fixture()
            try f.render([
                DrawItem(.fill(.rect(Rect(x: 0, y: 0, width: 200, height: 200)), .blue)),
                DrawItem(.fill(.rect(Rect(x: 50, y: 50, width: 100, height: 100)), Color(r: 255, g: 0, b: 0, a: 128))),
            ])
            // straight alpha: out = src * a + dst * (1 - a), a = 128/255
            let expected = Color(r: 128, g: 0, b: 127)
            #expect(f.pixel(100, 100).isClose(to: expected), "got \(f.pixel(100, 100))")
            #expect(f.pixel(10, 10) == .blue)
        }

        @Test("a translated transform moves the rect by the translation")
        func translatedRect() throws {
            let f = try Fixture()
            try f.render([
                DrawItem(
                    .fill(.rect(Rect(x: 0, y: 0, width: 20, height: 20)), .green),
                    transform: .translation(300, 500))
            ])
            #expect(f.pixel(310, 510) == .green)
            #expect(f.pixel(10, 10) == .black)
            #expect(f.pixel(321, 510) == .black)
        }

        @Test("a stroked rect colors its border and not its interior")
        func strokedRect() throws {
            let f = try Fixture()
            try f.render([DrawItem(.stroke(.rect(Rect(x: 100, y: 100, width: 100, height: 100)), .red, width: 4))])
            #expect(f.pixel(100, 150) == .red)
            #expect(f.pixel(150, 199) == .red)
            #expect(f.pixel(150, 150) == .black)
            #expect(f.pixel(95, 150) == .black)
        }

        @Test("a translucent stroked rect is not blended twice at its corners")
        func strokeCornersBlendOnce() throws {
            let f = try Fixture()
            let half = Color(r: 255, g: 255, b: 255, a: 128)
            try f.render([DrawItem(.stroke(.rect(Rect(x: 100, y: 100, width: 100, height: 100)), half, width: 10))])
            #expect(f.pixel(98, 98) == f.pixel(98, 150))
        }

        @Test("an offscreen target at half size scales the logical frame down")
        func scaledTarget() throws {
            let f = try Fixture(width: 360, height: 640)
            try f.render([DrawItem(.fill(.rect(Rect(x: 100, y: 100, width: 200, height: 200)), .red))])
            #expect(f.pixel(60, 60) == .red)
            #expect(f.pixel(149, 149) == .red)
            #expect(f.pixel(160, 160) == .black)
            #expect(f.pixel(40, 40) == .black)
        }

        @Test("a transparent background leaves undrawn pixels with zero alpha")
        func transparentBackground() throws {
            let f = try Fixture(background: .clear)
            try f.render([DrawItem(.fill(.rect(Rect(x: 0, y: 0, width: 10, height: 10)), .red))])
            #expect(f.pixel(5, 5) == .red)
            #expect(f.pixel(50, 50).a == 0)
        }
    }
}
