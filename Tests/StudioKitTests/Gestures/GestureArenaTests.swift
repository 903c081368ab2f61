import Testing

@testable import StudioKit

extension GestureOutput {
    var dragInfo: DragInfo? {
        if case .drag(let info) = self { return info }
        return nil
    }
}

extension GestureRouter {
    /// Runs a script whose touch goes down on a widget that drags along `axes`.
    func run(_ script: GestureTouchScript, memberDrag axes: DragAxes) -> [GestureOutput] {
        let events = script.events
        guard let first = events.first else { return [] }
        return handle(first, memberDrag: axes) + events.dropFirst().flatMap { handle($0) }
    }
}

/// The arena with a widget in it: the order in which a widget's drag, the studio's swipes
/// and the tap win is decided in `GestureRouter.handle`; these tests pin it.
@Suite("Gesture arena: a widget's drag against the studio's swipes")
struct GestureArenaTests {
    @Test("a horizontal drag on a horizontal slider is the slider's: no swipe, began to ended")
    func sliderDragBeatsLiteSwipe() {
        let router = GestureRouter()
        let outputs = router.run(
            GestureTouchScript(downAt: 100, 640).move(to: 120, 641, after: 0.03)
                .move(to: 200, 642, after: 0.03).move(to: 300, 642, after: 0.03).up(after: 0.03), memberDrag: .horizontal)

        #expect(outputs.allSatisfy { $0.dragInfo != nil })
        #expect(outputs.compactMap(\.dragInfo?.phase) == [.began, .changed, .changed, .ended])
        #expect(outputs.last?.dragInfo?.translation == Point(x: 200, y: 2))
        #expect(router.lastResolution?.outcome == .drag)
    }

    @Test("the widget's drag wins even when it and a swipe would begin on the same sample")
    func dragWinsATie() {
        let router = GestureRouter()
        // One jump of 60 px: past both the drag's and the swipe's distance at once.
        let outputs = router.run(
            GestureTouchScript(downAt: 100, 640).move(to: 160, 640, after: 0.03).up(after: 0.03),
            memberDrag: .horizontal)
        #expect(outputs.compactMap(\.dragInfo?.phase) == [.began, .ended])
        #expect(outputs.compactMap(\.swipeInfo).isEmpty)
    }

    @Test("a vertical swipe over a horizontal slider still changes room: the slider's drag fails across its axis")
    func crossAxisGoesToTheStudio() {
        let router = GestureRouter()
        let outputs = router.run(
            GestureTouchScript(downAt: 360, 900).move(to: 362, 860, after: 0.03)
                .move(to: 364, 700, after: 0.03).up(after: 0.03), memberDrag: .horizontal)
        #expect(outputs.compactMap(\.dragInfo).isEmpty)
        #expect(outputs.compactMap(\.swipeInfo?.axis) == [.vertical, .vertical, .vertical])
        #expect(router.drag?.failure == .movedAcross(40))
    }

    @Test("a pad that drags freely keeps a drag in any direction")
    func freeDrag() {
        let router = GestureRouter()
        let outputs = router.run(
            GestureTouchScript(downAt: 300, 900).move(to: 300, 860, after: 0.03)
                .move(to: 260, 800, after: 0.03).up(after: 0.03), memberDrag: .free)
        #expect(outputs.compactMap(\.dragInfo?.phase) == [.began, .changed, .ended])
        #expect(outputs.compactMap(\.swipeInfo).isEmpty)
    }

    @Test("a still touch on a dragging widget is still a tap")
    func tapOnDraggingWidget() {
        let router = GestureRouter()
        let outputs = router.run(
            GestureTouchScript(downAt: 300, 900).move(to: 305, 903, after: 0.03).up(after: 0.03),
            memberDrag: .free)
        #expect(outputs == [.tap(Point(x: 300, y: 900))])
        #expect(router.drag?.failure == .lifted)
    }

    @Test("without a widget's drag, the next touch is the studio's again")
    func memberLeavesWithItsTouch() {
        let router = GestureRouter()
        _ = router.run(GestureTouchScript(downAt: 100, 640).move(to: 200, 640, after: 0.03).up(after: 0.03), memberDrag: .horizontal)
        let outputs = router.run(GestureTouchScript(downAt: 100, 640).move(to: 200, 640, after: 0.03).up(after: 0.03))
        #expect(router.drag == nil)
        #expect(outputs.compactMap(\.swipeInfo?.axis) == [.horizontal, .horizontal])
    }

    @Test("the resolution says the widget's drag won and how far it had moved")
    func resolutionWords() {
        let router = GestureRouter()
        _ = router.run(GestureTouchScript(downAt: 100, 640).move(to: 130, 640, after: 0.05).up(after: 0.03), memberDrag: .horizontal)
        #expect(router.lastResolution?.reason.hasPrefix("widget drag: moved 30, 0 px after 0.05 s") == true)
    }

    @Test("a hover is no touch: it yields nothing and leaves a touch in progress alone")
    func hoverIsNoTouch() {
        let router = GestureRouter()
        #expect(router.handle(PointerEvent(.hovered, at: Point(x: 10, y: 10), time: 0)).isEmpty)
        #expect(!router.isTracking)
        _ = router.handle(PointerEvent(.down, at: Point(x: 100, y: 640), time: 0.1))
        #expect(router.handle(PointerEvent(.hovered, at: Point(x: 600, y: 640), time: 0.12)).isEmpty)
        let outputs = router.handle(PointerEvent(.up, at: Point(x: 100, y: 640), time: 0.15))
        #expect(outputs == [.tap(Point(x: 100, y: 640))])
    }

    @Test("the resolution lists every recognizer that competed, the widget's drag by the widget's name")
    func competitorsListed() {
        let router = GestureRouter()
        _ = router.handle(PointerEvent(.down, at: Point(x: 100, y: 640), time: 0), memberDrag: .free, memberName: "clawPad")
        _ = router.handle(PointerEvent(.moved, at: Point(x: 140, y: 640), time: 0.05))
        #expect(router.lastResolution?.competitors == ["drag of clawPad", "tap", "horizontal swipe", "vertical swipe"])
        _ = router.handle(PointerEvent(.up, at: Point(x: 140, y: 640), time: 0.1))
        _ = router.run(GestureTouchScript(downAt: 100, 640).up(after: 0.05))
        #expect(router.lastResolution?.competitors == ["tap", "horizontal swipe", "vertical swipe"])
    }
}
