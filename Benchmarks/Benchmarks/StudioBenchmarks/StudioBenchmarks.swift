import Benchmark
import Foundation
import StudioKit

// Announcer publish (post + deliver) with 0, 1 and 10 listeners, next to Foundation's
// NotificationCenter in the same run; hit testing in a deep tree. Setup is outside the
// measured part; results go to blackHole; deliveries are checked after.
// (The main package exports only StudioKit as a library; danmaku lanes, the full studio's
// display list and the text cache are measured by `studio bench --micro`.)

final class CountingListener: EventListener {
    var count = 0
    func onEvent(_ name: EventName, sender: AnyObject?, userInfo: EventPayload) { count += 1 }
}

final class Box: Widget {
    override func contains(_ point: Point) -> Bool { bounds.contains(point) }
}

let benchEvent = EventName("benchEvent")

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal, .throughput],
                                           maxDuration: .seconds(2))
    for n in [0, 1, 10] {
        Benchmark("Announcer publish, \(n) listeners", configuration: .init(scalingFactor: .kilo)) { benchmark in
            let announcer = Announcer()
            let listeners = (0..<n).map { _ in CountingListener() }
            let tokens = listeners.map { announcer.subscribe($0, to: benchEvent) }
            announcer.post(benchEvent, .int(0)); announcer.deliverQueued()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                announcer.post(benchEvent, .int(1))
                blackHole(announcer.deliverQueued())
            }
            benchmark.stopMeasurement()
            precondition(n == 0 || listeners[0].count > 0)
            blackHole(tokens)
        }
        Benchmark("NotificationCenter post, \(n) observers", configuration: .init(scalingFactor: .kilo)) { benchmark in
            let center = NotificationCenter()
            let name = Notification.Name("benchEvent")
            final class Count: @unchecked Sendable { var value = 0 }
            let count = Count()
            let observers = (0..<n).map { _ in center.addObserver(forName: name, object: nil, queue: nil) { _ in count.value += 1 } }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { center.post(name: name, object: nil) }
            benchmark.stopMeasurement()
            precondition(n == 0 || count.value > 0)
            for o in observers { center.removeObserver(o) }
        }
    }
    Benchmark("Hit test, 40-deep tree", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let root = Box(name: "root", level: 0, frame: Rect(x: 0, y: 0, width: 720, height: 1280))
        var parent: Widget = root
        for depth in 0..<40 {
            for s in 0..<3 {
                try parent.addChild(Box(name: "s", level: Double(s), frame: Rect(x: 600, y: 0, width: 10, height: 10)))
            }
            let child = Box(name: "d\(depth)", level: 10, frame: Rect(x: 1, y: 1, width: 700 - Double(depth) * 2, height: 1200))
            try parent.addChild(child)
            parent = child
        }
        var found: Widget?
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { found = HitTester.hitTest(root, at: Point(x: 200, y: 300)) }
        benchmark.stopMeasurement()
        precondition(found === parent)
    }
}
