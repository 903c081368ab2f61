import CSDL2
import Foundation
import StudioKit
import Testing

@testable import StudioSDL

/// An offscreen 720x1280 target with the system fonts and a fresh temporary assets folder.
final class Fixture {
    let fonts: FontLibrary
    let assets: URL
    let target: OffscreenTarget

    init(width: Int = 720, height: Int = 1280, background: Color = .black) throws {
        fonts = try FontLibrary()
        assets = FileManager.default.temporaryDirectory.appendingPathComponent("studiosdl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: assets.appendingPathComponent("images"),
            withIntermediateDirectories: true)
        target = try OffscreenTarget(
            width: width, height: height, fonts: fonts,
            assetsDirectory: assets.path, background: background)
    }

    deinit {
        try? FileManager.default.removeItem(at: assets)
    }

    func render(_ items: [DrawItem]) throws {
        try target.render(displayList(items))
    }

    /// The pixel at (x, y); black with zero alpha outside the surface, so a test fails
    /// on the color rather than crashing.
    func pixel(_ x: Int, _ y: Int) -> Color {
        target.pixel(x: x, y: y) ?? Color.clear
    }

    /// Pixels in `rect` that differ from the background.
    func paintedPixels(in rect: Rect) -> Int {
        var count = 0
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) where pixel(x, y) != target.background {
                count += 1
            }
        }
        return count
    }

    /// Writes a solid-color PNG to `<assets>/images/<name>.png`.
    func writeImage(_ name: String, width: Int32, height: Int32, color: Color) throws {
        let path = assets.appendingPathComponent("images/\(name).png").path
        let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
        defer { SDL_FreeSurface(surface) }
        let value = SDL_MapRGBA(surface.pointee.format, color.r, color.g, color.b, color.a)
        #expect(SDL_FillRect(surface, nil, value) == 0)
        #expect(IMG_SavePNG(surface, path) == 0)
    }

    /// A `cell`-pixel checkerboard of `a` and `b`: every stretch of it blends texels.
    func writeCheckerboard(_ name: String, width: Int32, height: Int32, cell: Int32, _ a: Color, _ b: Color) throws {
        let path = assets.appendingPathComponent("images/\(name).png").path
        let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
        defer { SDL_FreeSurface(surface) }
        for y in stride(from: 0, to: height, by: Int(cell)) {
            for x in stride(from: 0, to: width, by: Int(cell)) {
                let c = (x / cell + y / cell) % 2 == 0 ? a : b
                var r = SDL_Rect(x: x, y: y, w: cell, h: cell)
                #expect(SDL_FillRect(surface, &r, SDL_MapRGBA(surface.pointee.format, c.r, c.g, c.b, c.a)) == 0)
            }
        }
        #expect(IMG_SavePNG(surface, path) == 0)
    }
}

func displayList(_ items: [DrawItem]) -> DisplayList {
    var list = DisplayList()
    for item in items { list.append(item) }
    return list
}

extension Color {
    /// True when every channel is within `tolerance` of `other`'s.
    func isClose(to other: Color, tolerance: Int = 2) -> Bool {
        abs(Int(r) - Int(other.r)) <= tolerance && abs(Int(g) - Int(other.g)) <= tolerance
            && abs(Int(b) - Int(other.b)) <= tolerance && abs(Int(a) - Int(other.a)) <= tolerance
    }

    static let red = Color(r: 255, g: 0, b: 0)
    static let green = Color(r: 0, g: 255, b: 0)
    static let blue = Color(r: 0, g: 0, b: 255)
}
