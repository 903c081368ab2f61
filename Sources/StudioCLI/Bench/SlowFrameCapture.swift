import Foundation
import StudioBench
import StudioKit
import StudioProfiler

/// `--capture-slow`: for each measured frame whose busy time is over the budget (up to a
/// limit), a folder `frame-<n>` with the frame as the run showed it (`frame.png`), its slice
/// of the trace, every thread's spans within it (`trace.json`, for Perfetto), and what
/// arrived in it and what it cost (`events.txt`), as Flutter DevTools keeps its janky frames.
struct SlowFrameCapture {
    let folder: String
    let limit: Int
    /// Seconds of busy time over which a frame is captured.
    let budget: Double
    private(set) var captured: [Int] = []
    /// The first error met writing a capture; capturing stops there, the run goes on.
    private(set) var failure: Error?

    init(folder: String, limit: Int, budget: Double) {
        self.folder = folder
        self.limit = limit
        self.budget = budget
    }

    /// Makes the folder, or says why it cannot be, naming it (before any frame is run). Only
    /// the folder itself is made, as `mkdir` makes it: a missing folder above it is an
    /// error, as for every output, so that a mistyped path does not grow a tree of folders.
    static func prepare(_ folder: String) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), !isFolder.boolValue {
            throw BenchKnobError(
                "--capture-slow \(folder): it is a file, a pipe or a device, not a folder; "
                    + "give a folder (it is made when missing)")
        }
        if mkdir(folder, 0o755) != 0, errno != EEXIST {
            let fix =
                errno == ENOENT
                ? "the folder it is in does not exist; create it or choose another --capture-slow" : String(cString: strerror(errno))
            throw BenchKnobError("cannot create the --capture-slow folder \(folder): \(fix)")
        }
        guard access(folder, W_OK) == 0 else {
            throw BenchKnobError("cannot write into the --capture-slow folder \(folder): \(String(cString: strerror(errno)))")
        }
    }

    /// Captures the frame just run when it was slow; `tracer` holds its spans.
    mutating func consider(_ timing: FrameTiming, counters: FrameCounters, rig: BenchRig, tracer: Tracer) {
        guard failure == nil, captured.count < limit, timing.busy > budget else { return }
        let dir = (folder as NSString).appendingPathComponent("frame-\(timing.index)")
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try rig.saveFrame(to: (dir as NSString).appendingPathComponent("frame.png"))
            let (spans, threads) = tracer.snapshot()
            guard let frame = spans.last(where: { $0.category == "frame" }) else { return }
            let inside = spans.filter { $0.begin >= frame.begin && $0.end <= frame.end }
            try FileOutput.write(
                ChromeTrace.json(inside, threads: threads, counters: [timing.index: counters]).utf8,
                to: (dir as NSString).appendingPathComponent("trace.json"))
            try FileOutput.write(
                Data(Self.summary(timing, budget: budget, inside: inside, counters: counters).utf8),
                to: (dir as NSString).appendingPathComponent("events.txt"))
            captured.append(timing.index)
        } catch {
            failure = error
        }
    }

    /// What arrived in the frame and what it cost, for a person to read.
    static func summary(_ t: FrameTiming, budget: Double, inside: [Tracer.Span], counters: FrameCounters) -> String {
        var lines = [
            String(
                format: "frame %d: busy %.3f ms (budget %.3f ms), %d simulation step(s), %d draw items",
                t.index, t.busy * 1000, budget * 1000, t.steps, t.drawItems)
        ]
        lines.append(
            "phases: "
                + FramePhase.allCases.filter { $0 != .pace }
                .map { String(format: "%@ %.3f ms", $0.description, t[$0] * 1000) }.joined(separator: ", "))
        let notes = inside.filter { $0.category == "inbox" }
        lines.append("notes delivered (\(notes.count)): " + (notes.isEmpty ? "none" : notes.map(\.name).joined(separator: ", ")))
        lines.append("events delivered by the announcer: \(t.eventsDelivered)")
        let widgets = ownTimes(inside.filter { $0.category == "widget" }).sorted { $0.own > $1.own }.prefix(5)
        lines.append(
            "costliest widgets (own time, children excluded): "
                + widgets.map {
                    String(format: "%@ %.1f us", $0.span.name, Double($0.own) / 1000)
                }.joined(separator: ", "))
        lines.append("counters: " + counters.named.map { "\($0.0) \($0.1)" }.joined(separator: ", "))
        return lines.joined(separator: "\n") + "\n"
    }

    /// Each span's time less its children's: a widget's span covers its subtree.
    static func ownTimes(_ spans: [Tracer.Span]) -> [(span: Tracer.Span, own: UInt64)] {
        let sorted = spans.sorted { ($0.thread, $0.begin, $1.end) < ($1.thread, $1.begin, $0.end) }
        var own = sorted.map { $0.end - $0.begin }
        var open: [Int] = []
        for (i, s) in sorted.enumerated() {
            while let top = open.last, sorted[top].thread != s.thread || sorted[top].end <= s.begin { open.removeLast() }
            if let parent = open.last { own[parent] -= min(own[parent], s.end - s.begin) }
            open.append(i)
        }
        return Array(zip(sorted, own))
    }
}
