import StudioKit
@testable import Studios

/// A loaded basic single-host studio, with the approximate measurer, for
/// the live-interaction widgets (danmaku, gift banners and animations), driven by hand in
/// fixed 1/60 s steps.
final class LiveFixture {
    let studio: CoreBusinessStudio
    let canvas: Canvas
    private(set) var stepIndex = 0
    static let dt = 1.0 / 60.0

    init(seed: UInt64 = 7) {
        let measurer = ApproximateTextMeasurer()
        studio = SingleHostStudio(room: RoomDirectory.demoRooms[0], environment: StudioEnvironment(measurer: measurer, seed: seed))
        canvas = Canvas(measurer: measurer)
        studio.load()
        studio.announcer.deliverQueued()
    }

    var time: Double { Double(stepIndex) * Self.dt }

    /// Adds `widget` to the studio (loading it) and returns it.
    @discardableResult
    func add<W: Widget>(_ widget: W) throws -> W {
        try studio.add(widget)
        return widget
    }

    /// Delivers queued events, then runs `count` steps of the whole studio.
    func step(_ count: Int = 1) {
        for _ in 0..<count {
            studio.announcer.deliverQueued()
            stepIndex += 1
            studio.update(FrameStep(dt: Self.dt, time: time, index: stepIndex))
        }
    }

    /// Runs `count` steps of `widget` alone (fast: for long simulations of one widget).
    func step(_ widget: Widget, _ count: Int = 1) {
        for _ in 0..<count {
            stepIndex += 1
            widget.updateTree(FrameStep(dt: Self.dt, time: time, index: stepIndex))
        }
    }

    func run(seconds: Double) { step(Int((seconds / Self.dt).rounded())) }

    func post(_ name: EventName, _ payload: EventPayload) {
        studio.announcer.post(name, payload)
        studio.announcer.deliverQueued()
    }

    func draw() -> DisplayList {
        canvas.reset()
        studio.draw(in: canvas)
        return canvas.list
    }

    /// A finger tap at `point` (studio coordinates), then the queued events are delivered.
    func tap(at point: Point) {
        studio.handleInput(.pointer(PointerEvent(.down, at: point, time: time)))
        studio.handleInput(.pointer(PointerEvent(.up, at: point, time: time + 0.06)))
        studio.announcer.deliverQueued()
    }

    func hearts() -> HeartsWidget? { studio.root.subtree().first { $0 is HeartsWidget } as? HeartsWidget }
}

extension DisplayList {
    /// Every text string drawn, in any layer.
    var allTexts: [String] {
        items.compactMap { item in
            if case .text(let s, _, _, _, _) = item.command { return s }
            return nil
        }
    }
}
