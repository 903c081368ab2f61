import Testing

@testable import StudioKit

@Suite("Tap recognizer")
struct TapRecognizerTests {
    private func taps(_ script: GestureTouchScript) -> (points: [Point], recognizer: TapRecognizer) {
        var tap = TapRecognizer()
        let points = script.events.compactMap { tap.handle($0) }
        return (points, tap)
    }

    @Test("a short still touch is a tap at the point where it went down")
    func shortStillTouch() {
        let (points, tap) = taps(GestureTouchScript(downAt: 100, 200).move(to: 103, 201, after: 0.05).up(after: 0.05))

        #expect(points == [Point(x: 100, y: 200)])
        #expect(tap.phase == .ended)
    }

    @Test("a touch that wanders exactly the slop away is still a tap")
    func withinSlop() {
        let (points, _) = taps(GestureTouchScript(downAt: 100, 200).move(to: 112, 200, after: 0.05).up(after: 0.05))

        #expect(points.count == 1)
    }

    @Test("a touch that moves past the slop is no tap, even when it comes back")
    func pastSlop() {
        let script = GestureTouchScript(downAt: 100, 200).move(to: 100, 213, after: 0.05)
            .move(to: 100, 200, after: 0.05).up(after: 0.05)
        let (points, tap) = taps(script)

        #expect(points.isEmpty)
        #expect(tap.failure == .movedBeyondSlop(distance: 13, slop: 12))
    }

    @Test("a touch held longer than the maximum duration is no tap")
    func heldTooLong() {
        let (points, tap) = taps(GestureTouchScript(downAt: 100, 200).up(after: 0.4))

        #expect(points.isEmpty)
        #expect(tap.failure == .heldTooLong(duration: 0.4, limit: 0.35))
    }

    @Test("a touch held exactly the maximum duration is still a tap")
    func heldExactlyTheLimit() {
        let (points, _) = taps(GestureTouchScript(downAt: 100, 200).up(after: 0.35))

        #expect(points.count == 1)
    }

    @Test("a cancelled touch is no tap")
    func cancelled() {
        let (points, tap) = taps(GestureTouchScript(downAt: 100, 200).cancel(after: 0.05))

        #expect(points.isEmpty)
        #expect(tap.failure == .cancelled)
    }

    @Test("a tap ignores the moves of another finger")
    func otherFingerIgnored() {
        var events = GestureTouchScript(downAt: 100, 200).up(after: 0.1).events
        events.insert(PointerEvent(.moved, id: 7, at: Point(x: 400, y: 900), time: 0.05), at: 1)
        var tap = TapRecognizer()

        #expect(events.compactMap { tap.handle($0) }.count == 1)
    }
}
