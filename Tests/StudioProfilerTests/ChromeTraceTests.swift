import Foundation
import Testing
import StudioKit
@testable import StudioProfiler

@Suite struct ChromeTraceTests {
    func events(_ tracer: Tracer, counters: [Int: FrameCounters] = [:]) throws -> [[String: Any]] {
        let data = Data(ChromeTrace.json(tracer, counters: counters).utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(object["traceEvents"] as? [[String: Any]])
    }

    @Test("spans become complete events on their thread's track, at their real times, parents before children")
    func spansOnTracks() throws {
        let tracer = Tracer()
        let t0: UInt64 = 5_000_000_000
        tracer.span("draw", category: "phase", begin: t0 + 1_000, end: t0 + 3_000, thread: "loop")
        tracer.span("frame", category: "frame", begin: t0, end: t0 + 10_000, thread: "loop", args: "\"frame\":7")
        let worker = Thread {
            tracer.span("raster movable", category: "raster", begin: t0 + 4_000, end: t0 + 6_500, thread: "raster worker",
                        args: "\"band\":1")
        }
        worker.start()
        while tracer.snapshot().spans.count < 3 { usleep(1_000) }
        var counters = FrameCounters()
        counters.widgets = 5
        let all = try events(tracer, counters: [7: counters])
        let names = all.filter { $0["name"] as? String == "thread_name" }.compactMap { ($0["args"] as? [String: Any])?["name"] as? String }
        #expect(names == ["loop", "raster worker"])
        let spans = all.filter { $0["ph"] as? String == "X" }
        #expect(spans.map { $0["name"] as? String } == ["frame", "draw", "raster movable"])
        #expect(spans[0]["ts"] as? Double == 0 && spans[0]["dur"] as? Double == 10)
        #expect(spans[1]["ts"] as? Double == 1 && spans[1]["dur"] as? Double == 2)
        #expect(spans[2]["tid"] as? Int == 2 && spans[2]["ts"] as? Double == 4 && spans[2]["dur"] as? Double == 2.5)
        let counterEvents = all.filter { $0["ph"] as? String == "C" }
        #expect(counterEvents.count == 1)
        #expect((counterEvents.first?["args"] as? [String: Any])?["widgets"] as? Int == 5)
        #expect(Set((counterEvents.first?["args"] as? [String: Any] ?? [:]).keys) == Set(FrameCounters.fields.map(\.name)))
    }

    @Test func microsAreExact() {
        #expect(ChromeTrace.micros(1_234_567) == "1234.567")
        #expect(ChromeTrace.micros(5) == "0.005")
        #expect(ChromeTrace.micros(1_000) == "1.000")
    }

    @Test func unwritablePathIsNamed() {
        let path = "/nonexistent-dir-\(UInt32.random(in: 0...UInt32.max))/trace.json"
        #expect {
            try ChromeTrace.write(Tracer(), counters: [:], to: path)
        } throws: { error in
            (error as? FileOutputError)?.description.contains(path) == true
        }
    }

    @Test("a full tracer counts what it drops instead of growing")
    func capacity() {
        let tracer = Tracer(capacity: 2)
        for i in 0..<5 { tracer.span("s\(i)", category: "x", begin: 0, end: 1, thread: "loop") }
        #expect(tracer.snapshot().spans.count == 2)
        #expect(tracer.dropped == 3)
    }
}
