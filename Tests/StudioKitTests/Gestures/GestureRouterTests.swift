import Testing

@testable import StudioKit

@Suite("Gesture router")
struct GestureRouterTests {
    @Test("a short still touch yields exactly one tap")
    func shortTouchTaps() {
        let outputs = GestureRouter().run(GestureTouchScript(downAt: 100, 200).move(to: 102, 201, after: 0.05).up(after: 0.05))

        #expect(outputs == [.tap(Point(x: 100, y: 200))])
    }

    @Test(
        "a drag becomes a swipe along its dominant axis",
        arguments: [
            (Point(x: 30, y: 18), SwipeAxis.horizontal),
            (Point(x: -18, y: -30), SwipeAxis.vertical),
        ])
    func dominantAxisWins(offset: Point, axis: SwipeAxis) {
        let outputs = GestureRouter().run(
            GestureTouchScript(downAt: 360, 640)
                .move(to: 360 + offset.x, 640 + offset.y, after: 0.05).up(after: 0.05))

        #expect(outputs.compactMap(\.swipeInfo?.axis) == [axis, axis])
    }

    @Test("a drag along an exact diagonal is no gesture")
    func exactDiagonalIsNothing() {
        let router = GestureRouter()
        let outputs = router.run(GestureTouchScript(downAt: 360, 640).move(to: 390, 670, after: 0.05).up(after: 0.05))

        #expect(outputs.isEmpty)
        #expect(router.lastResolution?.outcome == .nothing)
    }

    @Test("a swipe reports began, then changed on each move, then ended")
    func swipePhaseOrder() {
        let outputs = GestureRouter().run(
            GestureTouchScript(downAt: 100, 640).move(to: 130, 640, after: 0.05)
                .move(to: 160, 640, after: 0.05).move(to: 200, 640, after: 0.05).up(after: 0.05))

        #expect(outputs.compactMap(\.swipeInfo?.phase) == [.began, .changed, .changed, .ended])
    }

    @Test("a swipe that began preempts the tap even within a generous slop")
    func swipePreemptsTap() {
        let router = GestureRouter(config: GestureConfig(tapSlop: 40))
        let outputs = router.run(
            GestureTouchScript(downAt: 100, 640).move(to: 120, 640, after: 0.05)
                .move(to: 100, 640, after: 0.05).up(after: 0.05))

        #expect(!outputs.contains { $0.isTap })
        #expect(router.tap.failure == .preempted)
    }

    @Test("once a swipe began, a turn of the finger never starts the other axis")
    func turnKeepsAxis() {
        let router = GestureRouter()
        let outputs = router.run(
            GestureTouchScript(downAt: 100, 640).move(to: 130, 640, after: 0.05)
                .move(to: 130, 1000, after: 0.05).up(after: 0.05))

        #expect(outputs.compactMap(\.swipeInfo?.axis) == [.horizontal, .horizontal, .horizontal])
    }

    @Test("a tap's resolution says how long and how far the touch went")
    func tapResolution() {
        let router = GestureRouter()
        _ = router.run(GestureTouchScript(downAt: 100, 100).move(to: 103, 100, after: 0.06).up(after: 0.06))

        #expect(router.lastResolution?.reason == "tap: up after 0.12 s within 3 px")
    }

    @Test("a swipe's resolution says how far it moved along and across when it began")
    func swipeResolution() {
        let router = GestureRouter()
        _ = router.run(
            GestureTouchScript(downAt: 100, 600).move(to: 140, 605, after: 0.05)
                .move(to: 400, 700, after: 0.05))

        #expect(router.lastResolution?.reason == "horizontal swipe: moved 40 px along, 5 across after 0.05 s")
    }

    @Test("a touch that is no gesture is explained recognizer by recognizer")
    func nothingResolution() {
        let router = GestureRouter()
        _ = router.run(GestureTouchScript(downAt: 100, 600).up(after: 0.5))

        #expect(
            router.lastResolution?.reason == "nothing: tap: held 0.50 s, longer than 0.35 s; "
                + "horizontal swipe: lifted after 0 px along, 0 across; vertical swipe: lifted after 0 px along, 0 across")
    }

    @Test("a second finger is ignored while the first is down")
    func secondFingerIgnored() {
        let router = GestureRouter()
        let first = GestureTouchScript(downAt: 100, 100).up(after: 0.2).events
        let second = GestureTouchScript(downAt: 500, 500, time: 0.05, id: 1).move(to: 500, 900, after: 0.05)
            .up(after: 0.05).events
        let interleaved = [first[0]] + second + [first[1]]

        #expect(router.run(interleaved) == [.tap(Point(x: 100, y: 100))])
    }

    @Test("a finger going down after the previous touch came up is followed")
    func nextTouchFollowed() {
        let router = GestureRouter()
        _ = router.run(GestureTouchScript(downAt: 100, 100).up(after: 0.1))

        #expect(
            router.run(GestureTouchScript(downAt: 300, 300, time: 1, id: 4).up(after: 0.1))
                == [.tap(Point(x: 300, y: 300))])
    }

    @Test("a second down of the followed finger cancels its swipe first")
    func repeatedDownCancels() {
        let router = GestureRouter()
        _ = router.run(GestureTouchScript(downAt: 100, 640).move(to: 200, 640, after: 0.05))

        let outputs = router.handle(PointerEvent(.down, at: Point(x: 50, y: 50), time: 0.2))

        #expect(outputs.compactMap(\.swipeInfo?.phase) == [.cancelled])
    }

    @Test("cancelling the touch ends a swipe in progress as cancelled")
    func cancelTouchCancelsSwipe() {
        let router = GestureRouter()
        _ = router.run(GestureTouchScript(downAt: 100, 640).move(to: 400, 640, after: 0.05))

        let outputs = router.cancelTouch(at: 0.1)

        #expect(outputs.compactMap(\.swipeInfo?.phase) == [.cancelled])
        #expect(!router.isTracking)
    }

    @Test("a configuration change takes effect at the next touch")
    func configAtNextTouch() {
        let router = GestureRouter()
        _ = router.handle(PointerEvent(.down, at: Point(x: 100, y: 100), time: 0))
        router.config.tapMaxDuration = 1
        let during = router.handle(PointerEvent(.up, at: Point(x: 100, y: 100), time: 0.5))
        let next = router.run(GestureTouchScript(downAt: 100, 100, time: 1).up(after: 0.5))

        #expect(during.isEmpty)
        #expect(next.count == 1)
    }
}
