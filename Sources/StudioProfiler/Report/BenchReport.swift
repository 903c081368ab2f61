import Foundation
import StudioKit

/// The result of a `studio bench` run: what ran, frame-time percentiles overall, per phase
/// and per layer, counters, memory, danmaku merge/drop counts and the costliest widgets.
/// Encodes to JSON (`--json`) and renders as a table for people.
public struct BenchReport: Codable, Sendable {
    public struct Named: Codable, Hashable, Sendable {
        public var name: String
        public var time: LatencySummary
    }

    public struct Counter: Codable, Hashable, Sendable {
        public var name: String
        package var mean: Double
        package var peak: Int
        package var total: Int

        /// The mean a frame as tables show it: a level or running total (`FrameCounters.Kind`)
        /// has none, only a peak, so it shows a dash rather than a 0 that reads as a reading.
        package var meanText: String {
            FrameCounters.fields.first { $0.name == name }?.kind == .level ? "-" : String(format: "%.1f", mean)
        }
    }

    public struct Memory: Codable, Hashable, Sendable {
        package var startResidentBytes: Int
        package var endResidentBytes: Int
        package var peakResidentBytes: Int
        package var growthBytes: Int { endResidentBytes - startResidentBytes }

        public init(start: ResidentMemory, end: ResidentMemory) {
            startResidentBytes = start.residentBytes
            endResidentBytes = end.residentBytes
            peakResidentBytes = max(end.peakBytes, end.residentBytes)
        }

        enum CodingKeys: String, CodingKey {
            case startResidentBytes, endResidentBytes, peakResidentBytes, growthBytes
        }

        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            startResidentBytes = try c.decode(Int.self, forKey: .startResidentBytes)
            endResidentBytes = try c.decode(Int.self, forKey: .endResidentBytes)
            peakResidentBytes = try c.decode(Int.self, forKey: .peakResidentBytes)
        }

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(startResidentBytes, forKey: .startResidentBytes)
            try c.encode(endResidentBytes, forKey: .endResidentBytes)
            try c.encode(peakResidentBytes, forKey: .peakResidentBytes)
            try c.encode(growthBytes, forKey: .growthBytes)
        }
    }

    /// Danmaku counters at the end of the run (nil when the scene has no danmaku widget): every
    /// danmaku received is shown, on screen, waiting, blocked by a setting, merged into a
    /// duplicate, over the density cap or dropped from a full queue, none lost unsaid.
    public struct Danmaku: Codable, Hashable, Sendable {
        package var received: Int
        public var shown: Int
        package var onScreen: Int
        package var queued: Int
        package var blocked: Int
        package var merged: Int
        package var overDensity: Int
        package var dropped: Int
        /// Taken off by a seek of the playback bar.
        package var cleared: Int
        package var peakOnScreen: Int

        public init(
            received: Int, shown: Int, onScreen: Int, queued: Int, blocked: Int, merged: Int,
            overDensity: Int, dropped: Int, cleared: Int = 0, peakOnScreen: Int
        ) {
            self.received = received
            self.shown = shown
            self.onScreen = onScreen
            self.queued = queued
            self.blocked = blocked
            self.merged = merged
            self.overDensity = overDensity
            self.dropped = dropped
            self.cleared = cleared
            self.peakOnScreen = peakOnScreen
        }

        /// Whether the counts add up to what was received.
        package var isBalanced: Bool {
            received == shown + onScreen + queued + blocked + merged + overDensity + dropped + cleared
        }
    }

    /// How a danmaku file was read: the file played (`--feed-file`, or the recording scene's
    /// generated one) and, for the recording scene, a long file read streaming, as a parser
    /// benchmark.
    package struct FileRead: Codable, Hashable, Sendable {
        /// What was read: "played" or "parsed".
        package var role: String
        public var file: String
        package var records: Int
        package var skipped: Int
        public var seconds: Double
        /// Records (`<d>`, gifts, super chats, memberships) a second.
        package var recordsPerSecond: Double
        /// Resident memory at the end of the read over that before it, in bytes.
        package var residentGrowth: Int
        /// The reader's one-line summary (kinds, skips and why).
        package var summary: String
        /// The file's size in bytes.
        package var fileBytes: Int?
        /// The process's peak resident memory while it read the file (not before), in bytes;
        /// nil when the kernel could not reset the peak for the read.
        package var peakResident: Int?

        public init(role: String, file: String, records: Int, skipped: Int, seconds: Double, residentGrowth: Int, summary: String) {
            self.role = role
            self.file = file
            self.records = records
            self.skipped = skipped
            self.seconds = seconds
            recordsPerSecond = seconds > 0 ? Double(records) / seconds : 0
            self.residentGrowth = residentGrowth
            self.summary = summary
        }
    }

    /// The danmaku files read for the run (none for most scenes).
    package var files: [FileRead] = []

    /// A live connection's traffic over the run (`--live`): a broadcast server in the same
    /// process replays a burst, and the room reads it as its chat.
    public struct LiveTraffic: Codable, Hashable, Sendable {
        /// Danmaku a second in the burst the server replays.
        package var rate: Double
        /// Real seconds from the server's start to the run's end.
        public var seconds: Double
        /// Records the server sent, and batches it dropped because the room's queue was full.
        package var recordsSent: Int
        package var batchesDropped: Int
        /// Messages the room's connection read.
        package var messagesRead: Int

        public init(rate: Double, seconds: Double, recordsSent: Int, batchesDropped: Int, messagesRead: Int) {
            self.rate = rate
            self.seconds = seconds
            self.recordsSent = recordsSent
            self.batchesDropped = batchesDropped
            self.messagesRead = messagesRead
        }
    }
    public var live: LiveTraffic?

    /// The version of this format: a report of another one cannot serve as a baseline.
    /// Reports written before it was recorded decode as 1.
    package static let currentFormat = 2
    package var format: Int? = BenchReport.currentFormat
    /// LiveStudio's version and the command line that made the report.
    public var version: String?
    package var commandLine: [String]?
    /// Where it ran.
    package var machine: BenchMachine?
    /// When the scene ran several times (`--repeat`): each run's metrics. The report's
    /// percentiles are those of the run with the median busy p50; comparisons use each
    /// metric's median over the runs, and its spread as the noise.
    public var runs: [[String: Double]]?

    /// The run's settings (scene, kind, mode, knobs), as given.
    public var configuration: [String: String]
    /// Frames measured, idle ones included.
    public var frames: Int
    /// Of `frames`, those that advanced the simulation: every statistic but `idleFrameTime`
    /// and `profiledFrameTime` is theirs, less the profiled ones (nil in reports written
    /// before idle frames were set apart).
    public var advancedFrames: Int?
    /// The busy time of the frames that ran no simulation step (nil when there were none).
    public var idleFrameTime: LatencySummary?
    /// Of `advancedFrames`, those that timed each widget and draw item for `topWidgets`,
    /// one in `BenchReport.profileEvery`, and their busy time: left out of the other
    /// statistics (nil when none did, as with `--top 0`, and in older reports).
    public var profiledFrames: Int?
    public var profiledFrameTime: LatencySummary?

    /// Every how many measured frames one times each widget and draw item for the cost table:
    /// odd, so that the profiled frames do not fall on one phase of a stream that changes every
    /// other frame (a 30 fps video at 60 frames a second).
    package static let profileEvery = 7
    package var simulatedSeconds: Double
    package var wallSeconds: Double
    /// The frame's working time (every phase but pacing).
    package var frameTime: LatencySummary
    package var phases: [Named]
    public var layers: [Named]
    package var counters: [Counter]
    package var memory: Memory
    public var danmaku: Danmaku?
    public var topWidgets: [WidgetCost]
    /// Things to keep in mind reading the numbers (a debug build, a missing vsync...).
    package var warnings: [String]
    /// The busy time's distribution on HdrHistogram's plotting scale, and the run over time
    /// (busy time and resident memory), for the report page (absent from older reports).
    public var percentiles: [PercentilePoint]?
    package var timeline: FrameTimeline?

    public init(
        configuration: [String: String], statistics s: FrameStatistics, simulatedSeconds: Double,
        wallSeconds: Double, memory: Memory, danmaku: Danmaku?, topWidgets: [WidgetCost],
        warnings: [String]
    ) {
        self.configuration = configuration
        frames = s.measured
        advancedFrames = s.count + s.profiled.count
        idleFrameTime = s.idle.count > 0 ? s.idle.summary : nil
        profiledFrames = s.profiled.count > 0 ? s.profiled.count : nil
        profiledFrameTime = s.profiled.count > 0 ? s.profiled.summary : nil
        self.simulatedSeconds = simulatedSeconds
        self.wallSeconds = wallSeconds
        frameTime = s.frame.summary
        phases = FramePhase.allCases.map { Named(name: $0.description, time: s.summary(of: $0)) }
        layers = LayerKind.allCases.map { Named(name: "\($0)", time: s.summary(of: $0)) }
        let n = Double(max(1, s.count))
        counters = zip(s.counterTotals.named, s.counterPeaks.named).map { total, peak in
            Counter(name: total.0, mean: Double(total.1) / n, peak: peak.1, total: total.1)
        }
        self.memory = memory
        self.danmaku = danmaku
        self.topWidgets = topWidgets
        self.warnings = warnings
        percentiles = s.frame.percentileCurve()
        timeline = s.timeline
    }

    /// Pretty, key-sorted JSON.
    /// The share of measured frames that advanced the simulation (1 for older reports).
    package var advancedShare: Double {
        guard let advancedFrames, frames > 0 else { return 1 }
        return Double(advancedFrames) / Double(frames)
    }

    package func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }
}
