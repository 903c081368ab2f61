import Foundation
import StudioInspection
import StudioKit
import Studios

/// What to show of the app for a snapshot, golden, dump or audit: a studio (by kind or
/// scheme) after a number of frames, with a seed, a scenario, a mode and recorded input.
public struct SceneSpec {
    /// A studio kind (`pk`); the catalog's room of that kind opens. Ignored when `room` is set.
    public var kind: RoomKind?
    /// A room scheme, `studio://room/<id>?type=<kind>`.
    public var room: String?
    public var seed: UInt64 = 1
    /// Frames to run before the shot (the shot is the last of them).
    public var frames = 90
    /// A scenario file (`Assets/scenarios/*.jsonl`) to play.
    public var scenario: String?
    /// A scenario already read (a preview state's room data), played when `scenario` is nil.
    package var script: Scenario?
    public var mode: SceneMode = .normal
    /// Recorded input fed at its frames (`--replay`).
    package var replay: [RecordedInput] = []
    /// A danmaku file or live recording played as the rooms' chat (`--feed-file`).
    package var feedFile: FeedFile?
    /// The viewer's danmaku settings, over every room's configuration.
    public var danmaku: DanmakuSettings?
    /// More I/O components, as `StudioApp.Options.components` (a video player).
    public var components: [(StudioDriver) -> IOComponent] = []

    public init(
        kind: RoomKind? = nil, room: String? = nil, seed: UInt64 = 1, frames: Int = 90,
        scenario: String? = nil, mode: SceneMode = .normal, replay: [RecordedInput] = []
    ) {
        self.kind = kind
        self.room = room
        self.seed = seed
        self.frames = frames
        self.scenario = scenario
        self.mode = mode
        self.replay = replay
    }

    /// The scheme to open first: the room, or the catalog's room of the kind.
    /// - Throws: `SceneError` for a kind the catalog does not register (listing those it
    ///   does), `SchemeError` for a malformed room.
    package func scheme(in catalog: Catalog) throws -> Scheme? {
        if let room { return try Scheme(parsing: room) }
        guard let kind else { return nil }
        guard catalog.kindNames.contains(kind) else {
            throw SceneError("unknown studio kind '\(kind)'; valid kinds: \(catalog.kindNames.joined(separator: ", "))")
        }
        return catalog.directory.schemes.first { $0.kind == kind } ?? .room(900, kind: kind)
    }
}

/// The modes a scene can be shown in.
public enum SceneMode: String, CaseIterable, Sendable {
    case normal, lite, landscape

    package static func parse(_ text: String) throws -> SceneMode {
        guard let mode = SceneMode(rawValue: text) else {
            throw SceneError("unknown mode '\(text)'; valid modes: \(allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return mode
    }
}

/// A bad scene request (unknown kind, layer, mode...), said in full.
package struct SceneError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

/// The app run deterministically for a `SceneSpec`, as `studio snapshot`, `dump`, `audit`
/// and golden tests run it: a manual clock advanced exactly 1/60 s per frame, the feed in
/// lockstep, and a backend that draws nothing. The frames run on display lists only, with
/// text measured by `measurer` (the renderer's font engine, so that layout matches the
/// window); the caller rasterizes the last one if it wants pixels, which keeps snapshots and
/// goldens fast in debug builds.
public final class StudioScene {
    package let app: StudioApp
    public let clock = ManualClock()
    public var driver: StudioDriver { app.driver }
    /// Where a test queues input for the next frame (`input.queue([...])`, then `run(frames:)`).
    public let input: ScriptedBackend
    /// The last frame's display list.
    public var displayList: DisplayList { app.driver.displayList }

    /// The room's part of type `P` (its kind's, or one of every room's), for a test that
    /// checks what the room did; nil when the room has none.
    public func part<P: RoomPart>(_ type: P.Type) -> P? { driver.studio.part(type) }

    /// 0.11's name of `part(_:)`.
    @available(*, deprecated, renamed: "part")
    public func component<P: RoomPart>(_ type: P.Type) -> P? { part(type) }

    public init(_ spec: SceneSpec, catalog: Catalog = .standard, assets: URL, measurer: TextMeasurer) throws {
        var options = StudioApp.Options(assets: assets)
        options.catalog = catalog
        options.start = try spec.scheme(in: catalog)
        options.seed = spec.seed
        options.scenario = try spec.scenario.map { try Scenario.load(path: $0, vocabulary: catalog.scenarioActions) } ?? spec.script
        options.feedFile = spec.feedFile
        options.danmaku = spec.danmaku
        options.components = spec.components
        options.lockstep = true
        let base = ScriptedBackend(measurer: measurer)
        input = base
        let backend: Backend = spec.replay.isEmpty ? base : ReplayBackend(base: base, recording: spec.replay)
        app = try StudioApp(options: options, backend: backend, clock: clock)
        try apply(spec.mode)
        try run(frames: spec.frames)
    }

    deinit { app.driver.shutdown() }

    /// Runs `frames` more frames, 1/60 s of simulated time each.
    public func run(frames: Int) throws {
        let driver = app.driver, clock = clock
        try driver.run(frames: frames, paced: false) { clock.advance(by: driver.loop.step) }
    }

    /// Lite: the studio enters lite mode at once and settles during the frames; landscape:
    /// a room made from a configuration turns to its landscape layout.
    private func apply(_ mode: SceneMode) throws {
        switch mode {
        case .normal: break
        case .lite: driver.studio.setLiteMode(true)
        case .landscape:
            guard let orientation = driver.studio.part(RoomOrientation.self) else {
                throw SceneError("the \(driver.studio.room.kind) studio has no landscape mode")
            }
            orientation.setLandscape(true)
        }
    }
}
