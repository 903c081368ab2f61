import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Danmaku lanes")
struct DanmakuLaneTests {
    /// Letters, digits and CJK, so widths vary per character as well as per length.
    static let alphabet: [Character] = Array("abcdefghijklmnopqrstuvwxyz0123456789 !?哈来了主播好美加油")

    static func randomText(_ random: inout SeededRandom) -> String {
        let length = 1 + random.index(below: 40)
        return String((0..<length).map { _ in random.pick(alphabet) })
    }

    /// Checks what must hold after every step; returns the broken invariants: no two comments
    /// in a lane (moving, fixed, of any size) closer than the gap, nothing over the limit, and
    /// every comment received accounted for.
    static func violations(_ danmaku: DanmakuWidget) -> [String] {
        var problems: [String] = []
        let gap = danmaku.configuration.gap, lh = danmaku.laneHeight
        var byLane: [Int: [DanmakuOnScreen]] = [:]
        for item in danmaku.onScreenItems where item.mode != .positioned {
            // Every lane of the current grid its box crosses (boxes outlast a change of grid).
            let first = Int((item.frame.minY / lh + 1e-9).rounded(.down))
            let last = max(first + 1, Int((item.frame.maxY / lh - 1e-9).rounded(.up)))
            for lane in first..<last { byLane[lane, default: []].append(item) }
        }
        for (lane, laneItems) in byLane {
            // Pairs whose boxes share rows (after a change of grid a lane may hold boxes
            // that do not), nearer than the gap.
            for (i, a) in laneItems.enumerated() {
                for b in laneItems[(i + 1)...] where a.frame.minY < b.frame.maxY && b.frame.minY < a.frame.maxY {
                    let (left, right) = a.frame.minX <= b.frame.minX ? (a, b) : (b, a)
                    if left.frame.maxX + gap > right.frame.minX + 1e-6 {
                        problems.append(
                            "lane \(lane): \(left.mode) '\(left.text)' ends at \(left.frame.maxX), "
                                + "\(right.mode) '\(right.text)' starts at \(right.frame.minX)")
                    }
                }
            }
        }
        if danmaku.onScreen > danmaku.configuration.maxOnScreen {
            problems.append("\(danmaku.onScreen) on screen, limit \(danmaku.configuration.maxOnScreen)")
        }
        let stats = danmaku.stats
        if !stats.isBalanced { problems.append("accounting: \(stats.accountedFor) counted, \(stats.received) received") }
        return problems
    }

    /// A random mode: mostly scrolling, some reverse, top, bottom, and now and then positioned.
    static func randomMode(_ random: inout SeededRandom) -> DanmakuMode {
        let roll = random.unit()
        switch roll {
        case ..<0.1: return .top
        case ..<0.2: return .bottom
        case ..<0.3: return .reverse
        case ..<0.33: return .positioned(DanmakuMotion(start: Point(x: random.unit(), y: random.unit()), duration: 2))
        default: return .scroll
        }
    }

    /// Mostly normal, some small and large.
    static func randomSize(_ random: inout SeededRandom) -> DanmakuSize {
        let roll = random.unit()
        return roll < 0.15 ? .large : roll < 0.3 ? .small : .normal
    }

    @Test(
        "no two comments of a lane ever overlap, in any mode and size (large ones across two lanes), over many random streams",
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
        var sawLarge = false, sawReverse = false
        for step in 0..<(30 * 60) {
            // Singles about twice a second, and now and then a burst of up to 30 at once.
            var arrivals = random.unit() < 0.035 ? 1 : 0
            if random.unit() < 0.01 { arrivals += 5 + random.index(below: 26) }
            for _ in 0..<arrivals {
                let mode = Self.randomMode(&random), size = Self.randomSize(&random)
                // Some repeats, so that overflow merges identical texts.
                let text = random.unit() < 0.15 ? "666" : Self.randomText(&random)
                danmaku.enqueue(DanmakuItem(user: "u", text: text, mode: mode, size: size))
            }
            // Now and then a tap on a moving comment pauses its lanes.
            if random.unit() < 0.01,
                let target = danmaku.onScreenItems.first(where: {
                    $0.mode.isMoving && $0.frame.midX < 700 && $0.frame.midX > 20
                })
            {
                danmaku.pause(at: target.frame.center)
            }
            f.step(danmaku)
            let items = danmaku.onScreenItems
            sawLarge = sawLarge || items.contains { $0.size == .large && $0.laneSpan == 2 }
            sawReverse = sawReverse || items.contains { $0.mode == .reverse }
            let problems = Self.violations(danmaku)
            try #require(problems.isEmpty, "seed \(seed), step \(step): \(problems)")
        }
        #expect(danmaku.peakOnScreen > 20)
        #expect(sawLarge && sawReverse)
        if seed % 3 == 0 { #expect(danmaku.merged + danmaku.dropped > 0) }
    }

    @Test("a comment waits rather than enter a lane whose last comment it would catch up with")
    func catchUpIsPrevented() throws {
        let f = LiveFixture()
        var config = DanmakuConfiguration()
        config.bandHeight = config.laneHeight  // one lane
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
        danmaku.enqueue(DanmakuItem(text: "top 1", mode: .top))
        danmaku.enqueue(DanmakuItem(text: "top 2", mode: .top))
        danmaku.enqueue(DanmakuItem(text: "bottom", mode: .bottom))
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
        danmaku.enqueue(DanmakuItem(text: "t1", mode: .top))
        f.step(danmaku, 60)
        danmaku.enqueue(DanmakuItem(text: "t2", mode: .top))
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
