import Foundation
import StudioKit
import StudioSDL
import Studios

/// The microbenchmarks of issue #5 run inside `studio bench --micro`: the fallback for
/// machines where package-benchmark (`make bench`, Benchmarks/) cannot build. Setup happens
/// outside the timed part, results are consumed (`blackHole`) and checked after.
enum MicroBench {
    struct Result {
        var name: String
        var nanosPerOp: Double
        var note: String = ""
    }

    static func runAll() {
        #if DEBUG
        print("warning: debug build: microbenchmark numbers are not representative; build with -c release")
        #endif
        print("studio bench --micro (fallback for package-benchmark; median of 7 runs each)")
        var results: [Result] = []
        for n in [0, 1, 10] { results.append(announcer(listeners: n)) }
        for n in [1, 10] { results.append(announcer(listeners: n, batch: 100)) }
        for n in [0, 1, 10] { results.append(notificationCenter(observers: n)) }
        results.append(hitTest())
        results.append(danmakuLanes())
        results.append(fullDisplayList())
        results.append(textCacheHits())
        for r in results {
            print(r.name.padding(toLength: 44, withPad: " ", startingAt: 0)
                  + String(format: "%10.1f ns/op", r.nanosPerOp) + (r.note.isEmpty ? "" : "  " + r.note))
        }
        for n in [1, 10] {
            let a = results.first { $0.name == "announcer publish, \(n) listeners" }!.nanosPerOp
            let nc = results.first { $0.name == "NotificationCenter post, \(n) observers" }!.nanosPerOp
            print(String(format: "announcer vs NotificationCenter, %d listener(s): %.1fx faster", n, nc / a))
        }
    }

    /// The median over `runs` of the nanoseconds per operation of `body(iterations)`.
    static func measure(_ iterations: Int, runs: Int = 7, _ body: (Int) -> Void) -> Double {
        body(max(1, iterations / 10))
        var samples: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            body(iterations)
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(iterations))
        }
        return samples.sorted()[runs / 2]
    }

    final class CountingListener: EventListener {
        var count = 0
        func onEvent(_ name: EventName, sender: AnyObject?, userInfo: EventPayload) { count += 1 }
    }

    static let benchEvent = EventName("benchEvent")

    /// `batch` events posted per `deliverQueued()` (as in a frame's dispatch phase); per event.
    static func announcer(listeners n: Int, batch: Int = 1) -> Result {
        let announcer = Announcer()
        let listeners = (0..<n).map { _ in CountingListener() }
        let tokens = listeners.map { announcer.subscribe($0, to: benchEvent) }
        let ns = measure(1_000_000 / batch) { iterations in
            for _ in 0..<iterations {
                for _ in 0..<batch { announcer.post(benchEvent, .int(1)) }
                announcer.deliverQueued()
            }
        } / Double(batch)
        let delivered = listeners.reduce(0) { $0 + $1.count }
        precondition(n == 0 || delivered > 0, "announcer benchmark delivered nothing")
        blackHole(tokens)
        return batch == 1
            ? Result(name: "announcer publish, \(n) listeners", nanosPerOp: ns, note: "post + deliverQueued")
            : Result(name: "announcer publish, \(n) listeners, \(batch)/deliver", nanosPerOp: ns,
                     note: "\(batch) posts per deliverQueued, per event")
    }

    static func notificationCenter(observers n: Int) -> Result {
        let center = NotificationCenter()
        let name = Notification.Name("benchEvent")
        final class Count: @unchecked Sendable { var value = 0 }
        let counter = Count()
        let observers = (0..<n).map { _ in
            center.addObserver(forName: name, object: nil, queue: nil) { _ in counter.value += 1 }
        }
        let ns = measure(200_000) { iterations in
            for _ in 0..<iterations { center.post(name: name, object: nil, userInfo: nil) }
        }
        precondition(n == 0 || counter.value > 0, "NotificationCenter benchmark delivered nothing")
        for o in observers { center.removeObserver(o) }
        return Result(name: "NotificationCenter post, \(n) observers", nanosPerOp: ns)
    }

    /// A chain 40 deep with 4 siblings per level; the point hits the deepest widget.
    static func hitTest() -> Result {
        final class Box: Widget {
            override func contains(_ point: Point) -> Bool { bounds.contains(point) }
        }
        let root = Box(name: "root", level: 0, frame: Rect(x: 0, y: 0, width: 720, height: 1280))
        var parent: Widget = root
        for depth in 0..<40 {
            for s in 0..<3 {
                try! parent.addChild(Box(name: "sibling\(depth).\(s)", level: Double(s), frame: Rect(x: 600, y: 0, width: 10, height: 10)))
            }
            let child = Box(name: "d\(depth)", level: 10, frame: Rect(x: 1, y: 1, width: 700 - Double(depth) * 2, height: 1200))
            try! parent.addChild(child)
            parent = child
        }
        var found: Widget?
        let ns = measure(100_000) { iterations in
            for _ in 0..<iterations { found = HitTester.hitTest(root, at: Point(x: 200, y: 300)) }
        }
        precondition(found === parent, "hit test did not reach the deepest widget")
        return Result(name: "hit test, 40-deep tree (161 widgets)", nanosPerOp: ns)
    }

    /// Lane allocation through the widget: enqueue 100 comments and one step that places them.
    static func danmakuLanes() -> Result {
        let measurer = ApproximateTextMeasurer()
        var placed = 0
        let ns = measure(200) { iterations in
            for _ in 0..<iterations {
                let studio = CoreBusinessStudio(room: .placeholder, environment: StudioEnvironment(measurer: measurer, seed: 1))
                let widget = DanmakuWidget()
                try! studio.add(widget)
                studio.load()
                for i in 0..<100 { widget.enqueue(DanmakuItem(text: "comment \(i % 17)")) }
                widget.update(FrameStep(dt: 1.0 / 60, time: 0, index: 0))
                placed += widget.onScreen
            }
        }
        precondition(placed > 0, "no danmaku was placed")
        return Result(name: "danmaku lane allocation (100 comments)", nanosPerOp: ns / 100, note: "per comment, incl. setup")
    }

    /// The draw phase of the full studio (audience room + stress load), display list only.
    static func fullDisplayList() -> Result {
        do {
            let assets = try AssetLocator.locate(explicit: nil)
            var settings = try BenchSettings(command: try BenchCommand.parse(["--scene", "full"]), assets: assets)
            settings.frames = 1
            let rig = try BenchRig(settings: settings)
            for _ in 0..<120 { rig.beforeFrame(); try rig.driver.runFrame() }
            var drawSamples: [Double] = []
            for _ in 0..<300 {
                rig.beforeFrame()
                let t = try rig.driver.runFrame()
                drawSamples.append(t[.draw])
            }
            rig.driver.shutdown()
            let median = drawSamples.sorted()[drawSamples.count / 2]
            return Result(name: "full studio display list (draw phase)", nanosPerOp: median * 1e9,
                          note: "median of 300 frames, \(rig.driver.displayList.count) items")
        } catch {
            return Result(name: "full studio display list (draw phase)", nanosPerOp: .nan, note: "failed: \(error)")
        }
    }

    /// Rendering a list of 50 already-cached texts offscreen, per text.
    static func textCacheHits() -> Result {
        do {
            let assets = try AssetLocator.locate(explicit: nil)
            let backend = try OffscreenBackend(assetsDirectory: assets.path)
            let target = backend.target
            var list = DisplayList()
            list.beginLayer(.float)
            for i in 0..<50 {
                list.append(DrawItem(.text("cached \(i % 10)", font: .regular(20), color: .white,
                                                    origin: Point(x: 10, y: Double(i) * 24), alignment: .left)))
            }
            list.endLayer()
            try target.render(list)
            let ns = measure(200) { iterations in
                for _ in 0..<iterations { try! target.render(list) }
            }
            precondition(target.stats.textCacheHits >= 50, "texts were not served from the cache")
            return Result(name: "text cache hits (render 50 cached texts)", nanosPerOp: ns / 50, note: "per text, incl. blit")
        } catch {
            return Result(name: "text cache hits", nanosPerOp: .nan, note: "failed: \(error)")
        }
    }
}

@inline(never) func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }
