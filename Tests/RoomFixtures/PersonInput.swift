import StudioKit

/// Input a person gives the app, by frame: swipes as pointer scripts, keys as presses.
package enum PersonInput {
    /// A vertical swipe starting at `frame` in the middle of the screen: down, six moves of
    /// `dy / 6` one frame apart, up. `dy` < 0 is a swipe up (the next room).
    package static func swipe(at frame: Int, dy: Double, x: Double = 360, y: Double = 640) -> [Int: [InputEvent]] {
        var out: [Int: [InputEvent]] = [:]
        func t(_ f: Int) -> Double { Double(f) / 60 }
        out[frame] = [.pointer(PointerEvent(.down, at: Point(x: x, y: y), time: t(frame)))]
        for i in 1...6 {
            out[frame + i] = [.pointer(PointerEvent(.moved, at: Point(x: x, y: y + dy * Double(i) / 6), time: t(frame + i)))]
        }
        out[frame + 7] = [.pointer(PointerEvent(.up, at: Point(x: x, y: y + dy), time: t(frame + 7)))]
        return out
    }

    package static func key(_ key: Key, at frame: Int) -> [Int: [InputEvent]] { [frame: [.key(KeyEvent(key))]] }

    package static func merged(_ parts: [Int: [InputEvent]]...) -> [Int: [InputEvent]] {
        parts.reduce(into: [:]) { all, part in all.merge(part) { $0 + $1 } }
    }
}
