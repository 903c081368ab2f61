@testable import StudioKit

/// Scripted input built frame by frame, with pointer times on a 1/60 s grid.
struct InputScript {
    private(set) var events: [Int: [InputEvent]] = [:]

    mutating func key(_ key: Key, at frame: Int) {
        events[frame, default: []].append(.key(KeyEvent(key)))
        events[frame + 1, default: []].append(.key(KeyEvent(key, isDown: false)))
    }

    /// A tap: down on `frame`, up three frames (50 ms) later at the same point.
    mutating func tap(at point: Point, frame: Int) {
        events[frame, default: []].append(.pointer(PointerEvent(.down, at: point, time: Double(frame) / 60)))
        events[frame + 3, default: []].append(.pointer(PointerEvent(.up, at: point, time: Double(frame + 3) / 60)))
    }

    /// One pointer sample on `frame`, timed at the start of that frame.
    mutating func pointer(_ phase: PointerPhase, at point: Point, frame: Int) {
        events[frame, default: []].append(.pointer(PointerEvent(phase, at: point, time: Double(frame) / 60)))
    }

    mutating func quit(at frame: Int) {
        events[frame, default: []].append(.quit)
    }
}
