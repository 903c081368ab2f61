import Foundation
import StudioKit

/// Scenario lines from what a session did, so that a log of it replays with `--scenario`:
/// the user's input, at its time on the loop's clock, as the `pointer`, `key` and `text`
/// lines that `ScenarioInputActions` reads back to the same events.
///
/// Times never decrease in a scenario, so a writer keeps the last one: input whose time is
/// earlier (a key read from the clock after a pointer sample stamped later) is written at
/// the last time instead.
package struct ScenarioWriter: Sendable {
    /// The time of the last line written.
    package private(set) var lastTime = 0.0

    package init() {}

    /// The line that replays `event` at `time`; nil for input a scenario does not carry: a
    /// key's release (a `key` line presses and releases), a repeat, a key the studio does not
    /// know, a hover, a cancelled touch, text a field would refuse, and quitting.
    package mutating func line(for event: InputEvent, at time: Double) -> String? {
        guard time.isFinite, let action = Self.action(event) else { return nil }
        lastTime = max(lastTime, min(time, InputLimits.maxSeconds))
        return "{\"t\": \(Self.number(lastTime)), \(action)}"
    }

    /// The action part of `event`'s line (`"key": "l"`).
    static func action(_ event: InputEvent) -> String? {
        switch event {
        case .pointer(let p):
            guard let phase = ScenarioLine.pointerPhases.first(where: { $0.phase == p.phase })?.key,
                p.position.x.isFinite, p.position.y.isFinite, (0...PointerEvent.maxID).contains(p.id)
            else { return nil }
            // The area a scenario admits: a pointer past it (a drag far off the window) is
            // held at its edge, as the window's backend holds it.
            let point = InputLimits.clampPointer(p.position)
            let id = p.id == 0 ? "" : ", \"id\": \(p.id)"
            return "\"pointer\": {\"\(phase)\": [\(number(point.x)), \(number(point.y))]\(id)}"
        case .key(let k):
            guard k.isDown, !k.isRepeat, k.key != .other else { return nil }
            return "\"key\": \(quoted(k.key.rawValue))"
        case .text(let text):
            guard InputEvent.problem(typing: text) == nil else { return nil }
            return "\"text\": \(quoted(text))"
        case .quit:
            return nil
        }
    }

    /// The shortest text that reads back as `value` (Swift's description round-trips).
    static func number(_ value: Double) -> String {
        Int64(exactly: value).map(String.init) ?? "\(value)"
    }

    /// `text` as a JSON string.
    static func quoted(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
