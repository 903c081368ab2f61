import Testing

@testable import StudioKit

@Suite("Horizontal swipe recognizer")
struct HorizontalSwipeTests {
    private func swipe(_ script: GestureTouchScript) -> (infos: [SwipeInfo], recognizer: SwipeRecognizer) {
        var s = SwipeRecognizer(axis: .horizontal)
        let infos = s.run(script)
        return (infos, s)
    }

    @Test("a horizontal swipe stays possible up to the begin distance")
    func possibleUpToBeginDistance() {
        let (infos, s) = swipe(GestureTouchScript(downAt: 100, 600).move(to: 114, 600, after: 0.05))

        #expect(infos.isEmpty)
        #expect(s.phase == .possible)
    }

    @Test("a horizontal swipe begins past the begin distance with its translation and progress")
    func beginsPastBeginDistance() {
        let (infos, _) = swipe(GestureTouchScript(downAt: 100, 600).move(to: 115, 604, after: 0.05))

        #expect(infos.map(\.phase) == [.began])
        #expect(infos.first?.translation == 15)
        #expect(infos.first?.progress == 15.0 / 720)
    }

    @Test("a horizontal swipe in progress reports progress as translation over the viewport width")
    func progressOverWidth() {
        let script = GestureTouchScript(downAt: 500, 600).move(to: 480, 600, after: 0.05)
            .move(to: 320, 610, after: 0.05)
        let (infos, _) = swipe(script)

        #expect(infos.last?.phase == .changed)
        #expect(infos.last?.progress == -0.25)
    }

    @Test("progress stops at one when the finger goes past the viewport's width")
    func progressClamped() {
        let (infos, _) = swipe(
            GestureTouchScript(downAt: 0, 600).move(to: 30, 600, after: 0.05)
                .move(to: 900, 600, after: 0.05))

        #expect(infos.last?.progress == 1)
    }

    @Test("a horizontal swipe commits when it travelled a fifth of the width, however slowly")
    func commitsByDistance() {
        let script = GestureTouchScript(downAt: 100, 600).move(to: 150, 600, after: 0.5)
            .move(to: 244, 600, after: 1).up(after: 0.5)
        let (infos, _) = swipe(script)

        #expect(infos.last?.phase == .ended)
        #expect(infos.last?.velocity == 0)
        #expect(infos.last?.committed == true)
    }

    @Test("a horizontal swipe commits when released fast, however short")
    func commitsByVelocity() {
        let script = GestureTouchScript(downAt: 100, 600).move(to: 120, 600, after: 0.02)
            .move(to: 140, 600, after: 0.02).move(to: 160, 600, after: 0.02).up(after: 0.01)
        let (infos, _) = swipe(script)

        #expect(infos.last?.translation == 60)
        #expect(infos.last?.committed == true)
    }

    @Test("a slow short horizontal drag does not commit")
    func slowShortDoesNotCommit() {
        let script = GestureTouchScript(downAt: 100, 600).move(to: 120, 600, after: 0.3)
            .move(to: 160, 600, after: 0.5).up(after: 0.2)
        let (infos, _) = swipe(script)

        #expect(infos.last?.phase == .ended)
        #expect(infos.last?.committed == false)
    }

    @Test("a fast flick back against the translation does not commit")
    func flickBackDoesNotCommit() {
        let script = GestureTouchScript(downAt: 100, 600).move(to: 230, 600, after: 0.5)
            .move(to: 120, 600, after: 0.1).up(after: 0.01)
        let (infos, _) = swipe(script)

        #expect(infos.last!.velocity < -700)
        #expect(infos.last?.committed == false)
    }

    @Test("the release velocity is measured over the last tenth of a second")
    func velocityOverRecentSamples() {
        let script = GestureTouchScript(downAt: 0, 600).move(to: 10, 600, after: 0.5)
            .move(to: 20, 600, after: 0.4).move(to: 120, 600, after: 0.1).up(after: 0)
        let (infos, _) = swipe(script)

        #expect(abs(infos.last!.velocity - 1000) < 1e-6)
    }

    @Test("a finger that rests before lifting releases with no velocity")
    func restBeforeLift() {
        let script = GestureTouchScript(downAt: 0, 600).move(to: 60, 600, after: 0.05).up(after: 0.3)
        let (infos, _) = swipe(script)

        #expect(infos.last?.velocity == 0)
    }

    @Test("a horizontal swipe fails when the finger moves vertically first")
    func failsOnVerticalFirst() {
        let script = GestureTouchScript(downAt: 100, 600).move(to: 103, 620, after: 0.05)
            .move(to: 300, 620, after: 0.05)
        let (infos, s) = swipe(script)

        #expect(infos.isEmpty)
        #expect(s.failure == .crossAxisDominated(along: 3, across: 20))
    }

    @Test("a horizontal swipe that never began fails when the finger lifts")
    func failsWhenLiftedEarly() {
        let (infos, s) = swipe(GestureTouchScript(downAt: 100, 600).move(to: 110, 600, after: 0.05).up(after: 0.05))

        #expect(infos.isEmpty)
        #expect(s.failure == .liftedBeforeBegin(along: 10, across: 0))
    }

    @Test("a cancelled horizontal swipe reports cancelled and does not commit")
    func cancelled() {
        let script = GestureTouchScript(downAt: 100, 600).move(to: 400, 600, after: 0.05).cancel(after: 0.01)
        let (infos, _) = swipe(script)

        #expect(infos.map(\.phase) == [.began, .cancelled])
        #expect(infos.last?.committed == false)
    }
}
