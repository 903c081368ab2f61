import StudioDomain
import StudioKit

/// The scenario actions that are the user's input, one decoder each. A gesture line gives
/// its pointer samples, each at its own time.
enum ScenarioInputActions {
    static let all: [ScenarioActionDecoder] = [tap, swipe, drag, pointer, key, text]

    /// `{"x", "y"}`: a finger down and up at one point.
    static let tap = ScenarioActionDecoder("tap") { line in
        let o = try line.fields.object(line.action, fields: ["x", "y"])
        let point = Point(
            x: try o.number("x", in: 0...Size.studio.width, meaning: ScenarioLine.studioPoints),
            y: try o.number("y", in: 0...Size.studio.height, meaning: ScenarioLine.studioPoints))
        return ScenarioGestures.tap(at: point, time: line.time).map { line.entry(.input($0.event), at: $0.time) }
    }

    /// `{"axis", "direction"}`: a committed drag of a third of the screen through its middle.
    static let swipe = ScenarioActionDecoder("swipe") { line in
        let o = try line.fields.object(line.action, fields: ["axis", "direction"])
        let axisName = try o.string("axis")
        guard let axis = SwipeAxis(rawValue: axisName) else {
            throw o.error("axis", "unknown axis '\(axisName)'; valid: horizontal, vertical")
        }
        let direction = try o.int("direction", in: -1...1)
        guard direction != 0 else { throw o.error("direction", "must be 1 (right/down) or -1 (left/up)") }
        return ScenarioGestures.swipe(axis, direction: direction, time: line.time).map { line.entry(.input($0.event), at: $0.time) }
    }

    /// `{"from", "to", "seconds", "id"}`: a finger moving along the line once a frame.
    static let drag = ScenarioActionDecoder("drag") { line in
        let o = try line.fields.object(line.action, fields: ["from", "to", "seconds", "id"])
        let from = try o.point("from", in: InputLimits.pointerArea, meaning: ScenarioLine.pointerPoints)
        let to = try o.point("to", in: InputLimits.pointerArea, meaning: ScenarioLine.pointerPoints)
        let seconds = try o.number(
            "seconds", default: ScenarioLine.defaultDragSeconds, in: ScenarioLine.dragSeconds,
            meaning: "how long the finger moves")
        let id = try o.int("id", default: 0, in: 0...PointerEvent.maxID)
        return ScenarioGestures.drag(from: from, to: to, id: id, time: line.time, seconds: seconds)
            .map { line.entry(.input($0.event), at: $0.time) }
    }

    /// Exactly one of `down`, `move`, `up`, and an `id`: one exact pointer sample.
    static let pointer = ScenarioActionDecoder("pointer") { line in
        let o = try line.fields.object(line.action, fields: ScenarioLine.pointerPhases.map(\.key) + ["id"])
        let given = ScenarioLine.pointerPhases.filter { o.values[$0.key] != nil }
        guard given.count == 1, let chosen = given.first else {
            throw line.error(
                "give exactly one of down, move, up (got "
                    + (given.isEmpty ? "none" : given.map(\.key).joined(separator: ", ")) + ")")
        }
        let point = try o.point(chosen.key, in: InputLimits.pointerArea, meaning: ScenarioLine.pointerPoints)
        let id = try o.int("id", default: 0, in: 0...PointerEvent.maxID)
        return [line.entry(.input(.pointer(PointerEvent(chosen.phase, id: id, at: point, time: line.time))))]
    }

    /// A key's name: pressed and released.
    static let key = ScenarioActionDecoder("key") { line in
        let name = try line.fields.string(line.action)
        let valid = Key.allCases.filter { $0 != .other }
        guard let key = valid.first(where: { $0.rawValue == name }) else {
            throw line.error("unknown key '\(name)'; valid: \(valid.map(\.rawValue).joined(separator: ", "))")
        }
        // Down and up together: the studio acts on the press; the release keeps a backend's
        // key state balanced.
        return [line.entry(.input(.key(KeyEvent(key)))), line.entry(.input(.key(KeyEvent(key, isDown: false))))]
    }

    /// Text typed, which only a focused text field takes.
    static let text = ScenarioActionDecoder("text") { line in
        let text = try line.fields.string(line.action)
        if let problem = InputEvent.problem(typing: text) { throw line.error(problem) }
        return [line.entry(.input(.text(text)))]
    }
}
