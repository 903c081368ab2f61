import Foundation

extension BenchReport {
    /// The video streams' frames shown and dropped by the end of the run, every stream
    /// together, from their running totals (nil without a video): what share of the frames
    /// whose time came never reached the screen.
    package var videoFrames: (shown: Int, dropped: Int, droppedPercent: Double)? {
        func total(_ name: String) -> Int { counters.first { $0.name == name }?.peak ?? 0 }
        let shown = total("videoShown"), dropped = total("videoDropped")
        guard shown + dropped > 0 else { return nil }
        return (shown, dropped, 100 * Double(dropped) / Double(shown + dropped))
    }

    /// The most each large allocation held during the run (the counters' peaks): the layer
    /// surfaces, sprite pictures, text masks, decoded images and queued video frames; nil for
    /// reports written before they were counted apart.
    package var heldMemory: (parts: [(name: String, bytes: Int)], total: Int)? {
        let names = [
            ("surfaces", "surfaceBytes"), ("sprites", "spriteBytes"), ("text", "textCacheBytes"),
            ("images", "imageCacheBytes"), ("video queue", "videoQueueBytes"),
        ]
        var parts: [(name: String, bytes: Int)] = []
        for (label, counter) in names {
            guard let c = counters.first(where: { $0.name == counter }) else { return nil }
            parts.append((label, c.peak))
        }
        return (parts, parts.reduce(0) { $0 + $1.bytes })
    }

    /// The report as an aligned text table for a terminal.
    package func table() -> String {
        var out = headerLines()
        out.append("")
        out.append(row("", ["p50", "p90", "p99", "max", "mean", ">16.7ms", ">33ms"]))
        out.append(timeRow("frame (busy)", frameTime))
        for p in phases { out.append(timeRow("  " + p.name, p.time)) }
        out.append(timeRow("draw by layer", nil))
        for l in layers { out.append(timeRow("  " + l.name, l.time)) }
        out.append("")
        out.append(row("counter", ["mean", "peak"]))
        for c in counters { out.append(row("  " + c.name, [c.meanText, "\(c.peak)"])) }
        out.append("")
        out += memoryAndContentLines()
        if !topWidgets.isEmpty {
            out.append("")
            out.append(row("top widgets (per frame)", ["update", "draw", "raster", "total"]))
            for w in topWidgets {
                out.append(
                    row(
                        "  \(w.name)",
                        [us(w.updatePerFrame), us(w.drawPerFrame), us(w.rasterPerFrame), us(w.totalPerFrame)]))
            }
        }
        return out.joined(separator: "\n")
    }

    /// The settings, the run's size, the frames that advanced, the machine and the warnings.
    private func headerLines() -> [String] {
        var out: [String] = []
        let settings = configuration.keys.sorted().map { "\($0)=\(configuration[$0]!)" }.joined(separator: " ")
        out.append("studio bench: \(settings)")
        out.append(
            String(format: "%d frames, %.1f s simulated, %.1f s wall", frames, simulatedSeconds, wallSeconds)
                + (runs.map { ", median of \($0.count) runs" } ?? ""))
        if let advancedFrames, advancedFrames < frames {
            let idle = idleFrameTime.map { String(format: " (p50 %.3f ms, max %.3f ms)", $0.p50 * 1000, $0.max * 1000) }
            out.append(
                String(format: "%d frames advanced the simulation (%.1f%%); ", advancedFrames, advancedShare * 100)
                    + "\(frames - advancedFrames) ran no step\(idle ?? "") and are left out of every figure below")
        }
        if let profiledFrames, let t = profiledFrameTime {
            out.append(
                String(
                    format: "%d frames (one in %d) timed each widget for the table at the end (busy p50 %.3f ms, p99 %.3f ms) "
                        + "and are left out of every other figure", profiledFrames, Self.profileEvery, t.p50 * 1000, t.p99 * 1000))
        }
        if let machine { out.append("machine: \(machine.summary)" + (version.map { "; studio \($0)" } ?? "")) }
        for w in warnings { out.append("warning: \(w)") }
        return out
    }

    /// Memory, the files read, the danmaku's counts and the video's frames.
    private func memoryAndContentLines() -> [String] {
        var out: [String] = []
        func mb(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }
        out.append(
            "memory: resident \(mb(memory.startResidentBytes)) -> \(mb(memory.endResidentBytes))"
                + " (growth \(mb(memory.growthBytes))), peak \(mb(memory.peakResidentBytes))")
        if let held = heldMemory {
            let parts = held.parts.map { "\($0.name) \(mb($0.bytes))" }.joined(separator: ", ")
            out.append(
                "  largest held: \(parts); together \(mb(held.total)), the rest of the peak is code, fonts, the room and the allocator")
        }
        for f in files {
            let size = f.fileBytes.map { " (\(mb($0)))" } ?? ""
            let peak = f.peakResident.map { ", peak resident \(mb($0))" } ?? ""
            out.append(
                String(
                    format: "%@ %@%@: %d records in %.3f s (%.0f a second), resident +%@%@",
                    f.role, f.file, size, f.records, f.seconds, f.recordsPerSecond, mb(f.residentGrowth), peak))
            out.append("  \(f.summary)")
        }
        if let l = live {
            out.append(
                String(
                    format: "live: a burst of %.0f danmaku a second replayed in this process; %d records sent in %.1f s (%.0f a second), "
                        + "%d batches dropped for a full queue; the room read %d messages",
                    l.rate, l.recordsSent, l.seconds, l.seconds > 0 ? Double(l.recordsSent) / l.seconds : 0, l.batchesDropped,
                    l.messagesRead))
        }
        if let d = danmaku {
            out.append(
                "danmaku: received \(d.received): shown \(d.shown), on screen \(d.onScreen), queued \(d.queued),"
                    + " blocked \(d.blocked), merged \(d.merged), over density \(d.overDensity), dropped \(d.dropped)"
                    + (d.cleared > 0 ? ", cleared by seeks \(d.cleared)" : "")
                    + "; peak on screen \(d.peakOnScreen)" + (d.isBalanced ? "" : " (counts do not add up)"))
        }
        if let video = videoFrames {
            out.append(
                String(
                    format: "video: %d frames shown, %d dropped (%.2f%% of the frames whose time came), since each stream started",
                    video.shown, video.dropped, video.droppedPercent))
        }
        return out
    }

    private func row(_ label: String, _ cells: [String]) -> String {
        label.padding(toLength: 26, withPad: " ", startingAt: 0)
            + cells.map { $0.leftPadded(to: 10) }.joined()
    }

    private func timeRow(_ label: String, _ t: LatencySummary?) -> String {
        guard let t else { return label }
        func ms(_ s: Double) -> String { String(format: "%.3f", s * 1000) }
        return row(
            label,
            [
                ms(t.p50), ms(t.p90), ms(t.p99), ms(t.max), ms(t.mean),
                String(format: "%.2f%%", t.percentOverBudget), String(format: "%.2f%%", t.percentOverStutter),
            ])
    }

    private func us(_ s: Double) -> String { String(format: "%.1f us", s * 1e6) }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? " " + self : String(repeating: " ", count: width - count) + self
    }
}
