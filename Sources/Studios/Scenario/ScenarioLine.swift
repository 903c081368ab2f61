import StudioKit

/// Reads one line of a scenario (already decoded to an object) into its entries.
enum ScenarioLine {
    /// The action fields a line may have, exactly one per line, in the order errors list them.
    /// An enum, so that reading a line handles every action and nothing else.
    enum Action: String, CaseIterable {
        case comment, gift, superChat, `guard`, likes, enter, leave, online, rank, pk, price, system, connection
        case tap, swipe, drag, pointer, key, text
    }

    static let actions = Action.allCases.map(\.rawValue)

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
                throw o.error("color", "'\(text)' is not a colour; write it as #RRGGBB, for example #FF0000")
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
                throw o.error("mode", "a positioned comment needs a motion: {\"from\": [x, y], \"to\": [x, y], \"seconds\": 4}, x and y fractions of the band")
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
    static let studioPoints = "taps are in the studio's points, \(Size.studio.width.compact)x\(Size.studio.height.compact), (0, 0) at the top left"

    /// How pointer and drag coordinates are measured, for their errors: like taps, but a
    /// finger may be off the studio by up to a screen (`InputLimits.pointerArea`).
    static let pointerPoints = "pointers are in the studio's points, \(Size.studio.width.compact)x\(Size.studio.height.compact) with (0, 0) at the top left, and at most one studio size outside it"

    /// How long a `drag` line's finger may move, in seconds: from a flick to a minute.
    static let dragSeconds = 0.01...60.0
    /// A drag line without `seconds` takes this long: a deliberate, committed drag.
    static let defaultDragSeconds = 0.3

    /// The phases a `pointer` line may give, by their keys (exactly one per line).
    static let pointerPhases: [(key: String, phase: PointerPhase)] = [("down", .down), ("move", .moved), ("up", .up)]

    /// - Parameter previousTime: the time of the line before; times must not decrease.
    static func entries(_ fields: ScenarioFields, previousTime: Double) throws -> [ScenarioEntry] {
        try fields.rejectUnknown(["t"] + actions)
        let time = try fields.number("t", in: 0...InputLimits.maxSeconds, meaning: "seconds from the start, at most a day")
        guard time >= previousTime else {
            throw fields.error("t", "time \(time) is before the previous line's \(previousTime); lines must be in time order")
        }
        // From the line's own few keys (unknown ones were refused above), in the order errors
        // list actions.
        let present = fields.values.keys.filter { $0 != "t" }
            .sorted { (actions.firstIndex(of: $0) ?? actions.count) < (actions.firstIndex(of: $1) ?? actions.count) }
        guard let action = present.first, let kind = Action(rawValue: action) else {
            throw fields.error(nil, "no action; give one of: \(actions.joined(separator: ", "))")
        }
        guard present.count == 1 else {
            throw fields.error(nil, "more than one action (\(present.joined(separator: ", "))); give one per line")
        }
        func entry(_ a: ScenarioAction, at t: Double = time) -> ScenarioEntry {
            ScenarioEntry(time: t, line: fields.line, action: a)
        }
        func note<Payload>(_ key: EventKey<Payload>, _ value: Payload) -> [ScenarioEntry] {
            [entry(.note(StudioNote(key, value)))]
        }
        switch kind {
        case .comment:
            let o = try fields.object(action, fields: ["user", "text", "color", "mode", "size", "motion"])
            let user = try o.string("user")
            let comment = Comment(user: user, text: try o.string("text"), userColor: FeedGenerator.color(of: user),
                                  danmaku: try ScenarioLine.look(o))
            return note(.commentArrived, comment)
        case .gift:
            let o = try fields.object(action, fields: ["sender", "gift", "count"])
            let sender = try o.string("sender")
            let id = try o.string("gift")
            guard let gift = GiftCatalogue.gift(id: id) else {
                throw o.error("gift", "unknown gift '\(id)'; known: \(GiftCatalogue.ids.joined(separator: ", "))")
            }
            let count = try o.int("count", default: 1, in: 1...9999)
            return note(.giftArrived, GiftMessage(sender: sender, gift: gift, count: count))
        case .superChat:
            let o = try fields.object(action, fields: ["user", "text", "price", "seconds"])
            let price = try o.number("price", in: 0.1...ScenarioLine.maxSuperChatPrice, meaning: "yuan paid")
            let seconds = try o.number("seconds", default: SuperChatTier(price: price).pinnedSeconds,
                                       in: 1...InputLimits.maxSeconds, meaning: "seconds pinned, at most a day")
            return note(.superChatArrived, SuperChat(user: try o.string("user"), message: try o.string("text"),
                                                     price: price, seconds: seconds))
        case .guard:
            let o = try fields.object(action, fields: ["user", "level", "months"])
            let code = try o.int("level", default: Membership.Level.captain.rawValue, in: 1...3)
            let level = Membership.Level(rawValue: code)!
            return note(.membershipBought, Membership(user: try o.string("user"), level: level,
                                                      months: try o.int("months", default: 1, in: 1...120)))
        case .likes:
            return note(.likesArrived, try fields.int(action, in: 1...1_000_000))
        case .enter, .leave:
            let o = try fields.object(action, fields: ["name", "level", "vip"])
            let member = AudienceMember(name: try o.string("name"), level: try o.int("level", default: 1, in: 1...60),
                                        isVIP: try o.bool("vip", default: false))
            return note(kind == .enter ? .audienceEntered : .audienceLeft, member)
        case .online:
            return note(.onlineCountChanged, try fields.int(action, in: 0...1_000_000_000_000))
        case .rank:
            return note(.rankChanged, try fields.int(action, in: 1...999))
        case .pk:
            let o = try fields.object(action, fields: ["left", "right", "secondsLeft"])
            let score = PKScore(left: try o.int("left", in: 0...1_000_000_000), right: try o.int("right", in: 0...1_000_000_000),
                                secondsLeft: try o.number("secondsLeft", in: 0...InputLimits.maxSeconds, meaning: "at most a day"))
            return note(.pkScoreChanged, score)
        case .price:
            let price = try fields.number(action, in: 0...ScenarioLine.maxPrice, meaning: "a quote, above 0")
            guard price > 0 else { throw fields.error(action, "must be above 0 (got \(price.compact))") }
            return note(.priceTicked, price)
        case .system:
            return note(.systemMessage, try fields.string(action))
        case .connection:
            let value = try fields.string(action)
            guard let command = ConnectionCommand(rawValue: value) else {
                throw fields.error(action, "unknown connection event '\(value)'; valid: "
                    + ConnectionCommand.allCases.map(\.rawValue).joined(separator: ", "))
            }
            return [entry(.connection(command))]
        case .tap:
            let o = try fields.object(action, fields: ["x", "y"])
            let point = Point(x: try o.number("x", in: 0...Size.studio.width, meaning: ScenarioLine.studioPoints),
                              y: try o.number("y", in: 0...Size.studio.height, meaning: ScenarioLine.studioPoints))
            return ScenarioGestures.tap(at: point, time: time).map { entry(.input($0.event), at: $0.time) }
        case .swipe:
            let o = try fields.object(action, fields: ["axis", "direction"])
            let axisName = try o.string("axis")
            guard let axis = SwipeAxis(rawValue: axisName) else {
                throw o.error("axis", "unknown axis '\(axisName)'; valid: horizontal, vertical")
            }
            let direction = try o.int("direction", in: -1...1)
            guard direction != 0 else { throw o.error("direction", "must be 1 (right/down) or -1 (left/up)") }
            return ScenarioGestures.swipe(axis, direction: direction, time: time).map { entry(.input($0.event), at: $0.time) }
        case .drag:
            let o = try fields.object(action, fields: ["from", "to", "seconds", "id"])
            let from = try o.point("from", in: InputLimits.pointerArea, meaning: ScenarioLine.pointerPoints)
            let to = try o.point("to", in: InputLimits.pointerArea, meaning: ScenarioLine.pointerPoints)
            let seconds = try o.number("seconds", default: ScenarioLine.defaultDragSeconds, in: ScenarioLine.dragSeconds,
                                       meaning: "how long the finger moves")
            let id = try o.int("id", default: 0, in: 0...PointerEvent.maxID)
            return ScenarioGestures.drag(from: from, to: to, id: id, time: time, seconds: seconds)
                .map { entry(.input($0.event), at: $0.time) }
        case .pointer:
            let o = try fields.object(action, fields: ScenarioLine.pointerPhases.map(\.key) + ["id"])
            let given = ScenarioLine.pointerPhases.filter { o.values[$0.key] != nil }
            guard given.count == 1, let chosen = given.first else {
                throw fields.error(action, "give exactly one of down, move, up (got "
                                   + (given.isEmpty ? "none" : given.map(\.key).joined(separator: ", ")) + ")")
            }
            let point = try o.point(chosen.key, in: InputLimits.pointerArea, meaning: ScenarioLine.pointerPoints)
            let id = try o.int("id", default: 0, in: 0...PointerEvent.maxID)
            return [entry(.input(.pointer(PointerEvent(chosen.phase, id: id, at: point, time: time))))]
        case .key:
            let name = try fields.string(action)
            let valid = Key.allCases.filter { $0 != .other }
            guard let key = valid.first(where: { $0.rawValue == name }) else {
                throw fields.error(action, "unknown key '\(name)'; valid: \(valid.map(\.rawValue).joined(separator: ", "))")
            }
            // Down and up together: the studio acts on the press; the release keeps a
            // backend's key state balanced.
            return [entry(.input(.key(KeyEvent(key)))), entry(.input(.key(KeyEvent(key, isDown: false))))]
        case .text:
            let text = try fields.string(action)
            if let problem = InputEvent.problem(typing: text) { throw fields.error(action, problem) }
            return [entry(.input(.text(text)))]
        }
    }
}
