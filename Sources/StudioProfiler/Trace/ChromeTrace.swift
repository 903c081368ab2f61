import Foundation
import StudioKit

/// Writes frames as Chrome Trace Event JSON (the format chrome://tracing and Perfetto open):
/// one complete ("X") event per frame, the phases nested in it one after another, the
/// layers' draw spans nested in the draw phase, and a counter ("C") event per frame.
/// Times are integer nanoseconds written as microseconds, so children never poke out of
/// their parent through rounding.
public enum ChromeTrace {
    public static func json(_ samples: [FrameSample], processName: String = "LiveStudio") -> String {
        var out = "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n"
        out.reserveCapacity(samples.count * 1600 + 256)
        out += "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,\"tid\":1,\"args\":{\"name\":\"\(escape(processName))\"}},\n"
        out += "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":1,\"args\":{\"name\":\"loop\"}}"
        let origin = samples.first.map { nanos($0.start) } ?? 0
        for s in samples {
            let start = nanos(s.start) - origin
            var phaseStart = start
            var phaseEnds: [(FramePhase, Int64, Int64)] = []
            for p in FramePhase.allCases {
                let d = nanos(s.timing[p])
                phaseEnds.append((p, phaseStart, d))
                phaseStart += d
            }
            let frameDur = phaseStart - start
            out += ",\n"
            out += complete("frame \(s.timing.index)", cat: "frame", ts: start, dur: frameDur,
                            args: "{\"steps\":\(s.timing.steps),\"drawItems\":\(s.timing.drawItems),\"eventsDelivered\":\(s.timing.eventsDelivered)}")
            for (p, ts, d) in phaseEnds where d > 0 {
                out += ",\n" + complete(p.description, cat: "phase", ts: ts, dur: d)
                if p == .draw {
                    var layerStart = ts
                    for k in LayerKind.allCases {
                        let ld = min(nanos(s.timing.drawTime(of: k)), ts + d - layerStart)
                        if ld > 0 { out += ",\n" + complete("draw \(k)", cat: "layer", ts: layerStart, dur: ld) }
                        layerStart += max(0, ld)
                    }
                }
            }
            let args = s.counters.named.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",")
            out += ",\n{\"name\":\"counters\",\"ph\":\"C\",\"pid\":1,\"tid\":1,\"ts\":\(micros(start)),\"args\":{\(args)}}"
        }
        out += "\n]}\n"
        return out
    }

    /// Writes the trace to `path`, whole or not at all (see `FileOutput`).
    /// - Throws: `FileOutputError` naming the path and the reason when it cannot be written.
    public static func write(_ samples: [FrameSample], to path: String) throws {
        try FileOutput.write(json(samples).utf8, to: path)
    }

    private static func complete(_ name: String, cat: String, ts: Int64, dur: Int64, args: String? = nil) -> String {
        var e = "{\"name\":\"\(name)\",\"cat\":\"\(cat)\",\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":\(micros(ts)),\"dur\":\(micros(dur))"
        if let args { e += ",\"args\":\(args)" }
        return e + "}"
    }

    static func nanos(_ seconds: Double) -> Int64 { Int64(clamping: (max(0, seconds) * 1e9).rounded()) }

    /// Nanoseconds as a decimal number of microseconds, exactly (three decimals).
    static func micros(_ ns: Int64) -> String {
        let frac = ns % 1000
        let f = frac < 10 ? "00\(frac)" : frac < 100 ? "0\(frac)" : "\(frac)"
        return "\(ns / 1000).\(f)"
    }

    private static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}
