import ArgumentParser
import Foundation
import StudioKit
import Studios

/// What `studio snapshot`, `dump` and `audit` show: a studio (by kind or scheme) after a
/// number of frames, with a seed, a scenario, a mode and recorded input.
struct SceneSpec {
    /// A studio kind (`pk`); the directory's room of that kind opens. Ignored when `room` is set.
    var kind: String?
    /// A room scheme, `studio://room/<id>?type=<kind>`.
    var room: String?
    var seed: UInt64 = 1
    /// Frames to run before the shot (the shot is the last of them).
    var frames = 90
    var scenario: String?
    var mode: SceneMode = .normal
    /// Recorded input fed at its frames (`--replay`).
    var replay: [RecordedInput] = []

    /// The scheme to open first, checking the kind.
    func scheme() throws -> Scheme? {
        if let room { return try Scheme(parsing: room) }
        guard let kind else { return nil }
        guard StudioKinds.all.contains(kind) else {
            throw SceneError("unknown studio kind '\(kind)'; valid kinds: \(StudioKinds.all.joined(separator: ", "))")
        }
        return RoomDirectory().schemes.first { $0.kind == kind } ?? .room(900, kind: kind)
    }
}

/// How long a scene runs and what it plays: `--frames` or `--at-time`, and `--scenario`,
/// as `studio snapshot` and `studio dump` take them.
struct SceneTimeOptions: ParsableArguments {
    @Option(help: "Frames to run; the last one is shown (default 90).")
    var frames: Int?

    @Option(name: .customLong("at-time"), help: "Simulated seconds to run instead of --frames (60 frames per second).")
    var atTime: Double?

    @Option(help: "A scenario (Assets/scenarios/*.jsonl) to play: timed server messages and input.")
    var scenario: String?

    func validate() throws {
        try OptionCheck.whole(frames, "--frames", in: OptionCheck.snapshotFrames, OptionCheck.snapshotFramesMeaning)
        try OptionCheck.number(atTime, "--at-time", in: 0...InputLimits.maxSeconds / 24, "seconds of simulated time, at most an hour")
        if let atTime, !(atTime > 0) { throw ValidationError("--at-time must be more than 0 seconds (got \(atTime.compact))") }
        if frames != nil, atTime != nil { throw ValidationError("give --frames or --at-time, not both") }
    }

    /// The frames to run: `--frames`, or `--at-time` at 60 a second (at least one), or 90.
    var frameCount: Int { frames ?? atTime.map { max(1, Int(clamping: ($0 * 60).rounded())) } ?? 90 }
}

/// The modes a scene can be shown in.
enum SceneMode: String, CaseIterable {
    case normal, lite, landscape

    static func parse(_ text: String) throws -> SceneMode {
        guard let mode = SceneMode(rawValue: text) else {
            throw SceneError("unknown mode '\(text)'; valid modes: \(allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return mode
    }
}

/// A bad request on the command line (unknown kind, layer, mode...), said in full.
struct SceneError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
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
