import Foundation
import StudioKit
import Testing

@testable import StudioProfiler

@Suite struct FrameTimelineTests {
    @Test("a timeline keeps at most its capacity of buckets, halving them as frames come, without losing a frame")
    func halves() {
        var t = FrameTimeline(capacity: 8)
        for i in 0..<100 { t.record(busy: Double(i) / 1000, residentBytes: i % 10 == 0 ? i << 20 : 0) }
        #expect(t.buckets.count <= 8)
        #expect(t.frames == 100)
        #expect(t.buckets.reduce(0) { $0 + $1.frames } == 100)
        #expect(t.framesPerBucket == 16)
        // Buckets follow each other with no gap, and each holds its frames' slowest and sum.
        for (a, b) in zip(t.buckets, t.buckets.dropFirst()) { #expect(a.firstFrame + a.frames == b.firstFrame) }
        #expect(t.buckets[0].busyMax == 0.015)
        #expect(abs(t.buckets[0].busySum - (0..<16).reduce(0.0) { $0 + Double($1) / 1000 }) < 1e-12)
        #expect(t.buckets.last?.busyMax == 0.099)
        #expect(t.buckets.map(\.residentBytes).max() == 90 << 20)
    }

    @Test("below its capacity a timeline has one bucket per frame")
    func onePerFrame() {
        var t = FrameTimeline(capacity: 512)
        for _ in 0..<300 { t.record(busy: 0.002, residentBytes: 0) }
        #expect(t.buckets.count == 300 && t.framesPerBucket == 1)
    }
}

@Suite struct PercentileCurveTests {
    @Test("the curve climbs on HdrHistogram's scale, ten points a nine, and ends at the maximum")
    func curve() {
        var h = LatencyHistogram()
        for i in 1...1000 { h.record(seconds: Double(i) / 1e5) }
        let points = h.percentileCurve()
        // log10(1000) = 3 nines: 30 points, then the maximum.
        #expect(points.count == 31)
        #expect(points.first?.percentile == 0)
        #expect(abs(points[10].percentile - 90) < 1e-9 && abs(points[20].percentile - 99) < 1e-9)
        #expect(points.last?.percentile == 100 && points.last?.seconds == 0.01)
        for (a, b) in zip(points, points.dropFirst()) { #expect(a.seconds <= b.seconds) }
        #expect(abs(points[10].seconds - 0.009) < 0.009 * 0.002)
        #expect(LatencyHistogram().percentileCurve().isEmpty)
    }
}

@Suite struct BenchPageTests {
    func report(frames: Int = 200, name: String = "danmaku", slow: Set<Int> = [150]) -> BenchReport {
        var stats = FrameStatistics()
        for i in 0..<frames {
            var timing = FrameTiming(index: i)
            timing[.render] = slow.contains(i) ? 0.025 : 0.002
            timing[.update] = 0.0005
            timing.steps = 1
            var counters = FrameCounters()
            counters.residentBytes = i % 30 == 0 ? (80 + i / 30) << 20 : 0
            stats.record(FrameSample(start: Double(i) / 60, timing: timing, counters: counters))
        }
        let memory = BenchReport.Memory(
            start: ResidentMemory(residentBytes: 80 << 20, peakBytes: 80 << 20),
            end: ResidentMemory(residentBytes: 86 << 20, peakBytes: 87 << 20))
        var r = BenchReport(
            configuration: ["scene": "room", "kind": "audience"], statistics: stats,
            simulatedSeconds: Double(frames) / 60, wallSeconds: 1, memory: memory, danmaku: nil,
            topWidgets: [WidgetCost(name: name, updateSeconds: 0.01, drawSeconds: 0.02, frames: frames)],
            warnings: ["debug build: <numbers> & such"])
        r.commandLine = ["studio", "bench", "--html", "a\"b.html"]
        r.machine = BenchMachine(cores: 2, model: "Test CPU", loadAtStart: [0.5, 0.4, 0.3], loadAtEnd: [1, 0.9, 0.8])
        return r
    }

    @Test("the page is self-contained and has each chart, the budget line, a marker for the slow frame and the settings")
    func charts() {
        let html = BenchPage.html(report())
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(!html.contains("http") && !html.contains("<script") && !html.contains("<link"))
        #expect(html.components(separatedBy: "<svg").count - 1 == 5)
        #expect(
            html.contains("class=\"frame-max\"") && html.contains("class=\"percentile-area\"")
                && html.contains("class=\"memory-area\"") && html.contains("class=\"widget-draw\""))
        #expect(html.contains("16.7 ms: one frame at 60 fps"))
        // One frame went over the budget: one marker.
        #expect(html.components(separatedBy: "<circle class=\"over\"").count - 1 == 1)
        #expect(html.contains("Test CPU") && html.contains("0.50 0.40 0.30 at the start"))
        #expect(!html.contains("nan") && !html.contains("inf"))
    }

    @Test("text from the run is escaped: a widget's name, a warning or the command line cannot break the page")
    func escapes() {
        let html = BenchPage.html(report(name: "<img src=x onerror=alert(1)>"))
        #expect(!html.contains("<img"))
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(html.contains("debug build: &lt;numbers&gt; &amp; such"))
        #expect(html.contains("a&quot;b.html"))
    }

    @Test("a report with no frames, or from before the timeline was kept, still makes a page that says so")
    func emptyAndOld() throws {
        let empty = BenchPage.html(report(frames: 0, slow: []))
        #expect(empty.contains("No frames were measured."))
        var old = report()
        old.timeline = nil
        old.percentiles = nil
        let page = BenchPage.html(old)
        #expect(page.contains("Resident memory was not read during this run"))
        // An older report's JSON has neither field and still decodes.
        var object = try #require(try JSONSerialization.jsonObject(with: report().jsonData()) as? [String: Any])
        object["timeline"] = nil
        object["percentiles"] = nil
        let decoded = try JSONDecoder().decode(BenchReport.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(decoded.timeline == nil && decoded.frames == 200)
    }

    @Test("the same report gives the same page")
    func deterministic() {
        #expect(BenchPage.html(report()) == BenchPage.html(report()))
    }
}
