import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Danmaku motion and taps")
struct DanmakuMotionTests {
    private func item(_ danmaku: DanmakuWidget, _ text: String) -> DanmakuOnScreen? {
        danmaku.onScreenItems.first { $0.text == text }
    }

    @Test("a longer comment moves faster, so every comment crosses the screen in the same time")
    func speedGrowsWithWidth() throws {
        let f = LiveFixture()
        let danmaku = try f.add(DanmakuWidget())
        #expect(danmaku.speed(forWidth: 400) > danmaku.speed(forWidth: 100))
        #expect(danmaku.speed(forWidth: 100) == 820.0 / 7)

        let short = "hi", long = String(repeating: "a much longer comment ", count: 2)
        danmaku.enqueue(DanmakuItem(text: short))
        danmaku.enqueue(DanmakuItem(text: long))
        f.step(danmaku)
        let startShort = try #require(item(danmaku, short)), startLong = try #require(item(danmaku, long))
        f.step(danmaku, 60)
        let movedShort = startShort.frame.minX - item(danmaku, short)!.frame.minX
        let movedLong = startLong.frame.minX - item(danmaku, long)!.frame.minX
        #expect(movedLong > movedShort * 1.5)
        // Both leave together, 7 s after they entered.
        f.step(danmaku, 6 * 60 - 2)
        #expect(danmaku.onScreen == 2)
        f.step(danmaku, 3)
        #expect(danmaku.onScreen == 0)
    }

    @Test("a tap on a scrolling comment pauses and highlights it for 3 s, then it moves on")
    func tapPauses() throws {
        let f = LiveFixture()
        let danmaku = try f.add(DanmakuWidget())
        let recorder = EventRecorder(f.studio.announcer, .roomTapped)
        danmaku.enqueue(DanmakuItem(text: "tap me please"))
        f.run(seconds: 2)
        let before = try #require(item(danmaku, "tap me please"))
        f.tap(at: danmaku.transformToRoot.apply(before.frame.center))
        #expect(recorder.count(of: .roomTapped) == 0)
        #expect(item(danmaku, "tap me please")?.isPaused == true)
        f.run(seconds: 2.5)
        let paused = try #require(item(danmaku, "tap me please"))
        #expect(paused.frame.minX == before.frame.minX)
        #expect(paused.isPaused)
        // The highlight: a rounded rect and its outline behind the text.
        let movable = f.draw().items(in: .movable)
        #expect(movable.contains { if case .stroke(.roundedRect, _, _) = $0.command { true } else { false } })
        f.run(seconds: 1)
        let resumed = try #require(item(danmaku, "tap me please"))
        #expect(!resumed.isPaused)
        #expect(resumed.frame.minX < paused.frame.minX)
    }

    @Test("a tap on the empty band goes through to the room and makes hearts")
    func tapOnEmptyBandMakesHearts() throws {
        let f = LiveFixture()
        let danmaku = try f.add(DanmakuWidget())
        danmaku.enqueue(DanmakuItem(text: "somewhere else"))
        f.run(seconds: 1)
        let recorder = EventRecorder(f.studio.announcer, .roomTapped)
        // The last lane is empty: the only comment took the first.
        let point = danmaku.transformToRoot.apply(Point(x: 360, y: danmaku.frame.height - 10))
        #expect(!danmaku.claimsTap(at: Point(x: 360, y: danmaku.frame.height - 10)))
        #expect(HitTester.hitTest(f.studio.root, at: point) !== danmaku)
        f.tap(at: point)
        f.run(seconds: GestureConfig().doubleTapInterval + 0.1)  // the room's double tap fails first
        #expect(recorder.count(of: .roomTapped) == 1)
        f.step()
        #expect((f.hearts()?.heartCount ?? 0) > 0)
    }

    @Test("a paused comment holds its lane: the comments behind it wait with it and nothing new enters")
    func pausedHoldsLane() throws {
        let f = LiveFixture()
        var config = DanmakuConfiguration()
        config.bandHeight = config.laneHeight  // one lane
        let danmaku = try f.add(DanmakuWidget(configuration: config))
        danmaku.enqueue(DanmakuItem(text: "first"))
        f.step(danmaku, 60)
        danmaku.enqueue(DanmakuItem(text: "second"))
        f.step(danmaku, 30)
        let first = try #require(item(danmaku, "first"))
        #expect(item(danmaku, "second") != nil)
        #expect(danmaku.pause(at: first.frame.center))
        let second = try #require(item(danmaku, "second"))
        danmaku.enqueue(DanmakuItem(text: "third"))
        f.step(danmaku, 120)
        #expect(item(danmaku, "first")?.frame.minX == first.frame.minX)
        #expect(item(danmaku, "second")?.frame.minX == second.frame.minX)
        #expect(item(danmaku, "third") == nil)
        f.step(danmaku, 5 * 60)
        #expect(item(danmaku, "third") != nil)
        #expect(DanmakuLaneTests.violations(danmaku).isEmpty)
    }

    @Test("the demo feed, when switched on, keeps the barrage going and repeats for a seed")
    func demoFeed() throws {
        func run() throws -> [String] {
            let f = LiveFixture(seed: 3)
            var config = DanmakuConfiguration()
            config.demoInterval = 0.25
            let danmaku = try f.add(DanmakuWidget(configuration: config))
            // A comment every 0.25 s: 20 in (a little over) 5 s.
            f.step(danmaku, 5 * 60 + 5)
            #expect(danmaku.enqueued == 20)
            return danmaku.onScreenItems.map(\.text)
        }
        let a = try run()
        #expect(!a.isEmpty)
        #expect(try run() == a)
    }
}
