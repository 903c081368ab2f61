import StudioKit

/// A gift in the catalog of the simulated server.
public struct Gift: Hashable, Sendable {
    public enum Tier: String, Hashable, Sendable, CaseIterable {
        /// Shown as a combo banner in the movable layer.
        case small
        /// A combo banner, and a larger banner animation.
        case medium
        /// A full-screen animation in the float layer (queued; higher value cuts in).
        case fullScreen
    }

    public var id: String
    public var name: String
    public var coins: Int
    package var tier: Tier

    public init(id: String, name: String, coins: Int, tier: Tier) {
        self.id = id
        self.name = name
        self.coins = coins
        self.tier = tier
    }
}

/// Someone sent `count` of a gift at once (repeated sends of the same gift by the same
/// sender merge into a combo "xN" on screen).
public struct GiftMessage: Hashable, Sendable {
    package var sender: String
    public var gift: Gift
    public var count: Int

    public init(sender: String, gift: Gift, count: Int = 1) {
        self.sender = sender
        self.gift = gift
        self.count = count
    }
}

/// A member of the audience.
public struct AudienceMember: Hashable, Sendable {
    public var name: String
    /// Fan level, 1...60.
    public var level: Int
    package var isVIP: Bool

    public init(name: String, level: Int, isVIP: Bool = false) {
        self.name = name
        self.level = level
        self.isVIP = isVIP
    }
}

/// The score of a 1v1 PK battle.
package struct PKScore: Hashable, Sendable {
    package var left: Int
    package var right: Int
    /// Seconds until the battle ends; 0 when it has ended.
    package var secondsLeft: Double

    package init(left: Int, right: Int, secondsLeft: Double) {
        self.left = left
        self.right = right
        self.secondsLeft = secondsLeft
    }
}

/// The events a server feed announces (they reach the studio through the driver's inbox),
/// named for what happened.
extension EventKey where Payload == GiftMessage {
    /// Someone sent a gift: the gift animations and combos show it, the comment list says so.
    public static let giftArrived = EventKey("giftArrived", note: .audience)
}

extension EventKey where Payload == AudienceMember {
    /// A viewer came into the room: the audience list adds them, the comment list says so.
    package static let audienceEntered = EventKey("audienceEntered", note: .audience)
    /// A viewer left the room: the audience list drops them.
    package static let audienceLeft = EventKey("audienceLeft", note: .audience)
}

extension EventKey where Payload == PKScore {
    /// The PK battle's score changed: both sides' points, for the PK bar.
    package static let pkScoreChanged = EventKey("pkScoreChanged", note: .audience)
}

extension EventKey where Payload == Int {
    /// Likes from the audience: how many.
    /// - Unheard: no widget shows the audience's likes yet (the hearts are the viewer's own);
    ///   the live protocol and the simulated server send them for a room that does.
    package static let likesArrived = EventKey("likesArrived", note: .audience)
    /// The host's rank in the hourly list.
    package static let rankChanged = EventKey("rankChanged", note: .audience)
}

extension EventKey where Payload == String {
    /// A message from the platform ("Welcome! Be kind in the chat.").
    package static let systemMessage = EventKey("systemMessage", note: .stream)
}

extension EventKey where Payload == Double {
    /// A new price for the financial studio's ticker.
    package static let priceTicked = EventKey("priceTicked", note: .audience)
}
