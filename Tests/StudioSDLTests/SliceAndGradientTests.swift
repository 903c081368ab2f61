import CSDL2
import Foundation
import StudioKit
import Testing

@testable import StudioSDL

extension SDLTests {
    @Suite struct SliceAndGradientTests {
        static let top = Color(r: 250, g: 20, b: 40), bottom = Color(r: 10, g: 200, b: 240)

        @Test("a vertical gradient paints each row the gradient's color at the row's middle, inside the shape only")
        func verticalGradient() throws {
            let f = try Fixture()
            let g = LinearGradient(colors: [Self.top, Self.bottom])
            try f.render([DrawItem(.gradient(.rect(Rect(x: 100, y: 100, width: 50, height: 200)), g))])
            for row in [0, 1, 57, 100, 199] {
                let expected = g.color(at: (Double(row) + 0.5) / 200)
                #expect(f.pixel(120, 100 + row).isClose(to: expected), "row \(row): \(f.pixel(120, 100 + row)) vs \(expected)")
            }
            #expect(f.pixel(120, 99) == .black && f.pixel(120, 300) == .black && f.pixel(99, 150) == .black && f.pixel(150, 150) == .black)
        }

        @Test("a horizontal gradient runs left to right and keeps the shape's outline (a circle leaves its box's corners)")
        func horizontalGradientCircle() throws {
            let f = try Fixture()
            let g = LinearGradient([.init(0, Self.top), .init(0.5, Self.bottom), .init(1, Self.bottom)], axis: .horizontal)
            try f.render([DrawItem(.gradient(.circle(center: Point(x: 300, y: 300), radius: 100), g))])
            #expect(f.pixel(200, 300).isClose(to: g.color(at: 0.5 / 200), tolerance: 130) && f.pixel(201, 300).r > 200)
            #expect(f.pixel(250, 300).isClose(to: g.color(at: 50.5 / 200)))
            #expect(f.pixel(350, 300).isClose(to: Self.bottom))
            #expect(f.pixel(205, 205) == .black && f.pixel(395, 395) == .black)
        }

        @Test("a nine-slice keeps its corners at their size, stretches its edges along them and its centre both ways")
        func nineSlice() throws {
            let f = try Fixture()
            // 30x30: 10 px red corners, green edges, a blue centre.
            try f.writeBlocks("frame", width: 30, height: 30) { x, y in
                let edgeX = x < 10 || x >= 20, edgeY = y < 10 || y >= 20
                return edgeX && edgeY ? .red : (edgeX || edgeY ? .green : .blue)
            }
            let insets = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
            try f.render([
                DrawItem(
                    .imageSlice(
                        ImageRef("frame"), source: nil, insets: insets,
                        rect: Rect(x: 100, y: 100, width: 200, height: 120), tint: .white))
            ])
            // Corners: 10x10 of red at each corner, exactly.
            for (x, y) in [(100, 100), (109, 109), (299, 100), (290, 109), (100, 219), (299, 219)] {
                #expect(f.pixel(x, y) == .red, "corner pixel \(x),\(y): \(f.pixel(x, y))")
            }
            // Edges: green along the whole stretched length; the centre blue (away from the seams).
            for (x, y) in [(150, 105), (250, 215), (104, 160), (295, 180)] {
                #expect(f.pixel(x, y) == .green, "edge pixel \(x),\(y): \(f.pixel(x, y))")
            }
            #expect(f.pixel(200, 160) == .blue && f.pixel(115, 115) == .blue && f.pixel(285, 205) == .blue)
            #expect(f.pixel(99, 160) == .black && f.pixel(300, 160) == .black && f.pixel(200, 220) == .black)
        }

        @Test("an image's source rect draws that part only: a sprite frame copied 1:1")
        func sourceRect() throws {
            let f = try Fixture()
            let colors: [Color] = [.red, .green, .blue, Color(r: 200, g: 200, b: 0)]
            try f.writeBlocks("sheet", width: 40, height: 10) { x, _ in colors[Int(x) / 10] }
            try f.render([
                DrawItem(
                    .imageSlice(
                        ImageRef("sheet"), source: Rect(x: 20, y: 0, width: 10, height: 10), insets: .zero,
                        rect: Rect(x: 50, y: 60, width: 10, height: 10), tint: .white))
            ])
            #expect(f.target.stats.images == 1)
            #expect(f.pixel(50, 60) == .blue && f.pixel(59, 69) == .blue)
            #expect(f.pixel(49, 60) == .black && f.pixel(60, 60) == .black && f.pixel(50, 70) == .black)
        }

        @Test("an image slice of a missing image draws the placeholder")
        func missing() throws {
            let f = try Fixture()
            try f.render([
                DrawItem(
                    .imageSlice(
                        ImageRef("nothing"), source: nil, insets: EdgeInsets(top: 4, left: 4, bottom: 4, right: 4),
                        rect: Rect(x: 10, y: 10, width: 100, height: 100), tint: .white))
            ])
            #expect(f.pixel(30, 60) == Color(r: 128, g: 128, b: 128))
        }
    }
}

extension Fixture {
    /// Writes a PNG whose pixel at (x, y) is `color(x, y)` (opaque colors).
    func writeBlocks(_ name: String, width: Int32, height: Int32, _ color: (Int32, Int32) -> Color) throws {
        let path = assets.appendingPathComponent("images/\(name).png").path
        let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
        defer { SDL_FreeSurface(surface) }
        for y in 0..<height {
            for x in 0..<width {
                let c = color(x, y)
                var r = SDL_Rect(x: x, y: y, w: 1, h: 1)
                #expect(SDL_FillRect(surface, &r, SDL_MapRGBA(surface.pointee.format, c.r, c.g, c.b, c.a)) == 0)
            }
        }
        #expect(IMG_SavePNG(surface, path) == 0)
    }
}
