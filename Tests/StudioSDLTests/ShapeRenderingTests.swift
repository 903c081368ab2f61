import Foundation
import StudioKit
import Testing

@testable import StudioSDL

extension SDLTests {
    @Suite struct ShapeRenderingTests {
        @Test("a filled circle covers its centre and not the corner of its bounding box")
        func circle() throws {
            let f = try Fixture()
            try f.render([DrawItem(.fill(.circle(center: Point(x: 300, y: 300), radius: 50), .green))])
            #expect(f.pixel(300, 300) == .green)
            #expect(f.pixel(345, 300) == .green)
            #expect(f.pixel(254, 254) == .black)
            #expect(f.pixel(345, 345) == .black)
        }

        @Test("a rect rotated by 45 degrees covers its centre but not its axis-aligned corner")
        func rotatedRect() throws {
            let f = try Fixture()
            let t = Transform.rotation(Double.pi / 4).then(.translation(360, 640))
            try f.render([DrawItem(.fill(.rect(Rect(x: -50, y: -50, width: 100, height: 100)), .red), transform: t)])
            #expect(f.pixel(360, 640) == .red)
            // The rotated square is a diamond reaching 70.7 px from the centre along the axes...
            #expect(f.pixel(360 + 65, 640) == .red)
            // ...and not the unrotated square's corner.
            #expect(f.pixel(360 - 45, 640 - 45) == .black)
        }

        @Test("a rounded rect leaves its corner empty and fills its middle")
        func roundedRect() throws {
            let f = try Fixture()
            try f.render([DrawItem(.fill(.roundedRect(Rect(x: 100, y: 100, width: 200, height: 100), radius: 30), .blue))])
            #expect(f.pixel(200, 150) == .blue)
            #expect(f.pixel(102, 150) == .blue)
            #expect(f.pixel(102, 102) == .black)
            #expect(f.pixel(297, 197) == .black)
        }

        @Test("a translucent rounded rect blends evenly: its pieces neither overlap nor leave gaps")
        func translucentRoundedRectEven() throws {
            let f = try Fixture()
            let r = Rect(x: 100.3, y: 100.7, width: 200, height: 120)
            try f.render([DrawItem(.fill(.roundedRect(r, radius: 30), Color(r: 255, g: 255, b: 255, a: 100)))])
            let inside = f.pixel(200, 160)
            #expect(inside.r > 90 && inside.r < 110, "got \(inside)")
            // Straight sides sit on whole pixels and only the corners are anti-aliased, so
            // every pixel away from the corners gets exactly one blend: a double blend
            // would be about 60 brighter, a gap black. Scan a row through the sides and a
            // column through the left corners, inside their arcs.
            for x in 101..<300 { #expect(f.pixel(x, 160).isClose(to: inside, tolerance: 1), "x \(x)") }
            for y in 111..<210 { #expect(f.pixel(120, y).isClose(to: inside, tolerance: 1), "y \(y)") }
        }

        @Test("a stroked circle colors its ring and not its centre")
        func strokedCircle() throws {
            let f = try Fixture()
            try f.render([DrawItem(.stroke(.circle(center: Point(x: 300, y: 300), radius: 50), .red, width: 6))])
            #expect(f.pixel(350, 300) == .red)
            #expect(f.pixel(300, 250) == .red)
            #expect(f.pixel(300, 300) == .black)
            #expect(f.pixel(360, 300) == .black)
        }

        @Test("a diagonal line of width 6 covers points along it and not beside it")
        func diagonalLine() throws {
            let f = try Fixture()
            try f.render([DrawItem(.fill(.line(from: Point(x: 100, y: 100), to: Point(x: 300, y: 300), width: 6), .green))])
            #expect(f.pixel(150, 150) == .green)
            #expect(f.pixel(250, 250) == .green)
            #expect(f.pixel(150, 170) == .black)
        }

        @Test("a horizontal line takes the rect fast path with flat ends")
        func horizontalLine() throws {
            let f = try Fixture()
            try f.render([DrawItem(.fill(.line(from: Point(x: 100, y: 100), to: Point(x: 200, y: 100), width: 4), .green))])
            #expect(f.pixel(150, 99) == .green)
            #expect(f.pixel(150, 104) == .black)
            #expect(f.pixel(201, 100) == .black)
            #expect(f.target.stats.rects == 1)
        }

        @Test("rotated circles are flattened finely enough that facets stray under a tenth of a pixel")
        func circleSegments() {
            #expect(Contour.circleSegments(radius: 2) == 12)
            #expect(Contour.circleSegments(radius: 10_000) == 256)
            for radius in [5.0, 20, 60, 200] {
                let n = Double(Contour.circleSegments(radius: radius))
                #expect(radius * (1 - cos(Double.pi / n)) <= 0.1, "radius \(radius): \(n) segments")
            }
        }
    }
}
