import StudioKit
import Studios

/// Keeps the full scene's load constant: `danmaku` comments on
/// screen (a full-height barrage of its own, since a room's band holds fewer), at least 50
/// hearts alive, and a full-screen gift always playing.
final class StressKeeper {
    private let barrage: DanmakuWidget
    private let hearts: HeartsWidget
    private let gifts: GiftAnimationWidget
    private let target: Int
    private var random: SeededRandom
    private let gift: Gift
    static let texts = [
        "666", "主播好", "好看!", "hello", "来了来了", "哈哈哈哈", "wow", "加油", "nice", "前排",
        "awesome", "太强了", "gg", "爱了爱了", "lol",
    ]

    init(studio: Room, danmaku: Int, seed: UInt64) throws {
        target = danmaku
        random = SeededRandom(seed: seed &+ 7)
        var config = DanmakuConfiguration()
        config.bandTop = 0
        config.bandHeight = studio.environment.viewport.height
        config.fontSize = 22
        config.maxOnScreen = max(danmaku, 1)
        config.queueLimit = max(1000, danmaku * 2)
        config.duration = 9
        barrage = DanmakuWidget(configuration: config)
        try studio.add(barrage)
        let all = studio.root.subtree()
        if let h = all.compactMap({ $0 as? HeartsWidget }).first {
            hearts = h
        } else {
            hearts = HeartsWidget()
            try studio.add(hearts)
        }
        if let g = all.compactMap({ $0 as? GiftAnimationWidget }).first {
            gifts = g
        } else {
            gifts = GiftAnimationWidget()
            try studio.add(gifts)
        }
        gift = GiftCatalog.all.last { $0.tier == .fullScreen } ?? GiftCatalog.all[GiftCatalog.all.count - 1]
    }

    func keep() {
        let missing = target - barrage.onScreen - barrage.queued
        if missing > 0 {
            for _ in 0..<min(missing, 100) {
                barrage.enqueue(DanmakuItem(user: "bench", text: random.pick(Self.texts)))
            }
        }
        while hearts.heartCount < 50 {
            hearts.spawnBurst(at: Point(x: random.double(in: 80...640), y: random.double(in: 900...1200)))
        }
        if !gifts.isPlaying && gifts.queued == 0 {
            gifts.enqueue(GiftMessage(sender: "bench", gift: gift))
        }
    }
}
