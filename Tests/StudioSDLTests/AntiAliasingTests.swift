import Foundation
import StudioKit
import Testing

@testable import StudioSDL

extension SDLTests {
    @Suite struct AntiAliasingTests {
        @Test("a circle's edge pixels have intermediate coverage that falls off outward")
        func circleEdgeIsSmooth() throws {
            let f = try Fixture()
            try f.render([DrawItem(.fill(.circle(center: Point(x: 200.4, y: 300.7), radius: 40.3), .white))])
            // Along the row through the centre, going right from inside to outside.
            let row = (230..<250).map { Int(f.pixel($0, 300).r) }
            #expect(row.first == 255 && row.last == 0)
            #expect(row.contains { $0 > 0 && $0 < 255 }, "no partial pixel on the edge: \(row)")
            #expect(zip(row, row.dropFirst()).allSatisfy { $0 >= $1 }, "not falling off outward: \(row)")
            // All around the outline, not just where it is vertical: about one partial
            // pixel per pixel of circumference (2 pi r = 253).
            var partial = 0
            for y in 255..<348 { for x in 155..<247 where f.pixel(x, y).r > 0 && f.pixel(x, y).r < 255 { partial += 1 } }
            #expect(partial > 200, "only \(partial) partial pixels around the circle")
        }

        @Test("a circle's total coverage is its area")
        func circleCoverageIsItsArea() throws {
            let f = try Fixture()
            let r = 40.3
            try f.render([DrawItem(.fill(.circle(center: Point(x: 200.4, y: 300.7), radius: r), .white))])
            var sum = 0.0
            for y in 250..<352 { for x in 150..<252 { sum += Double(f.pixel(x, y).r) / 255 } }
            #expect(abs(sum - Double.pi * r * r) < 0.002 * Double.pi * r * r, "coverage \(sum)")
        }

        @Test("a rotated square's polygon coverage adds up to its area, with soft edges")
        func rotatedSquareCoverage() throws {
            let f = try Fixture()
            let t = Transform.rotation(0.3).then(.translation(360.3, 640.6))
            try f.render([DrawItem(.fill(.rect(Rect(x: -50, y: -50, width: 100, height: 100)), .white), transform: t)])
            var sum = 0.0, partial = 0
            for y in 560..<720 {
                for x in 280..<440 {
                    let v = Int(f.pixel(x, y).r)
                    sum += Double(v) / 255
                    if v > 0, v < 255 { partial += 1 }
                }
            }
            #expect(abs(sum - 10_000) < 10, "coverage \(sum)")
            #expect(partial > 200, "only \(partial) edge pixels are partial")
        }

        @Test("a rounded rect's straight sides are crisp and only its corners blend")
        func roundedRectSidesCrisp() throws {
            let f = try Fixture()
            try f.render([DrawItem(.fill(.roundedRect(Rect(x: 100, y: 100, width: 200, height: 100), radius: 20), .white))])
            #expect(f.pixel(150, 100) == .white && f.pixel(150, 99) == .black)
            #expect(f.pixel(100, 150) == .white && f.pixel(99, 150) == .black)
            // The corner arcs blend: partial pixels in the top-left corner square.
            var partial = 0
            for y in 100..<120 { for x in 100..<120 where f.pixel(x, y).r > 0 && f.pixel(x, y).r < 255 { partial += 1 } }
            #expect(partial >= 20, "only \(partial) partial pixels in the corner")
        }

        @Test("a translucent rounded-rect stroke blends once everywhere along its straight sides")
        func translucentRingEven() throws {
            let f = try Fixture()
            let half = Color(r: 255, g: 255, b: 255, a: 128)
            try f.render([DrawItem(.stroke(.roundedRect(Rect(x: 100, y: 100, width: 300, height: 200), radius: 30), half, width: 6))])
            let side = f.pixel(250, 100)
            #expect(side.isClose(to: Color(r: 128, g: 128, b: 128)), "got \(side)")
            for x in 135..<365 { #expect(f.pixel(x, 100) == side, "x \(x)") }
            for y in 135..<265 { #expect(f.pixel(100, y) == side, "y \(y)") }
            #expect(f.pixel(250, 200) == .black)
        }
    }
}
