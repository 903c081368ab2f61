import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Danmaku accounting")
struct DanmakuStatsTests {
    @Test(
        "every comment received is in exactly one place after every step of a random run with settings changing",
        arguments: Array(UInt64(1)...6))
    func invariantHolds(seed: UInt64) throws {
        let f = LiveFixture(seed: seed)
        var config = DanmakuConfiguration()
        config.maxOnScreen = 60
        config.queueLimit = 40
        let danmaku = try f.add(DanmakuWidget(configuration: config))
        var random = SeededRandom(seed: seed &* 104_729)
        let users = ["a", "b", "troll"]
        let colors = [Color.white, Color.white, Color(hex: 0xFF0000)]
        for step in 0..<(40 * 60) {
            for _ in 0..<(random.unit() < 0.1 ? 1 + random.index(below: 8) : 0) {
                let text = random.unit() < 0.3 ? random.pick(["666", "hi", "spoiler alert", "6666"]) : DanmakuLaneTests.randomText(&random)
                danmaku.enqueue(
                    DanmakuItem(
                        user: random.pick(users), text: text, color: random.pick(colors),
                        mode: DanmakuLaneTests.randomMode(&random), size: DanmakuLaneTests.randomSize(&random)))
            }
            if random.unit() < 0.01 {
                let change = random.index(below: 9)
                danmaku.changeSettings { s in
                    switch change {
                    case 0: s.hiddenModes = Set(DanmakuModeKind.allCases.filter { _ in random.unit() < 0.3 })
                    case 1: s.hidesColored.toggle()
                    case 2: if s.blockList.isEmpty { try? s.blockList.block(keyword: "SPOILER") } else { s.blockList.removeAll() }
                    case 3: try? s.blockList.block(pattern: "^6+$")
                    case 4: try? s.blockList.block(user: "troll")
                    case 5: s.mergesDuplicates.toggle()
                    case 6: s.densityCap = random.unit() < 0.5 ? nil : 5 + random.index(below: 40)
                    case 7: s.area = random.pick(DanmakuArea.allCases)
                    default: s.speed = random.pick([0.5, 1, 1.5, 2])
                    }
                }
            }
            f.step(danmaku)
            let stats = danmaku.stats
            try #require(stats.isBalanced, "seed \(seed), step \(step): \(stats)")
            try #require(DanmakuLaneTests.violations(danmaku).isEmpty, "seed \(seed), step \(step)")
        }
        let stats = danmaku.stats
        #expect(stats.received > 500)
        #expect(stats.blocked.total > 0 && stats.shown > 0)
    }

    @Test("the stats count each place apart and sum them")
    func sums() {
        var stats = DanmakuStats()
        stats.received = 28
        stats.shown = 1
        stats.onScreen = 2
        stats.queued = 3
        stats.blocked.keyword = 1
        stats.blocked.regex = 1
        stats.blocked.user = 1
        stats.blocked.color = 1
        stats.blocked.mode = 1
        stats.merged = 5
        stats.overDensity = 6
        stats.dropped = 6
        #expect(stats.blocked.total == 5)
        #expect(stats.accountedFor == 28)
        #expect(stats.isBalanced)
        stats.dropped = 7
        #expect(!stats.isBalanced)
    }
}
