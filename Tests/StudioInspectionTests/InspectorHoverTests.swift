import RoomFixtures
import StudioInspection
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("The inspector names what is under the pointer")
struct InspectorHoverTests {
    @Test("over the empty danmaku band it names the widget beneath, over a comment the band")
    func hoverThroughTheBand() throws {
        let f = LiveFixture()
        let danmaku = try f.add(DanmakuWidget())
        let below = Widget(name: "beneath", level: 205, frame: Rect(x: 0, y: danmaku.frame.minY, width: 720, height: 1000))
        try f.studio.add(below)
        danmaku.enqueue(DanmakuItem(text: "a comment to hover"))
        f.run(seconds: 1)
        let overlay = InspectorOverlay()
        let driverless = f.studio
        // The last lane is empty: the only comment took the first.
        let empty = danmaku.transformToRoot.apply(Point(x: 360, y: danmaku.frame.height - 10))
        overlay.track(PointerEvent(.hovered, at: empty, time: 1))
        #expect(overlay.hoveredWidget(in: driverless)?.name == "beneath")
        let onComment = try #require(
            (0..<72).lazy.map { danmaku.transformToRoot.apply(Point(x: Double($0) * 10, y: 20)) }
                .first { HitTester.hitTest(driverless.root, at: $0) === danmaku })
        overlay.track(PointerEvent(.hovered, at: onComment, time: 1))
        #expect(overlay.hoveredWidget(in: driverless) === danmaku)
        // Where nothing takes a tap, the cover is named, not a full-screen overlay.
        let open = try #require(
            stride(from: 5.0, to: 1280, by: 10).lazy.flatMap { y in
                stride(from: 5.0, to: 720, by: 10).lazy.map { Point(x: $0, y: y) }
            }.first { HitTester.hitTest(driverless.root, at: $0) == nil })
        overlay.track(PointerEvent(.hovered, at: open, time: 1))
        #expect(overlay.hoveredWidget(in: driverless)?.name == "cover")
    }
}
