import Foundation
import StudioKit
import Testing

@testable import StudioSDL

extension SDLTests {
    /// The renderer's time per display-list item, which the bench sums per widget: counted
    /// for the items whose pixels were drawn in that render, and for no other.
    @Suite struct ItemCostTests {
        static func list(square: Color) -> DisplayList {
            var list = DisplayList()
            list.beginLayer(.background)
            list.append(DrawItem(.fill(.rect(Rect(x: 0, y: 0, width: 720, height: 1280)), Color(hex: 0x102030))))
            // Off the screen: culled, no op, no cost.
            list.append(DrawItem(.fill(.rect(Rect(x: 900, y: 100, width: 50, height: 50)), .red)))
            list.endLayer()
            list.beginLayer(.movable)
            list.append(DrawItem(.fill(.rect(Rect(x: 100, y: 900, width: 80, height: 80)), square)))
            list.append(DrawItem(.text("cost", font: .regular(30), color: .white, origin: Point(x: 300, y: 180), alignment: .left)))
            list.endLayer()
            return list
        }

        static func target(composites: Bool) throws -> OffscreenTarget {
            let target = try OffscreenTarget(
                width: 720, height: 1280, fonts: try FontLibrary(), assetsDirectory: BandDeterminismTests.assets)
            target.rasterizer.composites = composites
            target.rasterizer.verifyEvery = 0
            return target
        }

        @Test("each drawn item has a cost, a culled one none, and measuring changes no pixel", arguments: [true, false])
        func drawnItemsCost(composites: Bool) throws {
            let measured = try Self.target(composites: composites), plain = try Self.target(composites: composites)
            measured.rasterizer.measuresItemCosts = true
            let list = Self.list(square: .white)
            try measured.render(list)
            try plain.render(list)
            let nanos = measured.rasterizer.lastItemNanos
            #expect(nanos.count == list.count)
            #expect(nanos[0] > 0 && nanos[2] > 0 && nanos[3] > 0, "\(nanos)")
            #expect(nanos[1] == 0, "an item off the screen draws nothing: \(nanos)")
            #expect(plain.rasterizer.lastItemNanos.isEmpty, "not measured unless asked")
            #expect(memcmp(measured.frame.pixels, plain.frame.pixels, 720 * 1280 * 4) == 0)
        }

        @Test("with the layer cache, an unchanged frame costs nothing, and a change costs where it drew")
        func cachedFramesCostWhatTheyRedraw() throws {
            let target = try Self.target(composites: true)
            target.rasterizer.measuresItemCosts = true
            try target.render(Self.list(square: .white))
            try target.render(Self.list(square: .white))
            #expect(target.rasterizer.lastItemNanos.allSatisfy { $0 == 0 }, "\(target.rasterizer.lastItemNanos)")
            try target.render(Self.list(square: .red))
            let nanos = target.rasterizer.lastItemNanos
            #expect(nanos[2] > 0, "the changed square is drawn again")
            #expect(nanos[3] == 0, "the text's tiles, far from the square, are kept: \(nanos)")
            target.rasterizer.measuresItemCosts = false
            try target.render(Self.list(square: .white))
            #expect(target.rasterizer.lastItemNanos.isEmpty)
        }

        @Test("an empty list measured first costs nothing and breaks nothing", arguments: [true, false])
        func emptyList(composites: Bool) throws {
            let target = try Self.target(composites: composites)
            target.rasterizer.measuresItemCosts = true
            try target.render(DisplayList())
            #expect(target.rasterizer.lastItemNanos.isEmpty)
            try target.render(Self.list(square: .white))
            #expect(target.rasterizer.lastItemNanos.count == 4)
        }
    }
}
