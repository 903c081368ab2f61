import Foundation
import StudioKit
import StudioSDL
import Studios
import Synchronization

/// A microbenchmark: its name, and how to set up its fixture. Both runners time these same
/// fixtures: package-benchmark (`make bench`, Benchmarks/) and its fallback
/// `studio bench --micro`; each sets one fixture up at a time, so none runs beside
/// another's state.
public struct MicroBenchmark {
    public let name: String
    public let make: () throws -> MicroFixture
}

/// A microbenchmark set up and ready to time: `run()` performs `operations` operations (the
/// timed part), `check()` says afterwards whether they did the work.
public struct MicroFixture {
    public let note: String
    /// Operations one `run()` performs; results are reported per operation.
    package let operations: Int
    /// Calls of `run()` per sample that keep the fallback runner's samples near 10 ms or more.
    package let callsPerSample: Int
    public let run: () -> Void
    public let check: () -> Bool
}

/// The microbenchmarks: announcer publish (a plain count, a gift and a PK score) next to
/// NotificationCenter, hit testing in a deep tree, danmaku lane allocation, the full studio's
/// display list, text cache hits, and fitting and wrapping text of megabytes (which must cost
/// less than a frame). Setup happens here, outside anything timed.
public enum MicroFixtures {
    /// Every microbenchmark, in report order (the full studio and the text cache need the
    /// assets).
    public static func all(assets: URL) -> [MicroBenchmark] {
        [0, 1, 10].map { n in MicroBenchmark(name: "announcer publish, \(n) listeners") { announcer(listeners: n) } }
            + [1, 10].map { n in
                MicroBenchmark(name: "announcer publish, gift, \(n) listeners") { giftAnnouncer(listeners: n) }
            }
            + [1, 10].map { n in
                MicroBenchmark(name: "announcer publish, PK score, \(n) listeners") { scoreAnnouncer(listeners: n) }
            }
            + [1, 10].map { n in
                MicroBenchmark(name: "announcer publish, \(n) listeners, 100/deliver") { announcer(listeners: n, batch: 100) }
            }
            + [0, 1, 10].map { n in
                MicroBenchmark(name: "NotificationCenter post, \(n) observers") { notificationCenter(observers: n) }
            }
            + [
                MicroBenchmark(name: "hit test, 40-deep tree (161 widgets)", make: hitTest),
                MicroBenchmark(name: "danmaku lane allocation (100 comments)", make: danmakuLanes),
                MicroBenchmark(name: "full studio display list (draw phase)") { try fullDisplayList(assets: assets) },
                MicroBenchmark(name: "text cache hits (render 50 cached texts)") { try textCacheHits(assets: assets) },
                MicroBenchmark(name: "text cache hits, mixed scripts and emoji") { try textCacheHits(assets: assets, mixed: true) },
            ]
            + [10_000, 1 << 20].map { n in
                MicroBenchmark(name: "fit a \(n == 1 << 20 ? "1 MB" : "\(n)-character") comment (SDL_ttf)") {
                    try fitLongComment(bytes: n)
                }
            }
            + [MicroBenchmark(name: "wrap a 1 MB quiz question, 2 lines (SDL_ttf)", make: wrapLongQuestion)]
            + [MicroBenchmark(name: "read a live DANMU_MSG command", make: liveDanmakuDecode)]
    }

    /// A listener as a widget is one: it owns its tokens, and its closures reach it through
    /// their first argument.
    final class Listener {
        var total = 0
        var tokens: [SubscriptionToken] = []
    }

    /// `n` listeners of `key`, each adding what `amount` reads from the value.
    static func listeners<Payload>(
        _ n: Int, of key: EventKey<Payload>, on announcer: Announcer,
        amount: @escaping (Payload) -> Int
    ) -> [Listener] {
        (0..<n).map { _ in
            let listener = Listener()
            listener.tokens = [announcer.subscribe(listener, to: key) { $0.total += amount($1) }]
            return listener
        }
    }

    /// Publish + `deliverQueued()`, one event per delivery, or `batch` events per delivery
    /// (as in a frame's dispatch phase; reported per event).
    public static func announcer(listeners n: Int, batch: Int = 1) -> MicroFixture {
        let announcer = Announcer()
        let listeners = listeners(n, of: .benchCount, on: announcer) { $0 }
        return MicroFixture(
            note: batch == 1 ? "publish + deliverQueued" : "\(batch) publishes per deliverQueued, per event",
            operations: batch, callsPerSample: 1_000_000 / batch,
            run: {
                for _ in 0..<batch { announcer.publish(.benchCount, 1) }
                announcer.deliverQueued()
            },
            check: { listeners.allSatisfy { $0.total > 0 } })
    }

    /// `.giftArrived` with a `GiftMessage` (strings and a gift inside) + `deliverQueued()`,
    /// each listener reading the coins.
    package static func giftAnnouncer(listeners n: Int) -> MicroFixture {
        let announcer = Announcer()
        let listeners = listeners(n, of: .giftArrived, on: announcer) { $0.count * $0.gift.coins }
        let gift = GiftMessage(sender: "bench", gift: GiftCatalog.all[0], count: 1)
        return MicroFixture(
            note: "publish + deliverQueued", operations: 1, callsPerSample: 1_000_000,
            run: {
                announcer.publish(.giftArrived, gift)
                announcer.deliverQueued()
            },
            check: { listeners.allSatisfy { $0.total > 0 } })
    }

    /// `.pkScoreChanged` with a `PKScore` (plain numbers) + `deliverQueued()`.
    package static func scoreAnnouncer(listeners n: Int) -> MicroFixture {
        let announcer = Announcer()
        let listeners = listeners(n, of: .pkScoreChanged, on: announcer) { $0.left }
        let score = PKScore(left: 1, right: 2, secondsLeft: 3)
        return MicroFixture(
            note: "publish + deliverQueued", operations: 1, callsPerSample: 1_000_000,
            run: {
                announcer.publish(.pkScoreChanged, score)
                announcer.deliverQueued()
            },
            check: { listeners.allSatisfy { $0.total > 0 } })
    }

    /// Foundation's NotificationCenter doing the same: one post to `n` block observers.
    package static func notificationCenter(observers n: Int) -> MicroFixture {
        let center = NotificationCenter()
        let name = Notification.Name("benchEvent")
        // An atomic count, so the observers' closures are Sendable: next to a post's cost it
        // is as cheap as the announcer's listeners' plain one.
        final class Count: Sendable { let value = Atomic<Int>(0) }
        let counter = Count()
        let observers = (0..<n).map { _ in
            center.addObserver(forName: name, object: nil, queue: nil) { _ in counter.value.add(1, ordering: .relaxed) }
        }
        return MicroFixture(
            note: "", operations: 1,
            callsPerSample: 200_000,
            run: { center.post(name: name, object: nil, userInfo: nil) },
            check: { withExtendedLifetime(observers) { n == 0 || counter.value.load(ordering: .relaxed) > 0 } })
    }

    /// A chain 40 deep with 3 siblings per level; the point hits the deepest widget.
    package static func hitTest() -> MicroFixture {
        final class Box: Widget {
            override func contains(_ point: Point) -> Bool { bounds.contains(point) }
        }
        let root = Box(name: "root", level: 0, frame: Rect(x: 0, y: 0, width: 720, height: 1280))
        var parent: Widget = root
        for depth in 0..<40 {
            for s in 0..<3 {
                try! parent.addChild(
                    Box(
                        name: "sibling\(depth).\(s)", level: Double(s),
                        frame: Rect(x: 600, y: 0, width: 10, height: 10)))
            }
            let child = Box(
                name: "d\(depth)", level: 10,
                frame: Rect(x: 1, y: 1, width: 700 - Double(depth) * 2, height: 1200))
            try! parent.addChild(child)
            parent = child
        }
        let deepest = parent
        var found: Widget?
        return MicroFixture(
            note: "", operations: 1,
            callsPerSample: 100_000,
            run: { found = HitTester.hitTest(root, at: Point(x: 200, y: 300)) },
            check: { found === deepest })
    }

    /// Lane allocation through the widget: a fresh studio, 100 comments queued and one step
    /// that places them (reported per comment, setup included).
    package static func danmakuLanes() -> MicroFixture {
        let measurer = ApproximateTextMeasurer()
        var placed = 0
        return MicroFixture(
            note: "per comment, incl. setup",
            operations: 100, callsPerSample: 200,
            run: {
                let studio = Room(
                    room: .placeholder,
                    environment: StudioEnvironment(measurer: measurer, seed: 1))
                let widget = DanmakuWidget()
                try! studio.add(widget)
                studio.load()
                for i in 0..<100 { widget.enqueue(DanmakuItem(text: "comment \(i % 17)")) }
                widget.update(FrameStep(dt: 1.0 / 60, time: 0, index: 0))
                placed += widget.onScreen
            },
            check: { placed > 0 })
    }

    /// The draw phase of the full studio (audience room, 200 danmaku, 50 hearts, a
    /// full-screen gift) after 120 frames: building its display list again.
    package static func fullDisplayList(assets: URL) throws -> MicroFixture {
        let rig = try BenchRig(settings: BenchSettings(scene: .full, assets: assets))
        for _ in 0..<120 {
            rig.beforeFrame()
            try rig.driver.runFrame()
        }
        let driver = rig.driver
        return MicroFixture(
            note: "\(driver.displayList.count) items", operations: 1, callsPerSample: 200,
            run: { driver.redraw() },
            check: { withExtendedLifetime(rig) { driver.displayList.count > 500 } })
    }

    /// Rendering a list of 50 texts already in the text cache, offscreen (per text).
    package static func textCacheHits(assets: URL, mixed: Bool = false) throws -> MicroFixture {
        let backend = try OffscreenBackend(assetsDirectory: assets.path)
        let target = backend.target
        var list = DisplayList()
        list.beginLayer(.float)
        for i in 0..<50 {
            let text = mixed ? mixedComments[i % mixedComments.count] : "cached \(i % 10)"
            list.append(
                DrawItem(
                    .text(
                        text, font: .regular(20), color: .white,
                        origin: Point(x: 10, y: Double(i) * 24), alignment: .left)))
        }
        list.endLayer()
        try target.render(list)
        return MicroFixture(
            note: "per text, incl. blit",
            operations: 50, callsPerSample: 200,
            run: { try! target.render(list) },
            check: { withExtendedLifetime(backend) { target.stats.textCacheHits >= 50 } })
    }

    /// Ten short comments as a live room writes them, about as long as "cached 0": CJK and
    /// Latin, color emoji (a ZWJ family, a skin tone, a flag), Arabic, Hebrew, Thai and
    /// Devanagari; each is several runs, and the emoji a color layer over the mask.
    static let mixedComments = [
        "加油 😀 go", "hi 你好 👍🏽", "مرحبا 2024", "שלום 🎉", "สวัสดี ok",
        "नमस्ते 🇯🇵", "666 👨‍👩‍👧", "主播 hello", "ok 😂😂", "晚上好 🌙",
    ]

    /// A comment of `bytes` ASCII bytes (Latin words, as a pasted wall of text) fitted to a
    /// comment line by SDL_ttf, as the comment list does when it arrives. Each run uses a
    /// fresh measurement cache over fonts already open, so every measurement is a miss, as
    /// for a comment never seen before.
    package static func fitLongComment(bytes: Int) throws -> MicroFixture {
        let fonts = try FontLibrary()
        let comment = String(String(repeating: "a wall of pasted text ", count: bytes / 22 + 1).prefix(bytes))
        var fitted = ""
        _ = TTFTextMeasurer(fonts: fonts).measure("warm up", font: .regular(26))
        return MicroFixture(
            note: "cold measurement cache", operations: 1, callsPerSample: 10,
            run: { fitted = TTFTextMeasurer(fonts: fonts).fitting(comment, font: .regular(26), maxWidth: 480) },
            check: { fitted.hasSuffix("…") && fitted.count < 60 })
    }

    /// A 1 MB question (CJK and Latin) wrapped to the quiz card's two lines by SDL_ttf,
    /// with a fresh measurement cache each run.
    package static func wrapLongQuestion() throws -> MicroFixture {
        let fonts = try FontLibrary()
        let question = String(repeating: "Which host 你好 sang first? ", count: (1 << 20) / 33)
        var lines: [String] = []
        _ = TTFTextMeasurer(fonts: fonts).measure("warm up 你好", font: .bold(32))
        return MicroFixture(
            note: "cold measurement cache", operations: 1, callsPerSample: 10,
            run: {
                lines = TTFTextMeasurer(fonts: fonts).wrapping(
                    question, font: .bold(32),
                    maxWidth: 536, maxLines: 2)
            },
            check: { lines.count == 2 && lines[1].hasSuffix("…") })
    }
}

extension EventKey where Payload == Int {
    /// The announcer benchmark's own event: a plain count.
    static let benchCount = EventKey("benchCount")
}
