import StudioDomain
import StudioKit

/// Reads one line of a scenario (already decoded to an object) into its entries.
enum ScenarioLine {
    /// The highest price a `price` line may quote: far above any real one, and small enough
    /// that every price text keeps its decimals exact.
    static let maxPrice = 1e9

    /// A comment line's barrage look: `color` ("#RRGGBB"), `mode` (scroll, top, bottom,
    /// reverse, positioned with a `motion`), `size` (small, normal, large); nil when it gives
    /// none of them.
    static func look(_ o: ScenarioFields) throws -> DanmakuLook? {
        guard ["color", "mode", "size", "motion"].contains(where: { o.values[$0] != nil }) else { return nil }
        var look = DanmakuLook()
        if o.values["color"] != nil {
            let text = try o.string("color")
            guard let color = Color(parsingHex: text) else {
                throw o.error("color", "'\(text)' is not a color; write it as #RRGGBB, for example #FF0000")
            }
            look.color = color
        }
        if o.values["size"] != nil {
            let name = try o.string("size")
            guard let size = DanmakuSize(rawValue: name) else {
                throw o.error("size", "unknown size '\(name)'; valid: \(DanmakuSize.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            look.size = size
        }
        let modeName = o.values["mode"] != nil ? try o.string("mode") : (o.values["motion"] != nil ? "positioned" : "scroll")
        guard let kind = DanmakuModeKind(rawValue: modeName) else {
            throw o.error("mode", "unknown mode '\(modeName)'; valid: \(DanmakuModeKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        switch kind {
        case .scroll: look.mode = .scroll
        case .top: look.mode = .top
        case .bottom: look.mode = .bottom
        case .reverse: look.mode = .reverse
        case .positioned:
            guard o.values["motion"] != nil else {
                throw o.error(
                    "mode",
                    "a positioned comment needs a motion: {\"from\": [x, y], \"to\": [x, y], \"seconds\": 4}, x and y fractions of the band"
                )
            }
            let m = try o.object("motion", fields: ["from", "to", "seconds"])
            let band = Rect(x: 0, y: 0, width: 1, height: 1)
            let meaning = "fractions of the danmaku band, 0 to 1"
            let from = try m.point("from", in: band, meaning: meaning)
            let to = m.values["to"] != nil ? try m.point("to", in: band, meaning: meaning) : from
            let seconds = try m.number("seconds", default: 4.5, in: 0.5...60, meaning: "seconds on screen")
            look.mode = .positioned(DanmakuMotion(start: from, end: to, duration: seconds, moveDuration: from == to ? 0 : seconds))
        }
        if o.values["motion"] != nil, kind != .positioned {
            throw o.error("motion", "only a positioned comment moves by a motion (mode \"positioned\")")
        }
        return look
    }

    /// The most a super chat line may pay, in yuan: above any real one.
    static let maxSuperChatPrice = 1e6

    /// How tap coordinates are measured, for their errors.
    static let studioPoints =
        "taps are in the studio's points, \(Size.studio.width.compact)x\(Size.studio.height.compact), (0, 0) at the top left"

    /// How pointer and drag coordinates are measured, for their errors: like taps, but a
    /// finger may be off the studio by up to a screen (`InputLimits.pointerArea`).
    static let pointerPoints =
        "pointers are in the studio's points, \(Size.studio.width.compact)x\(Size.studio.height.compact) with (0, 0) at the top left, and at most one studio size outside it"

    /// How long a `drag` line's finger may move, in seconds: from a flick to a minute.
    static let dragSeconds = 0.01...60.0
    /// A drag line without `seconds` takes this long: a deliberate, committed drag.
    static let defaultDragSeconds = 0.3

    /// The phases a `pointer` line may give, by their keys (exactly one per line).
    static let pointerPhases: [(key: String, phase: PointerPhase)] = [("down", .down), ("move", .moved), ("up", .up)]

    /// - Parameter previousTime: the time of the line before; times must not decrease.
    static func entries(_ fields: ScenarioFields, previousTime: Double, vocabulary: ScenarioVocabulary) throws -> [ScenarioEntry] {
        let actions = vocabulary.actions
        try fields.rejectUnknown(["t"] + actions)
        let time = try fields.number("t", in: 0...InputLimits.maxSeconds, meaning: "seconds from the start, at most a day")
        guard time >= previousTime else {
            throw fields.error("t", "time \(time) is before the previous line's \(previousTime); lines must be in time order")
        }
        // From the line's own few keys (unknown ones were refused above), in the order errors
        // list actions.
        let present = fields.values.keys.filter { $0 != "t" }
            .sorted { (actions.firstIndex(of: $0) ?? actions.count) < (actions.firstIndex(of: $1) ?? actions.count) }
        guard let action = present.first, let decoder = vocabulary.decoder(for: action) else {
            throw fields.error(nil, "no action; give one of: \(actions.joined(separator: ", "))")
        }
        guard present.count == 1 else {
            throw fields.error(nil, "more than one action (\(present.joined(separator: ", "))); give one per line")
        }
        return try decoder.decode(ScenarioActionLine(fields: fields, action: action, time: time))
    }
}
