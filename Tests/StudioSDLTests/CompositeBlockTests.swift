import Foundation
import StudioKit
import Testing

@testable import StudioSDL

extension SDLTests.LayerCompositorTests {
    /// A busy room's frame: a background that changes every frame, opaque bars over some
    /// rows of tiles and half of others (which change every other frame), sixty translucent
    /// comments that all move, a translucent box partly under the bars, and a label that changes every third frame. Rows of tiles
    /// then differ in what covers them, which surface they are drawn into and from which
    /// level, so some are drawn together as a block and some alone.
    static func busyRows(frame: Int, width: Double = 720, height: Double = 1280) -> DisplayList {
        var list = DisplayList()
        list.beginLayer(.background)
        let shade = UInt8(truncatingIfNeeded: 30 + frame * 9)
        list.append(DrawItem(.fill(.rect(Rect(x: 0, y: 0, width: width, height: height)), Color(r: shade, g: 40, b: 70))))
        list.endLayer()
        list.beginLayer(.displayer)
        let bar = Color(r: 20, g: UInt8(100 + frame / 2 % 2 * 50), b: 30)
        // Under the first bar, and showing above and below it.
        let under = Rect(x: 40 + Double(frame), y: 150, width: 400, height: 270)
        list.append(DrawItem(.fill(.roundedRect(under, radius: 40), Color(r: 200, g: 0, b: 0, a: 128))))
        // Rows 7 and 8 of tiles covered whole, row 9 in part: drawn as one block, row 9
        // would lose the box below the bar.
        list.append(DrawItem(.fill(.rect(Rect(x: 0, y: 224, width: width, height: 76)), bar)))
        list.append(DrawItem(.fill(.rect(Rect(x: 0, y: 500, width: width / 2, height: 64)), bar)))
        list.endLayer()
        list.beginLayer(.movable)
        for i in 0..<60 {
            let x = Double((i * 53 + frame * 7) % Int(width)) - 150
            let y = Double(i * 21 % max(1, Int(height) - 40))
            let box = Rect(x: x, y: y, width: 300, height: 40)
            list.append(DrawItem(.fill(.roundedRect(box, radius: 20), Color(r: 0, g: 0, b: 0, a: 110))))
            list.append(
                DrawItem(.text("comment \(i)", font: .regular(24), color: .white, origin: Point(x: x + 16, y: y + 6), alignment: .left)))
        }
        list.endLayer()
        list.beginLayer(.float)
        list.append(
            DrawItem(.text("label \(frame / 3)", font: .bold(40), color: .white, origin: Point(x: 100, y: 900), alignment: .left)))
        list.endLayer()
        return list
    }

    @Test("rows of tiles drawn alike are drawn as one block, rows that differ apart: the same pixels as the whole draw")
    func blocksOfRowsAgree() throws {
        for (width, height) in [(720, 1280), (97, 533)] {
            let pair = try Pair(width: width, height: height)
            for frame in 0..<8 {
                let list = Self.busyRows(frame: frame, width: Double(width), height: Double(height))
                #expect(try pair.renderAgrees(list), "\(width)x\(height), frame \(frame) differs")
            }
        }
    }
}
