import Foundation
import StudioKit
import Testing

@testable import StudioProfiler

@Suite struct BenchReportTests {
    func report() -> BenchReport {
        var stats = FrameStatistics()
        for i in 0..<100 { stats.record(sample(index: i, start: Double(i) / 60, phaseMs: i == 99 ? 6 : 1)) }
        let memory = BenchReport.Memory(
            start: ResidentMemory(residentBytes: 100 << 20, peakBytes: 100 << 20),
            end: ResidentMemory(residentBytes: 101 << 20, peakBytes: 103 << 20))
        return BenchReport(
            configuration: ["scene": "full"], statistics: stats, simulatedSeconds: 100.0 / 60,
            wallSeconds: 1, memory: memory,
            danmaku: BenchReport.Danmaku(
                received: 22, shown: 10, onScreen: 4, queued: 2, blocked: 1, merged: 3,
                overDensity: 1, dropped: 1, peakOnScreen: 7),
            topWidgets: [WidgetCost(name: "danmaku", updateSeconds: 0.01, drawSeconds: 0.02, frames: 100)],
            warnings: [])
    }

    @Test func jsonHasTheFields() throws {
        let object = try #require(try JSONSerialization.jsonObject(with: report().jsonData()) as? [String: Any])
        for key in ["configuration", "frames", "frameTime", "phases", "layers", "counters", "memory", "danmaku", "topWidgets", "warnings"] {
            #expect(object[key] != nil, "missing \(key)")
        }
        let frame = try #require(object["frameTime"] as? [String: Any])
        for key in ["p50", "p90", "p99", "max", "overBudget", "overStutter", "count"] {
            #expect(frame[key] != nil, "missing frameTime.\(key)")
        }
        #expect(frame["overBudget"] as? Int == 1)  // 7 phases x 6 ms = 42 ms
        #expect(frame["overStutter"] as? Int == 1)
        let phases = try #require(object["phases"] as? [[String: Any]])
        #expect(phases.map { $0["name"] as? String } == FramePhase.allCases.map(\.description))
        let memory = try #require(object["memory"] as? [String: Any])
        #expect(memory["growthBytes"] as? Int == 1 << 20)
        #expect(memory["peakResidentBytes"] as? Int == 103 << 20)
        let danmaku = try #require(object["danmaku"] as? [String: Any])
        #expect(danmaku["merged"] as? Int == 3 && danmaku["dropped"] as? Int == 1)
        // Round trip.
        let decoded = try JSONDecoder().decode(BenchReport.self, from: report().jsonData())
        #expect(decoded.frames == 100)
    }

    @Test func tableShowsPercentilesAndCounts() {
        let table = report().table()
        #expect(table.contains("p99"))
        #expect(table.contains("frame (busy)"))
        #expect(table.contains("merged 3, over density 1, dropped 1"))
        #expect(table.contains("danmaku"))
        #expect(table.contains("received 22") && table.contains("blocked 1") && table.contains("over density 1"))
        #expect(!table.contains("do not add up"))
    }

    @Test("frames that ran no step are kept out of the percentiles and reported apart")
    func idleFramesApart() throws {
        var stats = FrameStatistics()
        for i in 0..<90 { stats.record(sample(index: i, start: Double(i) / 60, phaseMs: 2)) }
        for i in 90..<100 {
            var idle = sample(index: i, start: Double(i) / 60, phaseMs: 0.01)
            idle.timing.steps = 0
            stats.record(idle)
        }
        #expect(stats.count == 90 && stats.measured == 100)
        let memory = BenchReport.Memory(
            start: ResidentMemory(residentBytes: 1, peakBytes: 1), end: ResidentMemory(residentBytes: 1, peakBytes: 1))
        let report = BenchReport(
            configuration: [:], statistics: stats, simulatedSeconds: 1.5, wallSeconds: 1, memory: memory,
            danmaku: nil, topWidgets: [], warnings: [])
        #expect(report.frames == 100 && report.advancedFrames == 90)
        #expect(report.frameTime.count == 90)
        #expect(report.frameTime.p50 > 0.01, "the idle frames' 0.07 ms is not the median")
        #expect(report.idleFrameTime?.count == 10)
        #expect(abs(report.advancedShare - 0.9) < 1e-12)
        #expect(report.counters.first { $0.name == "widgets" }?.total == 90 * 5)
        #expect(report.table().contains("90 frames advanced the simulation (90.0%); 10 ran no step"))
        let decoded = try JSONDecoder().decode(BenchReport.self, from: report.jsonData())
        #expect(decoded.advancedFrames == 90 && decoded.idleFrameTime?.count == 10)
    }

    @Test("frames that timed the widgets are kept out of every figure but their own, and counted")
    func profiledFramesApart() throws {
        var stats = FrameStatistics()
        for i in 0..<100 {
            // One in seven timed the widgets, and took longer for it.
            let profiled = i % BenchReport.profileEvery == 0
            stats.record(sample(index: i, start: Double(i) / 60, phaseMs: profiled ? 3 : 2), profiled: profiled)
        }
        #expect(stats.count == 85 && stats.profiled.count == 15 && stats.measured == 100)
        // The chart over simulated time still spans every frame that stepped.
        #expect(stats.timeline.frames == 100)
        let memory = BenchReport.Memory(
            start: ResidentMemory(residentBytes: 1, peakBytes: 1), end: ResidentMemory(residentBytes: 1, peakBytes: 1))
        let report = BenchReport(
            configuration: [:], statistics: stats, simulatedSeconds: 100.0 / 60, wallSeconds: 2, memory: memory,
            danmaku: nil, topWidgets: [], warnings: [])
        #expect(report.frames == 100 && report.advancedFrames == 100 && report.profiledFrames == 15)
        #expect(report.frameTime.count == 85 && report.frameTime.max < (report.profiledFrameTime?.p50 ?? 0))
        #expect(report.counters.first { $0.name == "widgets" }?.total == 85 * 5)
        #expect(report.table().contains("15 frames (one in 7) timed each widget"), "\(report.table())")
        #expect(BenchPage.html(report).contains("timed widgets"))
        let decoded = try JSONDecoder().decode(BenchReport.self, from: report.jsonData())
        #expect(decoded.profiledFrames == 15 && decoded.profiledFrameTime?.count == 15)
    }

    @Test("the table names the most each large allocation held")
    func heldMemory() {
        var stats = FrameStatistics()
        for i in 0..<10 {
            var s = sample(index: i, start: Double(i) / 60)
            s.counters.surfaceBytes = 3 << 20
            s.counters.spriteBytes = i << 20
            s.counters.textCacheBytes = 1 << 20
            s.counters.imageCacheBytes = 2 << 20
            s.counters.videoQueueBytes = i == 4 ? 5 << 20 : 0
            stats.record(s)
        }
        let memory = BenchReport.Memory(
            start: ResidentMemory(residentBytes: 1, peakBytes: 1), end: ResidentMemory(residentBytes: 1, peakBytes: 1))
        let report = BenchReport(
            configuration: [:], statistics: stats, simulatedSeconds: 1, wallSeconds: 1, memory: memory,
            danmaku: nil, topWidgets: [], warnings: [])
        let held = report.heldMemory
        #expect(held?.parts.map(\.name) == ["surfaces", "sprites", "text", "images", "video queue"])
        #expect(held?.parts.map(\.bytes) == [3 << 20, 9 << 20, 1 << 20, 2 << 20, 5 << 20])
        #expect(held?.total == 20 << 20)
        #expect(
            report.table().contains(
                "largest held: surfaces 3.0 MB, sprites 9.0 MB, text 1.0 MB, images 2.0 MB, video queue 5.0 MB; together 20.0 MB"))
    }
}
