import Foundation
import StudioKit

/// Writes a run's spans as Chrome Trace Event JSON (the format chrome://tracing and Perfetto
/// open): a track per thread, frames with their phases, layers and widgets nested as they ran
/// on the loop thread, the rasterizer's work on the threads that did it, and a counter ("C")
/// event per frame. Times are integer nanoseconds written as microseconds, so children never
/// poke out of their parent through rounding.
package enum ChromeTrace {
    /// The spans `tracer` recorded as Chrome Trace Event JSON: one track per thread (named
    /// as it first named itself), every span a complete ("X") event at its real begin and
    /// with its real duration, sorted per thread by begin (a parent before its children), and
    /// each frame's `counters` as a counter ("C") event at the frame's begin.
    package static func json(_ tracer: Tracer, counters: [Int: FrameCounters], processName: String = "LiveStudio") -> String {
        let (spans, threads) = tracer.snapshot()
        return json(spans, threads: threads, counters: counters, processName: processName)
    }

    /// `spans` (of threads named `threads`) as `json(_:counters:processName:)` writes a tracer's.
    package static func json(
        _ spans: [Tracer.Span], threads: [String], counters: [Int: FrameCounters],
        processName: String = "LiveStudio"
    ) -> String {
        var out = "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n"
        out.reserveCapacity(spans.count * 200 + 256)
        out += "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,\"tid\":1,\"args\":{\"name\":\"\(processName.jsonEscaped)\"}}"
        var seen: [String: Int] = [:]
        for (i, name) in threads.enumerated() {
            seen[name, default: 0] += 1
            let label = seen[name]! > 1 || threads.filter({ $0 == name }).count > 1 ? "\(name) \(seen[name]!)" : name
            out += ",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":\(i + 1),\"args\":{\"name\":\"\(label.jsonEscaped)\"}}"
            out += ",\n{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":1,\"tid\":\(i + 1),\"args\":{\"sort_index\":\(i)}}"
        }
        let origin = spans.map(\.begin).min() ?? 0
        // Only flows with both ends: a note still in the inbox when tracing stopped has none.
        let starts = Set(spans.filter { $0.kind == .flowStart }.map(\.flow))
        let paired = starts.intersection(spans.filter { $0.kind == .flowEnd }.map(\.flow))
        // Per thread by begin; a slice before a flow end at its begin, so the end falls inside it.
        let sorted = spans.sorted { a, b in
            if a.thread != b.thread { return a.thread < b.thread }
            if a.begin != b.begin { return a.begin < b.begin }
            if a.end != b.end { return a.end > b.end }
            return a.kind == .slice && b.kind != .slice
        }
        for span in sorted {
            let ts = Int64(span.begin - origin), dur = Int64(span.end - span.begin)
            if span.kind != .slice {
                guard paired.contains(span.flow) else { continue }
                out +=
                    ",\n{\"name\":\"\(span.name.jsonEscaped)\",\"cat\":\"flow\",\"ph\":\"\(span.kind == .flowStart ? "s" : "f")\","
                    + (span.kind == .flowEnd ? "\"bp\":\"e\"," : "")
                    + "\"id\":\(span.flow),\"pid\":1,\"tid\":\(span.thread + 1),\"ts\":\(micros(ts))}"
                continue
            }
            out +=
                ",\n{\"name\":\"\(span.name.jsonEscaped)\",\"cat\":\"\(span.category)\",\"ph\":\"X\",\"pid\":1,"
                + "\"tid\":\(span.thread + 1),\"ts\":\(micros(ts)),\"dur\":\(micros(dur))"
                + (span.args.isEmpty ? "" : ",\"args\":{\(span.args)}") + "}"
            guard span.category == "frame", let c = counters[frameIndex(span.args)] else { continue }
            let args = c.named.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",")
            out +=
                ",\n{\"name\":\"counters\",\"ph\":\"C\",\"pid\":1,\"tid\":\(span.thread + 1),\"ts\":\(micros(ts)),"
                + "\"args\":{\(args)}}"
        }
        out += "\n]}\n"
        return out
    }

    /// The frame number in a frame span's args (`"frame":N,...`), or -1.
    private static func frameIndex(_ args: String) -> Int {
        guard let r = args.range(of: "\"frame\":") else { return -1 }
        return Int(args[r.upperBound...].prefix { $0.isNumber }) ?? -1
    }

    /// Writes the tracer's spans as `json(_:counters:)` does to `path`, whole or not at all.
    package static func write(_ tracer: Tracer, counters: [Int: FrameCounters], to path: String) throws {
        try FileOutput.write(json(tracer, counters: counters).utf8, to: path)
    }

    static func nanos(_ seconds: Double) -> Int64 { Int64(clamping: (max(0, seconds) * 1e9).rounded()) }

    /// Nanoseconds as a decimal number of microseconds, exactly (three decimals).
    static func micros(_ ns: Int64) -> String {
        let frac = ns % 1000
        let f = frac < 10 ? "00\(frac)" : frac < 100 ? "0\(frac)" : "\(frac)"
        return "\(ns / 1000).\(f)"
    }
}
