import StudioDomain
import StudioKit

/// The scenario actions that are messages from the room's server, one decoder each, and
/// the connection's events.
enum ScenarioMessageActions {
    static let all: [ScenarioActionDecoder] = [
        comment, gift, superChat, membership, likes, audience("enter", .audienceEntered),
        audience("leave", .audienceLeft), online, rank, pk, price, system, connection,
    ]

    /// `{"user", "text"}`, with a barrage look: `color`, `mode`, `size`, `motion`.
    static let comment = ScenarioActionDecoder.message("comment", .commentArrived) { line in
        let o = try line.fields.object(line.action, fields: ["user", "text", "color", "mode", "size", "motion"])
        let user = try o.string("user")
        return Comment(
            user: user, text: try o.string("text"), userColor: FeedGenerator.color(of: user),
            danmaku: try ScenarioLine.look(o))
    }

    /// `{"sender", "gift", "count"}`; the gift by its catalog id.
    static let gift = ScenarioActionDecoder.message("gift", .giftArrived) { line in
        let o = try line.fields.object(line.action, fields: ["sender", "gift", "count"])
        let sender = try o.string("sender")
        let id = try o.string("gift")
        guard let gift = GiftCatalog.gift(id: id) else {
            throw o.error("gift", "unknown gift '\(id)'; known: \(GiftCatalog.ids.joined(separator: ", "))")
        }
        return GiftMessage(sender: sender, gift: gift, count: try o.int("count", default: 1, in: 1...9999))
    }

    /// `{"user", "text", "price", "seconds"}`: pinned for its tier's time unless given.
    static let superChat = ScenarioActionDecoder.message("superChat", .superChatArrived) { line in
        let o = try line.fields.object(line.action, fields: ["user", "text", "price", "seconds"])
        let price = try o.number("price", in: 0.1...ScenarioLine.maxSuperChatPrice, meaning: "yuan paid")
        let seconds = try o.number(
            "seconds", default: SuperChatTier(price: price).pinnedSeconds,
            in: 1...InputLimits.maxSeconds, meaning: "seconds pinned, at most a day")
        return SuperChat(user: try o.string("user"), message: try o.string("text"), price: price, seconds: seconds)
    }

    /// `"guard": {"user", "level", "months"}`: a membership bought (level 1 to 3).
    static let membership = ScenarioActionDecoder.message("guard", .membershipBought) { line in
        let o = try line.fields.object(line.action, fields: ["user", "level", "months"])
        let code = try o.int("level", default: Membership.Level.captain.rawValue, in: 1...3)
        return Membership(
            user: try o.string("user"), level: Membership.Level(rawValue: code)!,
            months: try o.int("months", default: 1, in: 1...120))
    }

    static let likes = ScenarioActionDecoder.message("likes", .likesArrived) { line in
        try line.fields.int(line.action, in: 1...1_000_000)
    }

    /// `{"name", "level", "vip"}`: someone entered or left.
    static func audience(_ action: String, _ key: EventKey<AudienceMember>) -> ScenarioActionDecoder {
        .message(action, key) { line in
            let o = try line.fields.object(line.action, fields: ["name", "level", "vip"])
            return AudienceMember(
                name: try o.string("name"), level: try o.int("level", default: 1, in: 1...60),
                isVIP: try o.bool("vip", default: false))
        }
    }

    static let online = ScenarioActionDecoder.message("online", .onlineCountChanged) { line in
        try line.fields.int(line.action, in: 0...1_000_000_000_000)
    }

    static let rank = ScenarioActionDecoder.message("rank", .rankChanged) { line in
        try line.fields.int(line.action, in: 1...999)
    }

    /// `{"left", "right", "secondsLeft"}`.
    static let pk = ScenarioActionDecoder.message("pk", .pkScoreChanged) { line in
        let o = try line.fields.object(line.action, fields: ["left", "right", "secondsLeft"])
        return PKScore(
            left: try o.int("left", in: 0...1_000_000_000), right: try o.int("right", in: 0...1_000_000_000),
            secondsLeft: try o.number("secondsLeft", in: 0...InputLimits.maxSeconds, meaning: "at most a day"))
    }

    static let price = ScenarioActionDecoder.message("price", .priceTicked) { line in
        let price = try line.fields.number(line.action, in: 0...ScenarioLine.maxPrice, meaning: "a quote, above 0")
        guard price > 0 else { throw line.error("must be above 0 (got \(price.compact))") }
        return price
    }

    static let system = ScenarioActionDecoder.message("system", .systemMessage) { line in
        try line.fields.string(line.action)
    }

    /// `"drop"` or `"fail"`: the keep-alive connection drops, or its next attempt fails.
    static let connection = ScenarioActionDecoder("connection") { line in
        let value = try line.fields.string(line.action)
        guard let command = ConnectionCommand(rawValue: value) else {
            throw line.error(
                "unknown connection event '\(value)'; valid: "
                    + ConnectionCommand.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return [line.entry(.connection(command))]
    }
}
