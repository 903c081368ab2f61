import Testing

@testable import StudioKit

@Suite("Vertical swipe recognizer")
struct VerticalSwipeTests {
    private func swipe(_ script: GestureTouchScript) -> (infos: [SwipeInfo], recognizer: SwipeRecognizer) {
        var s = SwipeRecognizer(axis: .vertical)
        let infos = s.run(script)
        return (infos, s)
    }

    @Test("a vertical swipe begins past the begin distance downward")
    func beginsDownward() {
        let (infos, _) = swipe(GestureTouchScript(downAt: 360, 600).move(to: 362, 615, after: 0.05))

        #expect(infos.map(\.phase) == [.began])
        #expect(infos.first?.direction == 1)
    }

    @Test("a vertical swipe reports progress as translation over the viewport height")
    func progressOverHeight() {
        let (infos, _) = swipe(
            GestureTouchScript(downAt: 360, 300).move(to: 360, 320, after: 0.05)
                .move(to: 365, 620, after: 0.05))

        #expect(infos.last?.progress == 0.25)
    }

    @Test("a vertical swipe commits when it travelled a fifth of the height")
    func commitsByDistance() {
        let script = GestureTouchScript(downAt: 360, 300).move(to: 360, 400, after: 1)
            .move(to: 360, 556, after: 1).up(after: 0.5)
        let (infos, _) = swipe(script)

        #expect(infos.last?.committed == true)
    }

    @Test("a vertical swipe travelling less than a fifth of the height slowly does not commit")
    func slowShortDoesNotCommit() {
        let script = GestureTouchScript(downAt: 360, 300).move(to: 360, 400, after: 1)
            .move(to: 360, 555, after: 1).up(after: 0.5)
        let (infos, _) = swipe(script)

        #expect(infos.last?.phase == .ended)
        #expect(infos.last?.committed == false)
    }

    @Test("a vertical swipe commits upward when released fast")
    func commitsUpwardByVelocity() {
        let script = GestureTouchScript(downAt: 360, 900).move(to: 360, 880, after: 0.02)
            .move(to: 360, 840, after: 0.02).move(to: 360, 820, after: 0.02).up(after: 0)
        let (infos, _) = swipe(script)

        #expect(infos.last?.direction == -1)
        #expect(infos.last?.committed == true)
    }

    @Test("a vertical swipe fails when the finger moves horizontally first")
    func failsOnHorizontalFirst() {
        let (infos, s) = swipe(
            GestureTouchScript(downAt: 360, 900).move(to: 380, 890, after: 0.05)
                .move(to: 380, 600, after: 0.05))

        #expect(infos.isEmpty)
        #expect(s.failure == .crossAxisDominated(along: -10, across: 20))
    }
}
