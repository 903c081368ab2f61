import Foundation
import StudioAppCore
import Studios
import Testing

@testable import StudioKit
@testable import StudioSDL

/// The bad image files a studio may meet, written into a test's assets folder.
enum BadImage: String, CaseIterable, CustomStringConvertible {
    case missing, empty, first20Bytes, cutAfterHeader, text, giant, zeroByZero

    var description: String { rawValue }

    static let realCover = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/images/cover-1.png")

    /// The file's bytes; nil for a file that is not there.
    func bytes() throws -> [UInt8]? {
        let real = try [UInt8](Data(contentsOf: Self.realCover))
        switch self {
        case .missing: return nil
        case .empty: return []
        case .first20Bytes: return Array(real.prefix(20))
        // The signature and IHDR pass the header check; there is no image data to decode.
        case .cutAfterHeader: return Array(real.prefix(PNGHeader.byteCount))
        case .text: return Array("Sorry, this picture has moved.\n".utf8)
        case .giant: return Self.header(real, width: 65535, height: 65535) + [UInt8](repeating: 0, count: 68 - 33)
        case .zeroByZero: return Self.header(real, width: 0, height: 0) + real[33...]
        }
    }

    /// `real`'s signature and IHDR with another size and the CRC to match.
    static func header(_ real: [UInt8], width: UInt32, height: UInt32) -> [UInt8] {
        var h = Array(real.prefix(PNGHeader.byteCount))
        for (i, v) in [(16, width), (20, height)] {
            h[i] = UInt8(v >> 24)
            h[i + 1] = UInt8(v >> 16 & 0xFF)
            h[i + 2] = UInt8(v >> 8 & 0xFF)
            h[i + 3] = UInt8(v & 0xFF)
        }
        let crc = CRC32.checksum(h[12..<29])
        h[29] = UInt8(crc >> 24)
        h[30] = UInt8(crc >> 16 & 0xFF)
        h[31] = UInt8(crc >> 8 & 0xFF)
        h[32] = UInt8(crc & 0xFF)
        return h
    }

    /// Writes the file as `<images>/<name>.png` (or removes it, for `.missing`).
    func write(into images: URL, name: String) throws {
        let url = images.appendingPathComponent(name + ".png")
        try? FileManager.default.removeItem(at: url)
        if let bytes = try bytes() { try Data(bytes).write(to: url) }
    }
}

extension SDLTests {
    @Suite struct ImageFailureTests {
        static let placeholderGrey = Color(r: 128, g: 128, b: 128)
        static let crossGrey = Color(r: 88, g: 88, b: 88)

        /// Draws image `name` into (100, 100, 200, 200) on black.
        static func draw(_ f: Fixture, _ name: String = "bad") throws {
            try f.render([DrawItem(.image(ImageRef(name), rect: Rect(x: 100, y: 100, width: 200, height: 200), tint: .white))])
        }

        @Test(
            "a bad image is drawn as a grey placeholder with a cross, warned about once, and never read again",
            arguments: BadImage.allCases)
        func placeholder(_ bad: BadImage) throws {
            let f = try Fixture()
            var warnings: [String] = []
            f.target.rasterizer.imageCache.warn = { warnings.append($0) }
            try bad.write(into: f.assets.appendingPathComponent("images"), name: "bad")
            let path = f.target.rasterizer.imageCache.path(for: ImageRef("bad"))

            try Self.draw(f)
            #expect(f.pixel(200, 130) == Self.placeholderGrey)
            #expect(f.pixel(150, 150) == Self.crossGrey)
            #expect(f.pixel(250, 150) == Self.crossGrey)
            #expect(f.pixel(90, 90) == .black)
            #expect(warnings.count == 1)
            #expect(warnings.first?.contains(path) == true, "\(warnings)")
            #expect(f.target.rasterizer.imageCache.failures.map(\.path) == [path])

            // Fixed on disk, it still is not read again: the failure is remembered.
            try Data(contentsOf: BadImage.realCover).write(to: URL(fileURLWithPath: path))
            try Self.draw(f)
            #expect(f.pixel(200, 130) == Self.placeholderGrey)
            #expect(warnings.count == 1)
            #expect(f.target.rasterizer.imageCache.loads == 0)
        }

        @Test("a PNG whose header passes but whose data is cut short fails in the decoder, named and explained")
        func decodeFailure() throws {
            let f = try Fixture()
            f.target.rasterizer.imageCache.warn = { _ in }
            let real = try Data(contentsOf: BadImage.realCover)
            try real.prefix(real.count / 2).write(to: f.assets.appendingPathComponent("images/half.png"))
            try Self.draw(f, "half")
            let failure = try #require(f.target.rasterizer.imageCache.failures.first)
            guard case .undecodable = failure.reason else {
                Issue.record("got \(failure)")
                return
            }
            #expect(failure.description.contains("half.png cannot be decoded"))
            #expect(f.pixel(200, 130) == Self.placeholderGrey)
        }

        @Test("a PNG claiming 65535x65535 is refused from its header before SDL_image decodes it")
        func giantNeverDecoded() throws {
            let f = try Fixture()
            f.target.rasterizer.imageCache.warn = { _ in }
            try BadImage.giant.write(into: f.assets.appendingPathComponent("images"), name: "giant")
            let clock = ContinuousClock()
            let took = try clock.measure { try Self.draw(f, "giant") }
            #expect(f.target.rasterizer.imageCache.failures.map(\.reason) == [.overBudget(width: 65535, height: 65535)])
            #expect(f.target.rasterizer.imageCache.loads == 0)
            #expect(took < .seconds(2), "refusing by the header took \(took)")
        }

        @Test("decoded images stay under the cache's byte budget, the least recently used evicted first")
        func decodedBudget() throws {
            let f = try Fixture()
            for name in ["a", "b", "c"] { try f.writeImage(name, width: 64, height: 64, color: .green) }
            let image = 64 * 64 * 4
            let cache = ImageCache(assetsDirectory: f.assets.path, runtime: f.fonts.runtime, decodedBudget: 2 * image + 100)
            for name in ["a", "b", "c"] { _ = try cache.image(for: ImageRef(name)) }
            #expect(cache.loads == 3)
            #expect(cache.decodedBytes == 2 * image)
            _ = try cache.image(for: ImageRef("c"))
            _ = try cache.image(for: ImageRef("b"))
            #expect(cache.loads == 3, "b and c are kept")
            _ = try cache.image(for: ImageRef("a"))
            #expect(cache.loads == 4, "a was evicted and loads again")
            _ = try cache.image(for: ImageRef("b"))
            #expect(cache.loads == 4, "b was used after c, so c went instead")
            _ = try cache.image(for: ImageRef("c"))
            #expect(cache.loads == 5)
        }

        @Test("a headless session with a corrupted cover keeps running, draws a placeholder and warns once")
        func sessionKeepsRunning() throws {
            let fm = FileManager.default
            let assets = fm.temporaryDirectory.appendingPathComponent("bad-cover-\(UUID().uuidString)")
            defer { try? fm.removeItem(at: assets) }
            let real = BadImage.realCover.deletingLastPathComponent().deletingLastPathComponent()
            try fm.copyItem(at: real, to: assets)
            try BadImage.text.write(into: assets.appendingPathComponent("images"), name: "cover-1")

            let backend = try OffscreenBackend(assetsDirectory: assets.path)
            var warnings: [String] = []
            backend.target.rasterizer.imageCache.warn = { warnings.append($0) }
            let clock = ManualClock()
            var options = StudioApp.Options(assets: assets)
            options.lockstep = true
            let driver = try StudioApp(options: options, backend: backend, clock: clock).driver
            defer { driver.shutdown() }
            #expect(driver.studio.room.cover == ImageRef("cover-1"))
            try driver.run(frames: 30, paced: false) { clock.advance(by: driver.loop.step) }

            #expect(backend.framesRendered == 30)
            let cover = assets.appendingPathComponent("images/cover-1.png").path
            #expect(warnings.count == 1)
            #expect(warnings.first?.contains("\(cover) is not a PNG (it looks like text)") == true, "\(warnings)")
            // The background layer alone: the cover's placeholder under the cover widget's
            // 30% black (grey 128 to about 90), its cross darker still.
            try backend.target.render(driver.displayList.filtered(to: [.background]))
            let plain = try #require(backend.target.pixel(x: 360, y: 200))
            #expect(plain.r == plain.g && plain.g == plain.b && (85...95).contains(plain.r), "got \(plain)")
            let cross = try #require(backend.target.pixel(x: 360, y: 640))
            #expect(cross.r == cross.g && cross.r < plain.r - 20, "got \(cross)")
        }
    }
}
