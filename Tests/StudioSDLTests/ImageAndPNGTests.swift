import CSDL2
import Foundation
import StudioKit
import Testing

@testable import StudioSDL

extension SDLTests {
    @Suite struct ImageAndPNGTests {
        @Test("an image asset is drawn stretched into its rect")
        func imageDraws() throws {
            let f = try Fixture()
            try f.writeImage("dot", width: 4, height: 4, color: .green)
            try f.render([DrawItem(.image(ImageRef("dot"), rect: Rect(x: 10, y: 10, width: 100, height: 100), tint: .white))])
            #expect(f.pixel(50, 50) == .green)
            #expect(f.pixel(105, 105) == .green)
            #expect(f.pixel(120, 50) == .black)
            #expect(f.target.rasterizer.imageCache.loads == 1)
        }

        @Test("an image without alpha is copied opaque, and blends when its tint is translucent")
        func opaqueImage() throws {
            let f = try Fixture()
            let path = f.assets.appendingPathComponent("images/rgb.png").path
            let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, 8, 8, 24, SDL_PIXELFORMAT_RGB24.rawValue))
            defer { SDL_FreeSurface(surface) }
            #expect(SDL_FillRect(surface, nil, SDL_MapRGB(surface.pointee.format, 0, 0, 255)) == 0)
            #expect(IMG_SavePNG(surface, path) == 0)
            let image = try f.target.rasterizer.imageCache.image(for: ImageRef("rgb"))
            #expect(image.isOpaque && image.width == 8 && image.color(x: 3, y: 3) == .blue)
            try f.render([
                DrawItem(.image(ImageRef("rgb"), rect: Rect(x: 0, y: 0, width: 40, height: 40), tint: .white)),
                DrawItem(
                    .image(ImageRef("rgb"), rect: Rect(x: 50, y: 0, width: 40, height: 40), tint: Color(r: 255, g: 255, b: 255, a: 128))),
            ])
            #expect(f.pixel(20, 20) == .blue)
            #expect(f.pixel(70, 20).isClose(to: Color(r: 0, g: 0, b: 128)), "got \(f.pixel(70, 20))")
        }

        @Test("an image's tint multiplies its colors")
        func imageTint() throws {
            let f = try Fixture()
            try f.writeImage("white", width: 2, height: 2, color: .white)
            try f.render([DrawItem(.image(ImageRef("white"), rect: Rect(x: 0, y: 0, width: 50, height: 50), tint: .red))])
            #expect(f.pixel(25, 25) == .red)
        }

        @Test("a written PNG loads back with the target's size")
        func pngRoundTrip() throws {
            let f = try Fixture()
            try f.render([DrawItem(.fill(.rect(Rect(x: 0, y: 0, width: 10, height: 10)), .red))])
            let path = f.assets.appendingPathComponent("frame.png").path
            try f.target.writePNG(to: path)
            let surface = try #require(IMG_Load(path))
            defer { SDL_FreeSurface(surface) }
            #expect(surface.pointee.w == 720)
            #expect(surface.pointee.h == 1280)
        }

        @Test("writing a PNG into a missing directory fails naming the path and does not create it")
        func pngMissingDirectory() throws {
            let f = try Fixture()
            let path = f.assets.appendingPathComponent("no-such-dir/frame.png").path
            let error = #expect(throws: FileOutputError.self) { try f.target.writePNG(to: path) }
            #expect(error?.description.contains(path) == true)
            #expect(error?.description.contains("does not exist") == true)
            #expect(!FileManager.default.fileExists(atPath: f.assets.appendingPathComponent("no-such-dir").path))
        }

        @Test("asked for directly, an image file that is not a PNG fails naming its path")
        func unreadableImage() throws {
            let f = try Fixture()
            let path = f.assets.appendingPathComponent("images/junk.png").path
            try Data("not a png".utf8).write(to: URL(fileURLWithPath: path))
            let error = #expect(throws: ImageFileError.self) {
                try f.target.rasterizer.imageCache.image(for: ImageRef("junk"))
            }
            #expect(error?.description.contains(path) == true)
        }
    }
}
