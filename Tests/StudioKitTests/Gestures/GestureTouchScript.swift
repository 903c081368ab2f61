@testable import StudioKit

/// Builds the pointer events of one touch for gesture tests: positions are absolute,
/// times are given as the gap since the previous event.
struct GestureTouchScript {
    private(set) var events: [PointerEvent]
    private var position: Point
    private var time: Double
    private let id: Int

    init(downAt x: Double, _ y: Double, time: Double = 0, id: Int = 0) {
        position = Point(x: x, y: y)
        self.time = time
        self.id = id
        events = [PointerEvent(.down, id: id, at: position, time: time)]
    }

    func move(to x: Double, _ y: Double, after gap: Double) -> GestureTouchScript {
        adding(.moved, Point(x: x, y: y), gap)
    }

    func up(after gap: Double) -> GestureTouchScript { adding(.up, position, gap) }

    func cancel(after gap: Double) -> GestureTouchScript { adding(.cancelled, position, gap) }

    private func adding(_ phase: PointerPhase, _ p: Point, _ gap: Double) -> GestureTouchScript {
        var s = self
        s.position = p
        s.time += gap
        s.events.append(PointerEvent(phase, id: id, at: p, time: s.time))
        return s
    }
}

extension GestureRouter {
    /// Feeds every event; returns all outputs in order.
    func run(_ events: [PointerEvent]) -> [GestureOutput] { events.flatMap { handle($0) } }
    func run(_ script: GestureTouchScript) -> [GestureOutput] { run(script.events) }
}

extension SwipeRecognizer {
    /// Feeds every event; returns every reported state in order.
    mutating func run(_ script: GestureTouchScript) -> [SwipeInfo] {
        script.events.compactMap { handle($0) }
    }
}

extension GestureOutput {
    var swipeInfo: SwipeInfo? {
        if case .swipe(let info) = self { return info }
        return nil
    }

    var isTap: Bool {
        if case .tap = self { return true }
        return false
    }
}
