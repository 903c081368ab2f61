import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Danmaku sizes")
struct DanmakuSizeTests {
    private func drawnFonts(_ danmaku: DanmakuWidget, _ f: LiveFixture) -> [String: FontSpec] {
        f.canvas.reset()
        danmaku.draw(in: f.canvas)
        var fonts: [String: FontSpec] = [:]
        for item in f.canvas.list.items.flatMap(\.flattened) {
            if case .text(let s, let font, _, _, _) = item.command, !font.isSilhouette { fonts[s] = font }
        }
        return fonts
    }

    @Test("small, normal and large are drawn at 18/25, 1 and 36/25 of the font size, as Bilibili's 18, 25 and 36")
    func sizesScaleTheFont() throws {
        let f = LiveFixture()
        let danmaku = try f.add(DanmakuWidget())
        for size in DanmakuSize.allCases { danmaku.enqueue(DanmakuItem(text: size.rawValue, size: size)) }
        f.step(danmaku, 30)  // in from the right edge
        let fonts = drawnFonts(danmaku, f)
        #expect(fonts["small"]?.size == 23)
        #expect(fonts["normal"]?.size == 32)
        #expect(fonts["large"]?.size == 46)
        #expect(fonts.values.allSatisfy { $0.weight == .bold })
    }

    @Test("a large comment takes two lanes and a small or normal one a single lane; the next comment goes below the large one")
    func largeTakesTwoLanes() throws {
        let f = LiveFixture()
        let danmaku = try f.add(DanmakuWidget())
        danmaku.enqueue(DanmakuItem(text: "BIG", size: .large))
        danmaku.enqueue(DanmakuItem(text: "small", size: .small))
        danmaku.enqueue(DanmakuItem(text: "normal"))
        f.step(danmaku)
        let byText = Dictionary(uniqueKeysWithValues: danmaku.onScreenItems.map { ($0.text, $0) })
        let big = try #require(byText["BIG"])
        #expect(big.lane == 0 && big.laneSpan == 2)
        #expect(big.frame.height == 2 * danmaku.laneHeight)
        #expect(byText["small"]?.lane == 2 && byText["small"]?.laneSpan == 1)
        #expect(byText["normal"]?.lane == 3 && byText["normal"]?.laneSpan == 1)
    }

    @Test("a comment behind a large one in either of its lanes keeps the gap to it")
    func followersOfALargeOneKeepTheGap() throws {
        let f = LiveFixture()
        var config = DanmakuConfiguration()
        config.bandHeight = 2 * config.laneHeight
        config.maxWait = 600  // the followers wait their turn behind the large one
        let danmaku = try f.add(DanmakuWidget(configuration: config))
        danmaku.enqueue(DanmakuItem(text: "a large and slow one", size: .large))
        f.step(danmaku)
        for i in 0..<6 { danmaku.enqueue(DanmakuItem(text: "behind \(i) with a much longer text")) }
        var entered = 0
        for _ in 0..<(20 * 60) {
            f.step(danmaku)
            entered = max(entered, danmaku.onScreenItems.filter { $0.text.hasPrefix("behind") }.count)
            try #require(DanmakuLaneTests.violations(danmaku).isEmpty)
        }
        #expect(entered > 0)
        #expect(danmaku.shown == 7)
    }

    @Test("a large top comment takes two free rows from the top, a large bottom one two from the bottom")
    func largeFixedComments() throws {
        let f = LiveFixture()
        let danmaku = try f.add(DanmakuWidget())
        danmaku.enqueue(DanmakuItem(text: "top", mode: .top, size: .large))
        danmaku.enqueue(DanmakuItem(text: "bottom", mode: .bottom, size: .large))
        danmaku.enqueue(DanmakuItem(text: "top 2", mode: .top))
        f.step(danmaku)
        let byText = Dictionary(uniqueKeysWithValues: danmaku.onScreenItems.map { ($0.text, $0) })
        #expect(byText["top"]?.lane == 0 && byText["top"]?.laneSpan == 2)
        #expect(byText["bottom"]?.lane == danmaku.laneCount - 2 && byText["bottom"]?.laneSpan == 2)
        #expect(byText["top 2"]?.lane == 2)
    }
}
