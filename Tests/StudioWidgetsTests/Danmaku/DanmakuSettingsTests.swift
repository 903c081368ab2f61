import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Danmaku settings on the barrage")
struct DanmakuSettingsTests {
    private func item(_ danmaku: DanmakuWidget, _ text: String) -> DanmakuOnScreen? {
        danmaku.onScreenItems.first { $0.text == text }
    }

    private func flood(_ danmaku: DanmakuWidget, _ f: LiveFixture, seconds: Double, mode: DanmakuMode = .scroll) {
        for i in 0..<Int(seconds * 60) {
            if i % 3 == 0 { danmaku.enqueue(DanmakuItem(text: "comment \(i)", mode: mode)) }
            f.step(danmaku)
        }
    }

    @Test(
        "the display area uses only that share of the lanes from the top, bottom comments included",
        arguments: [(DanmakuArea.quarter, 2), (.half, 4), (.threeQuarters, 6), (.full, 9)])
    func areaLimitsLanes(area: DanmakuArea, lanes: Int) throws {
        let f = LiveFixture()
        var config = DanmakuConfiguration()
        config.bandHeight = 9 * config.laneHeight
        config.settings.area = area
        let danmaku = try f.add(DanmakuWidget(configuration: config))
        #expect(danmaku.usableLaneCount == lanes)
        var used = Set<Int>()
        for i in 0..<(6 * 60) {
            if i % 2 == 0 { danmaku.enqueue(DanmakuItem(text: "flood \(i)")) }
            if i % 20 == 0 { danmaku.enqueue(DanmakuItem(text: "low \(i)", mode: .bottom)) }
            f.step(danmaku)
            for item in danmaku.onScreenItems { used.formUnion(item.lane..<(item.lane + item.laneSpan)) }
        }
        #expect(used == Set(0..<lanes))
    }

    @Test("speed 2 crosses in half the time, 0.5 in twice the time")
    func speedChangesCrossingTime() throws {
        for (speed, seconds) in [(2.0, 3.5), (0.5, 14.0)] {
            let f = LiveFixture()
            var config = DanmakuConfiguration()
            config.settings.speed = speed
            let danmaku = try f.add(DanmakuWidget(configuration: config))
            danmaku.enqueue(DanmakuItem(text: "how fast"))
            f.step(danmaku)
            f.step(danmaku, Int(seconds * 60) - 2)
            #expect(danmaku.onScreen == 1, "speed \(speed)")
            f.step(danmaku, 3)
            #expect(danmaku.onScreen == 0, "speed \(speed)")
        }
    }

    @Test("a new speed applies to the comments on screen at once, from where they are")
    func speedAppliesOnScreen() throws {
        let f = LiveFixture()
        let danmaku = try f.add(DanmakuWidget())
        danmaku.enqueue(DanmakuItem(text: "moving"))
        f.step(danmaku, 61)
        let before = try #require(item(danmaku, "moving")).frame.minX
        f.step(danmaku, 60)
        let normalStep = before - (try #require(item(danmaku, "moving")).frame.minX)
        danmaku.changeSettings { $0.speed = 2 }
        let switched = try #require(item(danmaku, "moving")).frame.minX
        #expect(abs(switched - (before - normalStep)) < 1e-9)
        f.step(danmaku, 60)
        let fastStep = switched - (try #require(item(danmaku, "moving")).frame.minX)
        #expect(abs(fastStep - 2 * normalStep) < 1e-6)
    }

    @Test("opacity sets the band's alpha, so every comment drawn is that transparent")
    func opacity() throws {
        let f = LiveFixture()
        let danmaku = try f.add(DanmakuWidget())
        danmaku.enqueue(DanmakuItem(text: "see through"))
        f.step(30)
        danmaku.changeSettings { $0.opacity = 0.5 }
        #expect(danmaku.alpha == 0.5)
        let drawn = f.draw().items(in: .movable).flatMap(\.flattened).compactMap { item -> Color? in
            if case .text("see through", let font, let color, _, _) = item.command, !font.isSilhouette { return color }
            return nil
        }
        #expect(drawn.count == 1)
        #expect(drawn.first.map { $0.a == 127 || $0.a == 128 } == true)
    }

    @Test("font scale sizes text and lanes for new comments; those on screen keep their size, and lanes stay sound")
    func fontScale() throws {
        let f = LiveFixture()
        let danmaku = try f.add(DanmakuWidget())
        danmaku.enqueue(DanmakuItem(text: "before"))
        f.step(danmaku)
        danmaku.changeSettings { $0.fontScale = 1.25 }
        #expect(danmaku.laneHeight == 54)
        danmaku.enqueue(DanmakuItem(text: "after"))
        f.step(danmaku, 30)
        f.canvas.reset()
        danmaku.draw(in: f.canvas)
        var sizes: [String: Double] = [:]
        for drawn in f.canvas.list.items.flatMap(\.flattened) {
            if case .text(let s, let font, _, _, _) = drawn.command { sizes[s] = font.size }
        }
        #expect(sizes == ["before": 32, "after": 40])
        // The old comment still holds the top of the band: the new one goes below it.
        let after = try #require(item(danmaku, "after")), before = try #require(item(danmaku, "before"))
        #expect(after.frame.minY >= before.frame.maxY)
        var random = SeededRandom(seed: 4)
        for step in 0..<(12 * 60) {
            if random.unit() < 0.2 {
                danmaku.enqueue(
                    DanmakuItem(
                        text: DanmakuLaneTests.randomText(&random), mode: DanmakuLaneTests.randomMode(&random),
                        size: DanmakuLaneTests.randomSize(&random)))
            }
            if step % 120 == 0 { danmaku.changeSettings { $0.fontScale = [0.5, 0.8, 1, 1.25, 2][random.index(below: 5)] } }
            f.step(danmaku)
            try #require(DanmakuLaneTests.violations(danmaku).isEmpty, "step \(step)")
        }
    }

    @Test("a hidden mode blocks its comments as they arrive and takes those on screen off it, counting both")
    func hiddenModes() throws {
        let f = LiveFixture()
        let danmaku = try f.add(DanmakuWidget())
        danmaku.enqueue(DanmakuItem(text: "pinned", mode: .top))
        danmaku.enqueue(DanmakuItem(text: "passing"))
        f.step(danmaku)
        danmaku.changeSettings { $0.hiddenModes = [.top] }
        #expect(item(danmaku, "pinned") == nil)
        #expect(item(danmaku, "passing") != nil)
        danmaku.enqueue(DanmakuItem(text: "pinned again", mode: .top))
        f.step(danmaku)
        #expect(item(danmaku, "pinned again") == nil)
        #expect(danmaku.stats.blocked.mode == 2)
        #expect(danmaku.stats.isBalanced)
        // The row is free again for a top comment once top comments show again.
        danmaku.changeSettings { $0.hiddenModes = [] }
        danmaku.enqueue(DanmakuItem(text: "pinned at last", mode: .top))
        f.step(danmaku)
        #expect(item(danmaku, "pinned at last")?.lane == 0)
    }

    @Test("hiding colored danmaku blocks every comment that is not white, whatever its alpha")
    func coloredHidden() throws {
        let f = LiveFixture()
        var config = DanmakuConfiguration()
        config.settings.hidesColored = true
        let danmaku = try f.add(DanmakuWidget(configuration: config))
        danmaku.enqueue(DanmakuItem(text: "red", color: Color(hex: 0xFF0000)))
        danmaku.enqueue(DanmakuItem(text: "off white", color: Color(hex: 0xFFFFFE)))
        danmaku.enqueue(DanmakuItem(text: "white", color: Color.white.withAlpha(0.5)))
        f.step(danmaku)
        #expect(danmaku.onScreenItems.map(\.text) == ["white"])
        #expect(danmaku.stats.blocked.color == 2)
    }

    @Test("keywords block in any case, patterns where they match, users by name; each is counted by its reason")
    func blockLists() throws {
        let f = LiveFixture()
        var config = DanmakuConfiguration()
        try config.settings.blockList.block(keyword: "Spoiler")
        try config.settings.blockList.block(pattern: "^6+$")
        try config.settings.blockList.block(user: "troll")
        let danmaku = try f.add(DanmakuWidget(configuration: config))
        danmaku.enqueue(DanmakuItem(user: "a", text: "huge SPOILER ahead"))
        danmaku.enqueue(DanmakuItem(user: "b", text: "6666"))
        danmaku.enqueue(DanmakuItem(user: "c", text: "a 666 here"))
        danmaku.enqueue(DanmakuItem(user: "troll", text: "hello"))
        danmaku.enqueue(DanmakuItem(user: "Troll", text: "hi"))
        f.step(danmaku)
        #expect(Set(danmaku.onScreenItems.map(\.text)) == ["a 666 here", "hi"])
        let blocked = danmaku.stats.blocked
        #expect(blocked.keyword == 1 && blocked.regex == 1 && blocked.user == 1 && blocked.total == 3)
        #expect(danmaku.stats.isBalanced)
    }

    @Test("a block added at run time takes the matching comments off the screen and out of the queue")
    func blockAtRunTime() throws {
        let f = LiveFixture()
        var config = DanmakuConfiguration()
        config.bandHeight = config.laneHeight
        let danmaku = try f.add(DanmakuWidget(configuration: config))
        danmaku.enqueue(DanmakuItem(text: "buy followers now"))
        danmaku.enqueue(DanmakuItem(text: "buy cheap stuff"))
        danmaku.enqueue(DanmakuItem(text: "nice song"))
        f.step(danmaku)
        #expect(danmaku.onScreen == 1 && danmaku.queued == 2)
        danmaku.changeSettings { try? $0.blockList.block(keyword: "buy") }
        #expect(danmaku.onScreen == 0)
        #expect(danmaku.waitingTexts == ["nice song"])
        #expect(danmaku.stats.blocked.keyword == 2)
        // Its lane is free at once.
        f.step(danmaku)
        #expect(item(danmaku, "nice song")?.lane == 0)
    }

    @Test("merging duplicates folds identical comments into the one on screen, shown as \"666 ×12\"")
    func mergeOnScreen() throws {
        let f = LiveFixture()
        var config = DanmakuConfiguration()
        config.settings.mergesDuplicates = true
        let danmaku = try f.add(DanmakuWidget(configuration: config))
        danmaku.enqueue(DanmakuItem(text: "666"))
        f.step(danmaku)
        for _ in 0..<11 {
            danmaku.enqueue(DanmakuItem(text: "666"))
            f.step(danmaku, 6)
        }
        #expect(danmaku.onScreenItems.map(\.text) == ["666 ×12"])
        #expect(danmaku.merged == 11)
        let shown = try #require(item(danmaku, "666 ×12"))
        #expect(shown.frame.width == ApproximateTextMeasurer().measure("666 ×12", font: .bold(32)).width)
        #expect(danmaku.stats.isBalanced)
        #expect(DanmakuLaneTests.violations(danmaku).isEmpty)
    }

    @Test("a duplicate merges only within the window, and not into a comment whose growth would reach the one behind it")
    func mergeLimits() throws {
        let f = LiveFixture()
        var config = DanmakuConfiguration()
        config.bandHeight = config.laneHeight
        config.settings.mergesDuplicates = true
        config.settings.mergeWindow = 2
        let danmaku = try f.add(DanmakuWidget(configuration: config))
        danmaku.enqueue(DanmakuItem(text: "666"))
        f.step(danmaku, 150)
        danmaku.enqueue(DanmakuItem(text: "666"))  // 2.5 s later: a comment of its own
        f.step(danmaku)
        #expect(danmaku.onScreenItems.map(\.text) == ["666", "666"])
        #expect(danmaku.merged == 0)
        // The newest "666" has nothing behind it, so it grows.
        danmaku.enqueue(DanmakuItem(text: "666"))
        #expect(danmaku.onScreenItems.map(\.text) == ["666", "666 ×2"])
        #expect(DanmakuLaneTests.violations(danmaku).isEmpty)
    }

    @Test("a duplicate merges into the waiting one when it cannot grow the one on screen")
    func mergeIntoWaiting() throws {
        let f = LiveFixture()
        var config = DanmakuConfiguration()
        config.bandHeight = config.laneHeight
        config.settings.mergesDuplicates = true
        let danmaku = try f.add(DanmakuWidget(configuration: config))
        danmaku.enqueue(DanmakuItem(text: "wave"))
        f.step(danmaku)
        // As wide, so as fast: it follows as close as the gap allows.
        danmaku.enqueue(DanmakuItem(text: "wavy"))
        f.step(danmaku, 60)
        #expect(danmaku.onScreenItems.map(\.text) == ["wave", "wavy"])
        // "wave" cannot grow into "wavy" right behind it: the next wave waits...
        danmaku.enqueue(DanmakuItem(text: "wave"))
        danmaku.enqueue(DanmakuItem(text: "wave"))
        #expect(danmaku.onScreenItems.map(\.text) == ["wave", "wavy"])
        // ...and the one after it merges into it there.
        #expect(danmaku.waitingTexts == ["wave ×2"])
        #expect(danmaku.merged == 1)
        #expect(danmaku.stats.isBalanced)
    }

    @Test("over the density cap a new comment is dropped and counted, not queued")
    func densityCap() throws {
        let f = LiveFixture()
        var config = DanmakuConfiguration()
        config.settings.densityCap = 5
        let danmaku = try f.add(DanmakuWidget(configuration: config))
        for i in 0..<20 { danmaku.enqueue(DanmakuItem(text: "busy \(i)")) }
        #expect(danmaku.queued == 5)
        #expect(danmaku.stats.overDensity == 15)
        f.step(danmaku)
        #expect(danmaku.onScreen == 5)
        danmaku.enqueue(DanmakuItem(text: "one more"))
        #expect(danmaku.stats.overDensity == 16)
        #expect(danmaku.stats.isBalanced)
        // A lower cap at run time takes nothing off the screen, and lets nothing new on.
        danmaku.changeSettings { $0.densityCap = 2 }
        #expect(danmaku.onScreen == 5)
        f.step(danmaku, 8 * 60)
        danmaku.enqueue(DanmakuItem(text: "later"))
        f.step(danmaku)
        #expect(danmaku.onScreen == 1)
    }
}
