import CSDL2
import Foundation
import StudioKit
import Testing

@testable import StudioSDL

extension SDLTests {
    @Suite struct TransformedTextureTests {
        @Test("a rotated image is resampled: its centre keeps the color, its corners' box stays empty")
        func rotatedImage() throws {
            let f = try Fixture()
            try f.writeImage("dot", width: 8, height: 8, color: .green)
            let t = Transform.rotation(Double.pi / 6).then(.translation(300, 300))
            try f.render([
                DrawItem(.image(ImageRef("dot"), rect: Rect(x: -50, y: -50, width: 100, height: 100), tint: .white), transform: t)
            ])
            #expect(f.target.stats.transformedImages == 1)
            #expect(f.pixel(300, 300) == .green)
            #expect(f.pixel(255, 255) == .black)
            // Edges are soft: some pixel on the boundary is partly green.
            let row = (330..<380).map { Int(f.pixel($0, 300).g) }
            #expect(row.contains { $0 > 0 && $0 < 255 }, "no soft edge: \(row)")
        }

        @Test("an image drawn 1:1 is copied exactly, and a stretched one is filtered")
        func imageCopyAndStretch() throws {
            let f = try Fixture()
            try f.writeImage("half", width: 20, height: 10, color: Color(r: 10, g: 20, b: 30))
            try f.render([
                DrawItem(.image(ImageRef("half"), rect: Rect(x: 5.2, y: 5.4, width: 20, height: 10), tint: .white)),
                DrawItem(.image(ImageRef("half"), rect: Rect(x: 100, y: 100, width: 60, height: 30), tint: .white)),
            ])
            #expect(f.target.stats.images == 1)
            #expect(f.target.stats.scaledImages == 1)
            #expect(f.pixel(5, 5) == Color(r: 10, g: 20, b: 30) && f.pixel(24, 14) == Color(r: 10, g: 20, b: 30))
            #expect(f.pixel(25, 5) == .black)
            #expect(f.pixel(159, 129) == Color(r: 10, g: 20, b: 30))
        }

        @Test("text in a half-size target is set at half the size, drawn 1:1, and stays visible")
        func scaledText() throws {
            let f = try Fixture(width: 360, height: 640)
            try f.render([DrawItem(.text("Hello", font: .bold(40), color: .white, origin: Point(x: 100, y: 100), alignment: .left))])
            #expect(f.target.stats.transformedTexts == 0)
            #expect(f.target.stats.texts == 1)
            #expect(f.paintedPixels(in: Rect(x: 50, y: 50, width: 70, height: 30)) > 100)
            #expect(f.paintedPixels(in: Rect(x: 0, y: 0, width: 49, height: 49)) == 0)
        }

        @Test("in a half-size target a stretch that holds its size is made once and drawn 1:1, with the same pixels")
        func stableStretchIsCached() throws {
            let f = try Fixture(width: 360, height: 640)
            try f.writeCheckerboard(
                "board", width: 64, height: 48, cell: 3, Color(r: 250, g: 40, b: 10), Color(r: 20, g: 90, b: 200, a: 180))
            let items = [DrawItem(.image(ImageRef("board"), rect: Rect(x: 20, y: 30, width: 150, height: 110), tint: .white))]
            try f.render(items)
            #expect(f.target.stats.scaledImages == 1)  // first frame: stretched in place
            let first = (0..<640).flatMap { y in (0..<360).map { x in f.pixel(x, y) } }
            try f.render(items)
            #expect(f.target.stats.scaledImages == 0 && f.target.stats.images == 1)  // then made once, copied
            let second = (0..<640).flatMap { y in (0..<360).map { x in f.pixel(x, y) } }
            #expect(first == second)
            #expect(Set(first).count > 4, "the stretch blended nothing")
        }

        @Test("text a widget scales itself keeps the resampled path in a half-size target too")
        func widgetScaledText() throws {
            let f = try Fixture(width: 360, height: 640)
            try f.render([
                DrawItem(
                    .text("Hello", font: .bold(20), color: .white, origin: Point(x: 50, y: 50), alignment: .left),
                    transform: .scale(1.5, 1.5))
            ])
            #expect(f.target.stats.transformedTexts == 1)
            #expect(f.paintedPixels(in: Rect(x: 30, y: 30, width: 60, height: 30)) > 100)
        }

        @Test("a transparent frame saves straight (un-premultiplied) colors with their alpha")
        func transparentPNGUnpremultiplies() throws {
            let f = try Fixture(background: .clear)
            try f.render([
                DrawItem(.fill(.rect(Rect(x: 0, y: 0, width: 10, height: 10)), Color(r: 255, g: 0, b: 0, a: 128))),
                DrawItem(.fill(.rect(Rect(x: 20, y: 0, width: 10, height: 10)), Color(r: 40, g: 160, b: 220, a: 64))),
            ])
            #expect(f.pixel(5, 5) == Color(r: 255, g: 0, b: 0, a: 128))
            let path = f.assets.appendingPathComponent("clear.png").path
            try f.target.writePNG(to: path)
            let loaded = try #require(IMG_Load(path))
            defer { SDL_FreeSurface(loaded) }
            let rgba = try #require(SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ABGR8888.rawValue, 0))
            defer { SDL_FreeSurface(rgba) }
            let bytes = rgba.pointee.pixels.assumingMemoryBound(to: UInt8.self)
            let pitch = Int(rgba.pointee.pitch)
            func read(_ x: Int, _ y: Int) -> Color {
                let p = bytes + y * pitch + x * 4
                return Color(r: p[0], g: p[1], b: p[2], a: p[3])
            }
            #expect(read(5, 5) == Color(r: 255, g: 0, b: 0, a: 128))
            #expect(read(25, 5).isClose(to: Color(r: 40, g: 160, b: 220, a: 64), tolerance: 2), "got \(read(25, 5))")
            #expect(read(50, 50).a == 0)
        }
    }
}
