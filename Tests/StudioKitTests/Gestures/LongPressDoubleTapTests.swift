import Testing

@testable import StudioKit

extension GestureRouter {
    /// Runs a script whose touch goes down where `members` join the arena.
    func run(_ script: GestureTouchScript, members: GestureMembers) -> [GestureOutput] {
        let events = script.events
        guard let first = events.first else { return [] }
        return handle(first, members: members) + events.dropFirst().flatMap { handle($0) }
    }
}

/// The arena's time-decided gestures: the order is written in `GestureRouter.handle`; each
/// rule is pinned here, with the clock advanced by hand as the studio's steps advance it.
@Suite("Gesture arena: long press and double tap")
struct LongPressDoubleTapTests {
    static let comment = GestureMembers(longPress: "commentList")
    static let room = GestureMembers(doubleTap: "room")
    let p = Point(x: 200, y: 900)

    @Test("a finger resting past the long-press duration wins the long press on time alone, and no tap follows")
    func longPressWinsOnTime() {
        let router = GestureRouter()
        #expect(router.handle(PointerEvent(.down, at: p, time: 1), members: Self.comment).isEmpty)
        #expect(router.advance(to: 1.49).isEmpty)
        #expect(router.advance(to: 1.5) == [.longPress(p)])
        #expect(router.advance(to: 1.6).isEmpty, "a long press is reported once")
        #expect(router.handle(PointerEvent(.up, at: p, time: 1.8)).isEmpty)
        #expect(router.lastResolution?.outcome == .longPress)
        #expect(router.lastResolution?.reason == "long press of commentList: held 0.50 s within 0 px")
        #expect(router.lastResolution?.competitors == ["long press of commentList", "tap", "horizontal swipe", "vertical swipe"])
    }

    @Test("an event arriving after the duration is decided as if the clock had run first: long press, not nothing")
    func lateEventStillLongPress() {
        let router = GestureRouter()
        let outputs = router.run(
            GestureTouchScript(downAt: 200, 900).move(to: 204, 903, after: 0.2).up(after: 0.45),
            members: Self.comment)
        #expect(outputs == [.longPress(p)])
    }

    @Test("moving beyond the tap slop before the duration rejects the long press")
    func movingRejectsLongPress() {
        let router = GestureRouter()
        _ = router.run(GestureTouchScript(downAt: 200, 900).move(to: 200, 913, after: 0.1), members: Self.comment)
        #expect(router.advance(to: 2).isEmpty)
        #expect(router.longPress?.failure == .movedBeyondSlop(distance: 13, slop: 12))
    }

    @Test("on a widget that long-presses and scrolls, a vertical move scrolls: the drag wins and the press fails")
    func dragBeatsLongPress() {
        let router = GestureRouter()
        var members = Self.comment
        members.drag = .vertical
        members.dragName = "commentList"
        let outputs = router.run(GestureTouchScript(downAt: 200, 900).move(to: 200, 930, after: 0.1), members: members)
        #expect(outputs.compactMap(\.dragInfo?.phase) == [.began])
        #expect(router.advance(to: 2).isEmpty)
        #expect(router.longPress?.failure == .movedBeyondSlop(distance: 30, slop: 12))
    }

    @Test("a quick tap on a widget that long-presses is still an immediate tap")
    func quickTapOnLongPressWidget() {
        let router = GestureRouter()
        #expect(router.run(GestureTouchScript(downAt: 200, 900).up(after: 0.08), members: Self.comment) == [.tap(p)])
        #expect(router.longPress?.failure == .liftedEarly(duration: 0.08, limit: 0.5))
    }

    @Test("two quick close taps where a double tap is declared are one double tap at the second point; no single tap")
    func doubleTapRecognized() {
        let router = GestureRouter()
        #expect(router.run(GestureTouchScript(downAt: 200, 900).up(after: 0.06), members: Self.room).isEmpty)
        #expect(router.isHoldingTap)
        #expect(router.advance(to: 0.2).isEmpty)
        let second = router.run(GestureTouchScript(downAt: 210, 905, time: 0.25).up(after: 0.06), members: Self.room)
        #expect(second == [.doubleTap(Point(x: 210, y: 905))])
        #expect(router.advance(to: 5).isEmpty, "the held tap is never delivered after a double tap")
        #expect(router.lastResolution?.outcome == .doubleTap)
        #expect(router.lastResolution?.reason == "double tap of room: second touch down 0.19 s after the first tap, 11 px away")
        #expect(router.lastResolution?.competitors == ["double tap of room", "tap", "horizontal swipe", "vertical swipe"])
    }

    @Test("a single tap where a double tap is declared waits the interval, then is delivered at its own point")
    func singleTapDelayedWhereDeclared() {
        let router = GestureRouter()
        #expect(router.run(GestureTouchScript(downAt: 200, 900).up(after: 0.06), members: Self.room).isEmpty)
        #expect(router.nextDeadline == 0.36)
        #expect(router.advance(to: 0.36).isEmpty)
        #expect(router.advance(to: 0.37) == [.tap(p)])
        #expect(!router.isHoldingTap)
        #expect(router.lastResolution?.reason == "tap, released: the double tap of room failed (no second tap within 0.30 s)")
    }

    @Test("where no double tap is declared, the same tap is delivered on up")
    func tapImmediateElsewhere() {
        let router = GestureRouter()
        #expect(router.run(GestureTouchScript(downAt: 200, 900).up(after: 0.06)) == [.tap(p)])
        #expect(!router.isHoldingTap)
    }

    @Test("a second tap too far away releases the held tap first; the second is a tap of its own")
    func secondTooFar() {
        let router = GestureRouter()
        _ = router.run(GestureTouchScript(downAt: 200, 900).up(after: 0.06), members: Self.room)
        let outputs = router.run(GestureTouchScript(downAt: 300, 900, time: 0.2).up(after: 0.06))
        #expect(outputs == [.tap(p), .tap(Point(x: 300, y: 900))])
    }

    @Test("a second touch that swipes fails the double tap: the held tap comes before the swipe")
    func secondTouchSwipes() {
        let router = GestureRouter()
        _ = router.run(GestureTouchScript(downAt: 200, 900).up(after: 0.06), members: Self.room)
        let outputs = router.run(GestureTouchScript(downAt: 205, 900, time: 0.2).move(to: 205, 800, after: 0.05), members: Self.room)
        #expect(outputs.first == .tap(p))
        #expect(outputs.dropFirst().compactMap(\.swipeInfo?.axis) == [.vertical])
        #expect(router.doubleTap == nil)
    }

    @Test("a second touch on a widget that declares no double tap there releases the held tap")
    func secondOnAnotherWidget() {
        let router = GestureRouter()
        _ = router.run(GestureTouchScript(downAt: 200, 900).up(after: 0.06), members: Self.room)
        let outputs = router.run(
            GestureTouchScript(downAt: 205, 900, time: 0.2).up(after: 0.05),
            members: GestureMembers(doubleTap: "likeButton"))
        #expect(outputs == [.tap(p)])
        #expect(router.isHoldingTap, "the second tap is held for its own widget's double tap")
    }

    @Test("the timing is the injected clock's: the same script decides the same at any start time", arguments: [0.0, 1234.5])
    func clockIsInjected(start: Double) {
        let router = GestureRouter()
        _ = router.run(GestureTouchScript(downAt: 200, 900, time: start).up(after: 0.06), members: Self.room)
        #expect(router.advance(to: start + 0.3).isEmpty)
        #expect(router.advance(to: start + 0.4) == [.tap(p)])
    }
}
