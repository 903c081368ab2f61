import Foundation
import StudioKit
@testable import Studios

/// A studio of one kind built as the app builds it: its shipped configuration from
/// `Assets/studios`, through `StudioFactory`, in a room of the demo directory; loaded and
/// driven by hand in fixed 1/60 s steps.
final class ConfiguredStudioFixture {
    let config: StudioConfig
    let studio: BasicBusinessStudio
    let canvas: Canvas
    private(set) var stepIndex = 0
    static let dt = 1.0 / 60.0

    /// The checkout's `Assets/studios`, found from this file's place.
    static let studiosFolder: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Assets/studios").path

    static func shippedConfig(_ kind: String) throws -> StudioConfig {
        try StudioConfigLoader().load(path: "\(studiosFolder)/\(kind).json")
    }

    static func room(for kind: String) -> RoomInfo {
        RoomDirectory.demoRooms.first { $0.kind == kind } ?? RoomDirectory.demoRooms[0]
    }

    convenience init(kind: String, seed: UInt64 = 7) throws {
        try self.init(config: try Self.shippedConfig(kind), seed: seed)
    }

    init(config: StudioConfig, seed: UInt64 = 7, load: Bool = true) throws {
        self.config = config
        let measurer = ApproximateTextMeasurer()
        canvas = Canvas(measurer: measurer)
        studio = try StudioFactory().makeStudio(config: config, room: Self.room(for: config.kind),
                                                environment: StudioEnvironment(measurer: measurer, seed: seed))
        if load {
            studio.load()
            studio.announcer.deliverQueued()
        }
    }

    var time: Double { Double(stepIndex) * Self.dt }

    /// Delivers queued events, then runs `count` steps (as the driver's frame does), then
    /// delivers what the steps announced.
    func step(_ count: Int = 1) {
        for _ in 0..<count {
            studio.announcer.deliverQueued()
            stepIndex += 1
            studio.update(FrameStep(dt: Self.dt, time: time, index: stepIndex))
        }
        studio.announcer.deliverQueued()
    }

    func run(seconds: Double) { step(Int((seconds / Self.dt).rounded())) }

    /// Posts an event as a widget or the feed would, and delivers it.
    func post(_ name: EventName, _ payload: EventPayload = .none) {
        studio.announcer.post(name, payload)
        studio.announcer.deliverQueued()
    }

    func draw() -> DisplayList {
        canvas.reset()
        studio.draw(in: canvas)
        return canvas.list
    }

    /// Every text drawn, in every layer.
    func texts() -> [String] {
        draw().items.compactMap { item in
            if case .text(let s, _, _, _, _) = item.command { return s }
            return nil
        }
    }

    func widget<W: Widget>(_ name: String, as type: W.Type = W.self) -> W? {
        studio.widget(named: name) as? W
    }

    /// A tap at `point` (studio coordinates), delivered.
    func tap(at point: Point) {
        studio.handleInput(.pointer(PointerEvent(.down, at: point, time: time)))
        studio.handleInput(.pointer(PointerEvent(.up, at: point, time: time + 0.06)))
        studio.announcer.deliverQueued()
    }

    func center(of widget: Widget) -> Point {
        widget.transformToRoot.apply(Point(x: widget.frame.width / 2, y: widget.frame.height / 2))
    }
}
