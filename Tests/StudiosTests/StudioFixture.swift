import StudioKit
@testable import Studios

/// A loaded single-host studio driven by hand: fixed 1/60 s steps, draws into a canvas with
/// the approximate measurer. No backend, no window.
final class StudioFixture {
    let studio: SingleHostStudio
    let canvas: Canvas
    private(set) var stepIndex = 0
    static let dt = 1.0 / 60.0

    init(seed: UInt64 = 42, room: RoomInfo = RoomDirectory.demoRooms[0], load: Bool = true) {
        let measurer = ApproximateTextMeasurer()
        studio = SingleHostStudio(room: room, environment: StudioEnvironment(measurer: measurer, seed: seed))
        canvas = Canvas(measurer: measurer)
        if load {
            studio.load()
            studio.announcer.deliverQueued()
        }
    }

    var time: Double { Double(stepIndex) * Self.dt }

    /// Delivers queued events, then runs `count` steps (as the driver's frame does).
    func step(_ count: Int = 1) {
        for _ in 0..<count {
            studio.announcer.deliverQueued()
            stepIndex += 1
            studio.update(FrameStep(dt: Self.dt, time: time, index: stepIndex))
        }
    }

    /// Runs steps for `seconds` of simulated time.
    func run(seconds: Double) { step(Int((seconds / Self.dt).rounded())) }

    /// Draws a frame and returns its display list.
    func draw() -> DisplayList {
        canvas.reset()
        studio.draw(in: canvas)
        return canvas.list
    }

    /// A tap as a finger makes it: down and up at `point` (studio coordinates) 60 ms apart,
    /// then the queued events are delivered.
    func tap(at point: Point) {
        studio.handleInput(.pointer(PointerEvent(.down, at: point, time: time)))
        studio.handleInput(.pointer(PointerEvent(.up, at: point, time: time + 0.06)))
        studio.announcer.deliverQueued()
    }

    /// The centre of `widget`'s frame in studio coordinates.
    func center(of widget: Widget) -> Point {
        widget.transformToRoot.apply(Point(x: widget.frame.width / 2, y: widget.frame.height / 2))
    }

    func widget<W: Widget>(_ type: W.Type) -> W {
        guard let w = studio.root.subtree().first(where: { $0 is W }) as? W else {
            fatalError("no \(W.self) in the studio")
        }
        return w
    }
}

/// Records the events it is subscribed to.
final class EventRecorder: EventListener {
    private(set) var received: [(name: EventName, payload: EventPayload)] = []

    init(_ announcer: Announcer, _ names: [EventName]) {
        for name in names { announcer.subscribe(self, to: name) }
    }

    func onEvent(_ name: EventName, sender: AnyObject?, userInfo: EventPayload) {
        received.append((name, userInfo))
    }

    func count(of name: EventName) -> Int { received.filter { $0.name == name }.count }
}

extension DisplayList {
    /// The text strings drawn in `kind`'s layer.
    func texts(in kind: LayerKind) -> [String] {
        items(in: kind).compactMap { item in
            if case .text(let s, _, _, _, _) = item.command { return s }
            return nil
        }
    }
}
