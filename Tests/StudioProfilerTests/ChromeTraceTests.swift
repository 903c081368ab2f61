import Foundation
import Testing
import StudioKit
@testable import StudioProfiler

@Suite struct ChromeTraceTests {
    func events(_ samples: [FrameSample]) throws -> [[String: Any]] {
        let data = Data(ChromeTrace.json(samples).utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(object["traceEvents"] as? [[String: Any]])
    }

    @Test func validJSONWithNestedSpansAndCounters() throws {
        var samples = (0..<3).map { sample(index: $0, start: 10 + Double($0) / 60, phaseMs: 1.234567) }
        samples[1].timing.layerDraw = (0.0002, 0.0003, 0.0004, 0.0001, 0.0002)
        let all = try events(samples)
        let frames = all.filter { $0["ph"] as? String == "X" && $0["cat"] as? String == "frame" }
        #expect(frames.count == 3)
        let spans = all.filter { $0["ph"] as? String == "X" && $0["cat"] as? String != "frame" }
        #expect(spans.count == 3 * 7 + 5)
        #expect(spans.contains { $0["name"] as? String == "draw movable" })
        // Compare in integer nanoseconds (the file has microseconds with three decimals).
        func ns(_ e: [String: Any], _ key: String) -> Int64 { Int64(((e[key] as? Double ?? -1) * 1000).rounded()) }
        for span in spans {
            let ts = ns(span, "ts"), dur = ns(span, "dur")
            let parent = frames.first { f in ts >= ns(f, "ts") && ts + dur <= ns(f, "ts") + ns(f, "dur") }
            #expect(parent != nil, "span \(span["name"] ?? "") is outside every frame")
        }
        let drawSpans = all.filter { $0["cat"] as? String == "phase" && $0["name"] as? String == "draw" }
        for layer in all.filter({ $0["cat"] as? String == "layer" }) {
            let ts = ns(layer, "ts"), dur = ns(layer, "dur")
            #expect(drawSpans.contains { d in ts >= ns(d, "ts") && ts + dur <= ns(d, "ts") + ns(d, "dur") })
        }
        let counters = all.filter { $0["ph"] as? String == "C" }
        #expect(counters.count == 3)
        let args = try #require(counters[0]["args"] as? [String: Any])
        #expect(args["widgets"] as? Int == 5)
        #expect(args["drawCommands"] as? Int == 10)
        #expect(Set(args.keys) == ["widgets", "drawCommands", "textCacheHits", "textCacheMisses", "eventsDelivered", "danmakuOnScreen",
                                   "danmakuBlocked", "danmakuMerged", "danmakuOverDensity", "tilesDrawn", "tilesChanged",
                                   "spriteHits", "spriteMisses", "cacheBytes"])
        // The first frame starts at 0 and times are microseconds.
        #expect(frames[0]["ts"] as? Double == 0)
        #expect(abs((frames[0]["dur"] as! Double) - 7 * 1234.567) < 0.01)
    }

    @Test func microsAreExact() {
        #expect(ChromeTrace.micros(1_234_567) == "1234.567")
        #expect(ChromeTrace.micros(5) == "0.005")
        #expect(ChromeTrace.micros(1_000) == "1.000")
    }

    @Test func unwritablePathIsNamed() {
        let path = "/nonexistent-dir-\(UInt32.random(in: 0...UInt32.max))/trace.json"
        #expect {
            try ChromeTrace.write([sample(index: 0, start: 0)], to: path)
        } throws: { error in
            (error as? FileOutputError)?.description.contains(path) == true
        }
    }
}
