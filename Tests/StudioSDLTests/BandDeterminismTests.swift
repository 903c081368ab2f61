import Foundation
import StudioAppCore
import StudioKit
import Studios
import Testing

@testable import StudioSDL

extension SDLTests {
    /// Bands are drawn concurrently; the frame must not depend on how it was split.
    @Suite struct BandDeterminismTests {
        static var assets: String {
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Assets").path
        }

        /// The demo room's display list after `frames` frames (cover image, video scene,
        /// panels, comments, CJK text, hearts).
        static func demoList(frames: Int) throws -> DisplayList {
            let backend = try OffscreenBackend(assetsDirectory: assets)
            let clock = ManualClock()
            var options = StudioApp.Options(assets: URL(fileURLWithPath: assets))
            options.seed = 7
            options.lockstep = true
            let driver = try StudioApp(options: options, backend: backend, clock: clock).driver
            defer { driver.shutdown() }
            try driver.run(frames: frames, paced: false) { clock.advance(by: driver.loop.step) }
            return driver.displayList
        }

        /// Every path at once, with shapes straddling band boundaries: rotated text,
        /// images and polygons, rings, clips and translucency.
        static func everyPath() -> [DrawItem] {
            let turn = Transform.rotation(0.5).then(.translation(360, 640))
            return [
                DrawItem(.fill(.rect(Rect(x: 0, y: 0, width: 720, height: 1280)), Color(hex: 0x203040))),
                DrawItem(.image(ImageRef("cover-1"), rect: Rect(x: 0, y: 300, width: 500, height: 700), tint: .white)),
                DrawItem(
                    .image(
                        ImageRef("cover-2"), rect: Rect(x: -100, y: -150, width: 200, height: 300),
                        tint: Color(r: 255, g: 200, b: 200, a: 200)), transform: turn),
                DrawItem(.fill(.roundedRect(Rect(x: 40, y: 600, width: 600, height: 90), radius: 30), Color(r: 0, g: 0, b: 0, a: 120))),
                DrawItem(.stroke(.roundedRect(Rect(x: 60, y: 500, width: 300, height: 280), radius: 40), .white, width: 5)),
                DrawItem(.fill(.circle(center: Point(x: 500, y: 640), radius: 90), Color(r: 255, g: 80, b: 120, a: 200))),
                DrawItem(.stroke(.circle(center: Point(x: 500, y: 640), radius: 100), .white, width: 3)),
                DrawItem(.fill(.roundedRect(Rect(x: -60, y: -60, width: 120, height: 120), radius: 12), .green), transform: turn),
                DrawItem(.fill(.line(from: Point(x: 10, y: 400), to: Point(x: 700, y: 900), width: 7), .blue)),
                DrawItem(
                    .text("旋转 rotated", font: .bold(36), color: .white, origin: Point(x: 0, y: -20), alignment: .center), transform: turn),
                DrawItem(.pushClip(Rect(x: 100, y: 620, width: 520, height: 40))),
                DrawItem(
                    .text(
                        "clipped across the band edge", font: .regular(30), color: .red, origin: Point(x: 360, y: 625), alignment: .center)),
                DrawItem(.popClip),
            ]
        }

        static func render(_ list: DisplayList, bands: Int, fastPath: Bool = true) throws -> [UInt8] {
            let target = try OffscreenTarget(fonts: try FontLibrary(), assetsDirectory: assets)
            target.rasterizer.bandCount = bands
            target.rasterizer.opaqueFastPath = fastPath
            try target.render(list)
            #expect(target.stats.bands == bands)
            return target.rgbaBytes()
        }

        @Test("the demo studio's frame is byte-identical whether drawn in one band or several")
        func demoBandsAgree() throws {
            let list = try Self.demoList(frames: 150)
            #expect(list.count > 100, "the demo drew only \(list.count) items")
            let single = try Self.render(list, bands: 1)
            for bands in [2, 3, 4, 7] {
                #expect(try Self.render(list, bands: bands) == single, "\(bands) bands differ from one")
            }
        }

        @Test("every drawing path gives byte-identical frames in one band or several")
        func everyPathBandsAgree() throws {
            let list = displayList(Self.everyPath())
            let single = try Self.render(list, bands: 1)
            for bands in [2, 5, 16] {
                #expect(try Self.render(list, bands: bands) == single, "\(bands) bands differ from one")
            }
        }

        @Test("the opaque fast path (plain stores, row copies) gives the same bytes as blending everything")
        func opaqueFastPathEqualsBlending() throws {
            let list = displayList(Self.everyPath())
            #expect(try Self.render(list, bands: 2, fastPath: true) == Self.render(list, bands: 2, fastPath: false))
            let demo = try Self.demoList(frames: 60)
            #expect(try Self.render(demo, bands: 2, fastPath: true) == Self.render(demo, bands: 2, fastPath: false))
        }
    }
}
