import ArgumentParser
import Foundation
import StudioAppCore
import StudioKit
import Studios

/// How long a scene runs and what it plays: `--frames` or `--at-time`, `--scenario`,
/// `--feed-file` and the danmaku settings, as `studio snapshot` and `studio dump` take them.
struct SceneTimeOptions: ParsableArguments {
    @Option(help: "Frames to run; the last one is shown (default 90).")
    var frames: Int?

    @Option(name: .customLong("at-time"), help: "Simulated seconds to run instead of --frames (60 frames per second).")
    var atTime: Double?

    @Option(help: "A scenario (Assets/scenarios/*.jsonl) to play: timed server messages and input.")
    var scenario: String?

    @OptionGroup var feed: FeedFileOptions

    @OptionGroup var danmaku: DanmakuOptions

    @OptionGroup var videos: VideoOptions

    func validate() throws {
        try OptionCheck.whole(frames, "--frames", in: OptionCheck.snapshotFrames, OptionCheck.snapshotFramesMeaning)
        try OptionCheck.number(atTime, "--at-time", in: 0...InputLimits.maxSeconds / 24, "seconds of simulated time, at most an hour")
        if let atTime, !(atTime > 0) { throw ValidationError("--at-time must be more than 0 seconds (got \(atTime.compact))") }
        if frames != nil, atTime != nil { throw ValidationError("give --frames or --at-time, not both") }
    }

    /// Puts the feed file, the danmaku settings and the video player (for `--video`, and for
    /// rooms whose configuration names a file under `assets`) into `spec`.
    /// - Throws: the feed file's or the settings' errors, and a `--video` or
    ///   `--opponent-video` that cannot play. A file a room's configuration names that cannot
    ///   play is not an error: that room shows its own picture saying so, and a warning names it.
    func configure(_ spec: inout SceneSpec, assets: URL) throws {
        try videos.requirePlayable()
        spec.feedFile = try feed.load()
        spec.danmaku = try danmaku.settings()
        spec.components += videos.players(lockstep: true, assets: assets)
    }

    /// The frames to run: `--frames`, or `--at-time` at 60 a second (at least one), or 90.
    var frameCount: Int { frames ?? atTime.map { max(1, Int(clamping: ($0 * 60).rounded())) } ?? 90 }
}

extension LayerKind {
    /// The layer called `name`, or an error listing the five.
    static func parse(_ name: String) throws -> LayerKind {
        guard let kind = LayerKind(name: name) else {
            throw SceneError("unknown layer '\(name)'; valid layers: \(LayerKind.allCases.map(\.name).joined(separator: ", "))")
        }
        return kind
    }
}
