import StudioKit
import Testing
@testable import Studios

@Suite("Danmaku lanes")
struct DanmakuLaneTests {
    /// Letters, digits and CJK, so widths vary per character as well as per length.
    static let alphabet: [Character] = Array("abcdefghijklmnopqrstuvwxyz0123456789 !?哈来了主播好美加油")

    static func randomText(_ random: inout SeededRandom) -> String {
        let length = 1 + random.index(below: 40)
        return String((0..<length).map { _ in random.pick(alphabet) })
    }

    /// Checks what must hold after every step; returns the broken invariants.
    static func violations(_ danmaku: DanmakuWidget) -> [String] {
        var problems: [String] = []
        let items = danmaku.onScreenItems
        let gap = danmaku.configuration.gap
        var byLane: [Int: [DanmakuOnScreen]] = [:]
        for item in items where item.style == .scroll { byLane[item.lane, default: []].append(item) }
        for (lane, laneItems) in byLane {
            let sorted = laneItems.sorted { $0.order < $1.order }
            for (a, b) in zip(sorted, sorted.dropFirst()) where a.frame.maxX + gap > b.frame.minX + 1e-6 {
                problems.append("lane \(lane): '\(a.text)' ends at \(a.frame.maxX), '\(b.text)' starts at \(b.frame.minX)")
            }
        }
        let fixed = items.filter { $0.style != .scroll }
        let rows = fixed.map(\.lane)
        if Set(rows).count != rows.count { problems.append("fixed comments share a row: \(rows.sorted())") }
        for f in fixed {
            for s in byLane[f.lane] ?? [] where s.frame.maxX + gap > f.frame.minX + 1e-6 {
                problems.append("lane \(f.lane): scrolling '\(s.text)' ends at \(s.frame.maxX), fixed '\(f.text)' starts at \(f.frame.minX)")
            }
        }
        if danmaku.onScreen > danmaku.configuration.maxOnScreen {
            problems.append("\(danmaku.onScreen) on screen, limit \(danmaku.configuration.maxOnScreen)")
        }
        let total = danmaku.shown + danmaku.dropped + danmaku.merged + danmaku.queued + danmaku.onScreen
        if total != danmaku.enqueued { problems.append("accounting: \(total) counted, \(danmaku.enqueued) enqueued") }
        return problems
    }

    @Test("no two comments of a lane ever overlap, scrolling or fixed, over many random streams",
          arguments: Array(UInt64(1)...12))
    func lanesNeverOverlap(seed: UInt64) throws {
        let f = LiveFixture(seed: seed)
        var config = DanmakuConfiguration()
        // Every third stream runs tight on room so that waiting, merging and dropping happen too.
        if seed % 3 == 0 {
            config.maxOnScreen = 40
            config.queueLimit = 30
        }
        let danmaku = try f.add(DanmakuWidget(configuration: config))
        var random = SeededRandom(seed: seed &* 7919)
        for step in 0..<(30 * 60) {
            // Singles about twice a second, and now and then a burst of up to 30 at once.
            var arrivals = random.unit() < 0.035 ? 1 : 0
            if random.unit() < 0.01 { arrivals += 5 + random.index(below: 26) }
            for _ in 0..<arrivals {
                let roll = random.unit()
                let style: DanmakuStyle = roll < 0.1 ? .top : roll < 0.2 ? .bottom : .scroll
                // Some repeats, so that overflow merges identical texts.
                let text = random.unit() < 0.15 ? "666" : Self.randomText(&random)
                danmaku.enqueue(DanmakuItem(user: "u", text: text, style: style))
            }
            // Now and then a tap on a scrolling comment pauses its lane.
            if random.unit() < 0.01, let target = danmaku.onScreenItems.first(where: { $0.style == .scroll && $0.frame.midX < 700 && $0.frame.midX > 20 }) {
                danmaku.pause(at: target.frame.center)
            }
            f.step(danmaku)
            let problems = Self.violations(danmaku)
            try #require(problems.isEmpty, "seed \(seed), step \(step): \(problems)")
        }
        #expect(danmaku.peakOnScreen > 20)
        if seed % 3 == 0 { #expect(danmaku.merged + danmaku.dropped > 0) }
    }

    @Test("a comment waits rather than enter a lane whose last comment it would catch up with")
    func catchUpIsPrevented() throws {
        let f = LiveFixture()
        var config = DanmakuConfiguration()
        config.bandHeight = config.laneHeight // one lane
        let danmaku = try f.add(DanmakuWidget(configuration: config))
        danmaku.enqueue(DanmakuItem(text: "hi"))
        f.step(danmaku)
        // After 1.5 s the short comment's tail is well inside the screen, but a long (fast)
        // comment would reach it before it leaves.
        f.step(danmaku, 90)
        danmaku.enqueue(DanmakuItem(text: String(repeating: "long comment ", count: 3)))
        f.step(danmaku)
        #expect(danmaku.onScreen == 1)
        #expect(danmaku.queued == 1)
        // It goes once the short one is far enough along, and never touches it.
        var entered = false
        for _ in 0..<(8 * 60) {
            f.step(danmaku)
            entered = entered || danmaku.onScreen == 2
            #expect(DanmakuLaneTests.violations(danmaku).isEmpty)
        }
        #expect(entered)
    }

    @Test("top comments fill rows from the band's top, bottom comments from its bottom, and leave after about 4 s")
    func fixedRows() throws {
        let f = LiveFixture()
        let danmaku = try f.add(DanmakuWidget())
        danmaku.enqueue(DanmakuItem(text: "top 1", style: .top))
        danmaku.enqueue(DanmakuItem(text: "top 2", style: .top))
        danmaku.enqueue(DanmakuItem(text: "bottom", style: .bottom))
        f.step(danmaku)
        let rows = Dictionary(uniqueKeysWithValues: danmaku.onScreenItems.map { ($0.text, $0.lane) })
        #expect(rows == ["top 1": 0, "top 2": 1, "bottom": danmaku.laneCount - 1])
        f.step(danmaku, 60 * 4 - 2)
        #expect(danmaku.onScreen == 3)
        f.step(danmaku, 3)
        #expect(danmaku.onScreen == 0)
        #expect(danmaku.shown == 3)
    }

    @Test("a fixed comment takes a lane clear of scrolling ones, and one that must wait does not hold back scrolling ones")
    func fixedWaitsWithoutBlockingScrolling() throws {
        let f = LiveFixture()
        var config = DanmakuConfiguration()
        config.bandHeight = 2 * config.laneHeight
        let danmaku = try f.add(DanmakuWidget(configuration: config))
        danmaku.enqueue(DanmakuItem(text: "a"))
        f.step(danmaku)
        // Lane 0's comment has only just entered: the top comment takes lane 1.
        danmaku.enqueue(DanmakuItem(text: "t1", style: .top))
        f.step(danmaku, 60)
        danmaku.enqueue(DanmakuItem(text: "t2", style: .top))
        danmaku.enqueue(DanmakuItem(text: "b"))
        f.step(danmaku)
        let lanes = Dictionary(uniqueKeysWithValues: danmaku.onScreenItems.map { ($0.text, $0.lane) })
        #expect(lanes == ["a": 0, "b": 0, "t1": 1])
        #expect(danmaku.waitingTexts == ["t2"])
        var shown = false
        for _ in 0..<(5 * 60) {
            f.step(danmaku)
            shown = shown || danmaku.onScreenItems.contains { $0.text == "t2" }
            #expect(DanmakuLaneTests.violations(danmaku).isEmpty)
        }
        #expect(shown)
    }
}
