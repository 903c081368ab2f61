import Foundation
@_exported import StudioBench
import StudioKit
@_exported import StudioProfiler
import Studios

/// `studio bench` in-process: a package profiles its widgets in its own tests, with the
/// same scene, frames and report as the command line.
///
/// ```swift
/// var settings = BenchSettings(scene: .room, assets: try AssetLocator.locate())
/// settings.catalog = .standard + LuckyWheel.catalog
/// settings.kind = LuckyWheelRoom.kind
/// settings.frames = 120
/// let report = try Bench.run(settings)
/// ```
///
/// The report is `studio bench --json`'s: frame-time percentiles (`frameTime`), phases,
/// layers, memory and the costliest widgets (`topWidgets`, each widget's update, draw and
/// raster time: the raster threads' time on the items its own draw made). Headless runs are deterministic in what they do, not in how long it takes: assert
/// on what a bench counts (frames, widgets listed, items drawn) in a test, and compare times
/// only between runs of one machine.
public enum Bench {
    /// Runs the bench `settings` describe and returns its report.
    /// - Throws: the scene's errors (an unknown kind, a configuration that does not load).
    public static func run(_ settings: BenchSettings) throws -> BenchReport {
        try BenchRunner(settings: settings).run().report
    }
}
