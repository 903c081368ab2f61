import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Danmaku modes: reverse and positioned")
struct DanmakuModeTests {
    private func item(_ danmaku: DanmakuWidget, _ text: String) -> DanmakuOnScreen? {
        danmaku.onScreenItems.first { $0.text == text }
    }

    @Test("a reverse comment enters at the left edge and crosses to the right in the same time a scrolling one takes")
    func reverseMovesLeftToRight() throws {
        let f = LiveFixture()
        let danmaku = try f.add(DanmakuWidget())
        danmaku.enqueue(DanmakuItem(text: "backwards", mode: .reverse))
        f.step(danmaku)
        let start = try #require(item(danmaku, "backwards"))
        #expect(start.mode == .reverse)
        #expect(start.frame.maxX == 0)
        f.step(danmaku, 60)
        let later = try #require(item(danmaku, "backwards"))
        #expect(abs(later.frame.minX - start.frame.minX - danmaku.speed(forWidth: start.frame.width)) < 1e-6)
        // It leaves past the right edge 7 s after it entered.
        f.step(danmaku, 6 * 60 - 2)
        #expect(item(danmaku, "backwards") != nil)
        f.step(danmaku, 3)
        #expect(danmaku.onScreen == 0)
        #expect(danmaku.shown == 1)
    }

    @Test("reverse and scrolling comments never share a lane while both are in it: they would meet head on")
    func reverseAndScrollTakeSeparateLanes() throws {
        let f = LiveFixture()
        let danmaku = try f.add(DanmakuWidget())
        danmaku.enqueue(DanmakuItem(text: "right to left"))
        danmaku.enqueue(DanmakuItem(text: "left to right", mode: .reverse))
        danmaku.enqueue(DanmakuItem(text: "again right to left"))
        f.step(danmaku, 3 * 60)
        danmaku.enqueue(DanmakuItem(text: "late reverse", mode: .reverse))
        f.step(danmaku)
        let lanes = Dictionary(uniqueKeysWithValues: danmaku.onScreenItems.map { ($0.text, $0.lane) })
        #expect(lanes["right to left"] == 0)
        #expect(lanes["left to right"] == 1)
        // The second scrolling one follows the first in lane 0 once there is room; the late
        // reverse one follows the first reverse one.
        #expect(lanes["late reverse"] == 1)
        #expect(lanes["again right to left"] != 1)
    }

    @Test("a reverse comment waits rather than catch up with the reverse comment ahead of it in its lane")
    func reverseKeepsTheGap() throws {
        let f = LiveFixture()
        var config = DanmakuConfiguration()
        config.bandHeight = config.laneHeight
        let danmaku = try f.add(DanmakuWidget(configuration: config))
        danmaku.enqueue(DanmakuItem(text: "hi", mode: .reverse))
        f.step(danmaku, 91)
        danmaku.enqueue(DanmakuItem(text: String(repeating: "long comment ", count: 3), mode: .reverse))
        f.step(danmaku)
        #expect(danmaku.onScreen == 1 && danmaku.queued == 1)
        var entered = false
        for _ in 0..<(8 * 60) {
            f.step(danmaku)
            entered = entered || danmaku.onScreen == 2
            #expect(DanmakuLaneTests.violations(danmaku).isEmpty)
        }
        #expect(entered)
    }

    @Test("a positioned comment holds its start, moves in a line to its end after its delay, and fades from alphaFrom to alphaTo")
    func positionedFollowsItsScript() throws {
        let f = LiveFixture()
        let danmaku = try f.add(DanmakuWidget())
        let motion = DanmakuMotion(
            start: Point(x: 0.1, y: 0.2), end: Point(x: 0.5, y: 0.6), alphaFrom: 1, alphaTo: 0,
            duration: 4, moveDuration: 2, moveDelay: 1)
        danmaku.enqueue(DanmakuItem(text: "placed", mode: .positioned(motion)))
        f.step(danmaku)
        let w = danmaku.frame.width, h = danmaku.frame.height
        func at(_ seconds: Double) throws -> DanmakuOnScreen {
            try #require(item(danmaku, "placed"), "no positioned comment at \(seconds) s")
        }
        let start = try at(0)
        #expect(start.mode == .positioned && start.lane == -1)
        #expect(abs(start.frame.minX - 0.1 * w) < 1e-9 && abs(start.frame.minY - 0.2 * h) < 1e-9)
        #expect(start.alpha == 1)
        f.step(danmaku, 60)  // 1 s: the delay is over, the move begins
        #expect(abs(try at(1).frame.minX - 0.1 * w) < 1e-6)
        f.step(danmaku, 60)  // 2 s: half way, half faded
        let middle = try at(2)
        #expect(abs(middle.frame.minX - 0.3 * w) < 1e-6 && abs(middle.frame.minY - 0.4 * h) < 1e-6)
        #expect(abs(middle.alpha - 0.5) < 1e-6)
        f.step(danmaku, 90)  // 3.5 s: arrived, and stays
        let end = try at(3.5)
        #expect(abs(end.frame.minX - 0.5 * w) < 1e-9 && abs(end.frame.minY - 0.6 * h) < 1e-9)
        #expect(abs(end.alpha - 0.125) < 1e-6)
        f.step(danmaku, 31)  // past 4 s: gone, counted as shown
        #expect(item(danmaku, "placed") == nil)
        #expect(danmaku.shown == 1)
    }

    @Test(
        "a positioned comment takes no lane: a scrolling one enters the top lane beside it, and it is drawn clipped to the band at its alpha"
    )
    func positionedIsOutsideTheLanes() throws {
        let f = LiveFixture()
        let danmaku = try f.add(DanmakuWidget())
        let motion = DanmakuMotion(start: Point(x: 0.9, y: 0), alphaFrom: 0.5, alphaTo: 0.5, duration: 3)
        danmaku.enqueue(DanmakuItem(text: "a sign in the corner", mode: .positioned(motion)))
        danmaku.enqueue(DanmakuItem(text: "passing by"))
        f.step(danmaku)
        #expect(item(danmaku, "passing by")?.lane == 0)
        f.canvas.reset()
        danmaku.draw(in: f.canvas)
        let commands = f.canvas.list.items.flatMap(\.flattened).map(\.command)
        let clip = try #require(commands.firstIndex(of: .pushClip(danmaku.bounds)))
        let text = try #require(
            commands.firstIndex {
                if case .text("a sign in the corner", let font, _, _, _) = $0 { !font.isSilhouette } else { false }
            })
        #expect(clip < text)
        if case .text(_, _, let color, _, _) = commands[text] { #expect(color.a == 128 || color.a == 127) }
    }

    @Test("a motion without a move stays at its start, and its alpha is clamped to 0...1")
    func motionEdges() {
        let still = DanmakuMotion(
            start: Point(x: 0.3, y: 0.3), end: Point(x: 0.9, y: 0.9), alphaFrom: 2, alphaTo: -1,
            duration: 2, moveDuration: 0)
        #expect(still.position(at: 1.5) == Point(x: 0.3, y: 0.3))
        #expect(still.alpha(at: 0) == 1)
        #expect(still.alpha(at: 2) == 0)
        #expect(DanmakuMotion(start: Point(x: 0.2, y: 0.4)).end == Point(x: 0.2, y: 0.4))
    }

    @Test("a mode's kind names it without its script, and only scroll and reverse move")
    func kinds() {
        let motion = DanmakuMotion(start: .zero)
        #expect([DanmakuMode.scroll, .top, .bottom, .reverse, .positioned(motion)].map(\.kind) == DanmakuModeKind.allCases)
        #expect(DanmakuModeKind.allCases.filter(\.isMoving) == [.scroll, .reverse])
        #expect(DanmakuModeKind.allCases.filter(\.isFixed) == [.top, .bottom])
    }
}
