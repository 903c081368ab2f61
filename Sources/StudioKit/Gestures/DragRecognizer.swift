/// The directions a widget's drag may move in.
public struct DragAxes: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let horizontal = DragAxes(rawValue: 1)
    public static let vertical = DragAxes(rawValue: 2)
    /// A pad or a joystick: any direction.
    public static let free: DragAxes = [.horizontal, .vertical]

    /// The one direction of a swipe along `axis`.
    public init(_ axis: SwipeAxis) { self = axis == .horizontal ? .horizontal : .vertical }
}

/// A widget's drag, reported on every change: to the router in root coordinates, to the
/// widget (`Widget.handleDrag`) in its own.
public struct DragInfo: Hashable, Sendable {
    public var phase: GesturePhase
    /// Where the touch went down.
    public var start: Point
    /// Where the finger is now.
    public var location: Point
    /// `location - start`.
    public var translation: Point { location - start }
    /// Logical pixels per second, per axis.
    public var velocity: Point

    public init(phase: GesturePhase, start: Point, location: Point, velocity: Point) {
        self.phase = phase
        self.start = start
        self.location = location
        self.velocity = velocity
    }

    /// The same drag seen through `transform` (velocity keeps its units; only points move).
    package func mapped(_ transform: (Point) -> Point) -> DragInfo {
        DragInfo(phase: phase, start: transform(start), location: transform(location), velocity: velocity)
    }
}

/// Recognizes the drag of the widget a touch went down on, for the arena (`GestureRouter`).
///
/// It begins once the finger has moved `dragBeginDistance` in a direction the widget drags
/// in: for one axis, along it at least as much as across it; for `.free`, any way. A
/// one-axis drag that moves that far mostly across its axis fails, so the studio's swipe on
/// the other axis can still win (a vertical swipe over a horizontal slider changes room).
public struct DragRecognizer: Hashable, Sendable {
    public enum Failure: Hashable, Sendable, CustomStringConvertible {
        case movedAcross(Double)
        case lifted
        case preempted

        public var description: String {
            switch self {
            case .movedAcross(let d): "moved \(GestureWording.px(d)) px across its axis"
            case .lifted: "lifted before moving far enough"
            case .preempted: "another gesture won"
            }
        }
    }

    package let axes: DragAxes
    public let config: GestureConfig
    public private(set) var phase: GesturePhase = .possible
    package private(set) var failure: Failure?
    private var touchID: Int?
    private var start: Point = .zero
    private var movement: Point = .zero
    private var vx: VelocityTracker
    private var vy: VelocityTracker

    public init(axes: DragAxes, config: GestureConfig) {
        self.axes = axes
        self.config = config
        vx = VelocityTracker(window: config.velocityWindow)
        vy = VelocityTracker(window: config.velocityWindow)
    }

    package var isInProgress: Bool { phase == .began || phase == .changed }

    /// Feeds one pointer event of the touch; returns the drag's state when it began, moved,
    /// ended or was cancelled.
    public mutating func handle(_ event: PointerEvent) -> DragInfo? {
        if event.phase == .down {
            touchID = event.id
            start = event.position
            movement = .zero
        }
        guard event.id == touchID, phase == .possible || isInProgress else { return nil }
        movement = event.position - start
        vx.add(time: event.time, value: event.position.x)
        vy.add(time: event.time, value: event.position.y)
        switch (event.phase, phase) {
        case (.down, _), (.hovered, _):
            return nil
        case (.moved, .possible):
            let dx = abs(movement.x), dy = abs(movement.y)
            let along: Double, across: Double
            switch axes {
            case .horizontal: (along, across) = (dx, dy)
            case .vertical: (along, across) = (dy, dx)
            default: (along, across) = ((dx * dx + dy * dy).squareRoot(), 0)
            }
            if along >= config.dragBeginDistance, along >= across {
                phase = .began
            } else if across >= config.dragBeginDistance {
                fail(.movedAcross(across))
                return nil
            } else {
                return nil
            }
        case (.moved, _):
            phase = .changed
        case (.up, .possible), (.cancelled, .possible):
            fail(.lifted)
            return nil
        case (.up, _):
            phase = .ended
        case (.cancelled, _):
            phase = .cancelled
        }
        return DragInfo(
            phase: phase, start: start, location: event.position,
            velocity: Point(x: vx.velocity, y: vy.velocity))
    }

    /// Another gesture won the touch.
    package mutating func preempt() {
        if phase == .possible, touchID != nil { fail(.preempted) }
    }

    private mutating func fail(_ why: Failure) {
        phase = .failed
        failure = why
    }
}
