import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Danmaku density and overflow")
struct DanmakuDensityTests {
    private func accountingHolds(_ d: DanmakuWidget) -> Bool {
        d.shown + d.dropped + d.merged + d.queued + d.onScreen == d.enqueued
    }

    @Test("never more than maxOnScreen comments are on screen; the rest wait and come on in arrival order")
    func densityLimitAndOrder() throws {
        let f = LiveFixture()
        var config = DanmakuConfiguration()
        config.maxOnScreen = 10
        config.maxWait = 600  // all of them wait their turn here; staleness is tested apart
        let danmaku = try f.add(DanmakuWidget(configuration: config))
        let texts = (0..<120).map { "comment \($0)" }
        for text in texts { danmaku.enqueue(DanmakuItem(text: text)) }
        var appeared: [String] = []
        var seen = Set<String>()
        for _ in 0..<(90 * 60) {
            f.step(danmaku)
            #expect(danmaku.onScreen <= 10)
            #expect(accountingHolds(danmaku))
            for item in danmaku.onScreenItems where seen.insert(item.text).inserted { appeared.append(item.text) }
        }
        #expect(danmaku.peakOnScreen == 10)
        #expect(appeared == texts)
        #expect(danmaku.shown == 120)
        #expect(danmaku.merged == 0 && danmaku.dropped == 0)
    }

    @Test("the viewer's own comment goes on screen at the first free lane, ahead of a busy room's queue")
    func ownCommentAtOnce() throws {
        let f = LiveFixture()
        var config = DanmakuConfiguration()
        config.maxOnScreen = 10
        config.maxWait = 600
        let danmaku = try f.add(DanmakuWidget(configuration: config))
        for i in 0..<300 { danmaku.enqueue(DanmakuItem(text: "busy \(i)")) }
        f.step(danmaku)
        #expect(danmaku.onScreen == 10, "the room is full")
        // An identical text of another viewer's waits in the queue: the own one is not folded into it.
        danmaku.enqueue(DanmakuItem(text: "busy 299"))
        danmaku.enqueue(DanmakuItem(text: "busy 299", isOwn: true))
        var frames = 0
        while !danmaku.onScreenItems.contains(where: { $0.isOwn }), frames < 600 {
            f.step(danmaku)
            frames += 1
        }
        #expect(frames < 60, "the own comment waited \(frames) frames")
        #expect(danmaku.onScreenItems.first { $0.isOwn }?.text == "busy 299")
        #expect(danmaku.queued > 200, "the others still wait their turn: \(danmaku.queued)")
        #expect(accountingHolds(danmaku))
    }

    @Test("when the queue is full, an identical waiting text absorbs the newcomer and shows as ×N")
    func mergeIntoWaiting() throws {
        let f = LiveFixture()
        var config = DanmakuConfiguration()
        config.queueLimit = 2
        let danmaku = try f.add(DanmakuWidget(configuration: config))
        danmaku.enqueue(DanmakuItem(text: "hello"))
        danmaku.enqueue(DanmakuItem(text: "666"))
        for _ in 0..<3 { danmaku.enqueue(DanmakuItem(text: "666")) }
        #expect(danmaku.merged == 3)
        #expect(danmaku.waitingTexts == ["hello", "666 ×4"])
        f.step(danmaku)
        #expect(danmaku.onScreenItems.map(\.text) == ["hello", "666 ×4"])
        #expect(accountingHolds(danmaku))
    }

    @Test("when the queue is full, duplicates waiting are merged first, then the oldest waiting is dropped")
    func mergeThenDrop() throws {
        let f = LiveFixture()
        var config = DanmakuConfiguration()
        config.queueLimit = 5
        let danmaku = try f.add(DanmakuWidget(configuration: config))
        for text in ["a", "b", "a", "c", "d"] { danmaku.enqueue(DanmakuItem(text: text)) }
        #expect(danmaku.queued == 5)
        danmaku.enqueue(DanmakuItem(text: "a"))  // merges into the first "a"
        #expect(danmaku.merged == 1)
        danmaku.enqueue(DanmakuItem(text: "e"))  // the second "a" merges into the first: room for "e"
        #expect(danmaku.merged == 2)
        #expect(danmaku.dropped == 0)
        #expect(danmaku.waitingTexts == ["a ×3", "b", "c", "d", "e"])
        danmaku.enqueue(DanmakuItem(text: "f"))  // no duplicate left: the oldest goes
        #expect(danmaku.dropped == 1)
        #expect(danmaku.waitingTexts == ["b", "c", "d", "e", "f"])
        #expect(danmaku.enqueued == 8)
        #expect(accountingHolds(danmaku))
    }

    @Test("a flood is bounded by the queue limit and every comment is accounted for once it drains")
    func floodDrains() throws {
        let f = LiveFixture()
        var config = DanmakuConfiguration()
        config.maxOnScreen = 30
        config.queueLimit = 100
        let danmaku = try f.add(DanmakuWidget(configuration: config))
        var random = SeededRandom(seed: 99)
        for i in 0..<2000 {
            let text = random.unit() < 0.3 ? "666" : "flood \(i % 400)"
            danmaku.enqueue(DanmakuItem(text: text))
            #expect(danmaku.queued <= 100)
        }
        #expect(danmaku.merged > 0 && danmaku.dropped > 0)
        f.step(danmaku, 120 * 60)
        #expect(danmaku.queued == 0 && danmaku.onScreen == 0)
        #expect(danmaku.shown + danmaku.merged + danmaku.dropped == 2000)
    }

    @Test("comments from the commentArrived event scroll in the barrage; danmakuArrived items keep their mode")
    func fromEvents() throws {
        let f = LiveFixture()
        let danmaku = try f.add(DanmakuWidget())
        f.publish(.commentArrived, Comment(user: "Mia", text: "hello", userColor: .white))
        f.publish(.danmakuArrived, DanmakuItem(user: "Leo", text: "pinned", mode: .top))
        f.step()
        let items = danmaku.onScreenItems
        #expect(items.first { $0.text == "hello" }?.mode == .scroll)
        #expect(items.first { $0.text == "pinned" }?.mode == .top)
        #expect(danmaku.enqueued == 2)
    }

    @Test("200 comments on screen cost one sprite each (text and shadow), and comments not yet in the screen are culled")
    func drawCost() throws {
        let f = LiveFixture()
        var config = DanmakuConfiguration()
        config.bandTop = 0
        config.bandHeight = 1280
        config.fontSize = 24
        let danmaku = try f.add(DanmakuWidget(configuration: config))
        var random = SeededRandom(seed: 5)
        var steps = 0
        while danmaku.onScreen < 200, steps < 60 * 20 {
            for _ in 0..<10 { danmaku.enqueue(DanmakuItem(text: String(repeating: "6", count: 1 + random.index(below: 4)))) }
            f.step(danmaku)
            steps += 1
        }
        #expect(danmaku.onScreen == 200)
        let visible = danmaku.onScreenItems.filter { $0.frame.minX < 720 && $0.frame.maxX > 0 }.count
        f.canvas.reset()
        danmaku.draw(in: f.canvas)
        // One sprite each: the line and its shadow, drawn once and then copied.
        #expect(f.canvas.list.count == visible)
        #expect(f.canvas.list.items.flatMap(\.flattened).count == 2 * visible)
    }

    @Test("the outline edge is a sprite of five items a comment: four dark silhouettes a pixel off on each diagonal, then the text")
    func outlineCost() throws {
        let f = LiveFixture()
        var config = DanmakuConfiguration()
        config.edge = .outline
        let danmaku = try f.add(DanmakuWidget(configuration: config))
        for i in 0..<20 { danmaku.enqueue(DanmakuItem(text: "outlined \(i)", mode: i % 4 == 0 ? .top : .scroll)) }
        f.step(danmaku, 60)
        let visible = danmaku.onScreenItems.filter { $0.frame.minX < 720 && $0.frame.maxX > 0 }
        f.canvas.reset()
        danmaku.draw(in: f.canvas)
        #expect(f.canvas.list.count == visible.count)
        let items = f.canvas.list.items.flatMap(\.flattened)
        #expect(items.count == 5 * visible.count)
        let first = try #require(visible.first)
        let origins = items.compactMap { item -> Point? in
            if case .text(first.text, let font, _, let origin, _) = item.command, font.isSilhouette { return origin }
            return nil
        }
        let text = try #require(
            items.compactMap { item -> Point? in
                if case .text(first.text, let font, _, let origin, _) = item.command, !font.isSilhouette { return origin }
                return nil
            }.first)
        #expect(
            Set(origins.map { Point(x: $0.x - text.x, y: $0.y - text.y) })
                == [Point(x: -1, y: -1), Point(x: 1, y: -1), Point(x: -1, y: 1), Point(x: 1, y: 1)])
    }
}

@Suite("Stale danmaku")
struct DanmakuStaleTests {
    @Test("a comment that waits longer than maxWait for room is dropped and counted; the counts still add up")
    func staleOnesGo() throws {
        let f = LiveFixture()
        var c = DanmakuConfiguration()
        c.maxOnScreen = 1
        c.maxWait = 2
        let danmaku = try f.add(DanmakuWidget(configuration: c))
        for i in 0..<5 { danmaku.enqueue(DanmakuItem(text: "comment \(i)")) }
        f.step()
        #expect(danmaku.onScreen == 1 && danmaku.queued == 4)
        f.run(seconds: 1.5)
        #expect(danmaku.queued == 4 && danmaku.dropped == 0, "not stale yet")
        f.run(seconds: 1)
        #expect(danmaku.queued == 0 && danmaku.dropped == 4)
        #expect(danmaku.stats.isBalanced, "\(danmaku.stats)")
    }
}
