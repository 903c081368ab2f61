import DanmakuImport
import StudioDomain
import StudioKit

/// What a record of a danmaku file or live recording announces in a room: a comment (shown in
/// the list and, in its color, mode and size, in the barrage), a gift, a super chat or a
/// membership.
extension DanmakuFileRecord {
    public var note: StudioNote {
        switch self {
        case .danmaku(let d):
            let user = d.userName ?? d.senderHash.map { "u\($0.prefix(6))" } ?? "viewer"
            return StudioNote(
                .commentArrived,
                Comment(
                    user: user, text: d.text, userColor: FeedGenerator.color(of: user),
                    danmaku: d.look))
        case .gift(let g):
            return StudioNote(.giftArrived, GiftMessage(sender: g.userName, gift: g.gift, count: max(1, g.count)))
        case .superChat(let s):
            return StudioNote(
                .superChatArrived,
                SuperChat(
                    user: s.userName, message: s.message, price: s.priceInYuan,
                    seconds: s.pinnedSeconds > 0 ? s.pinnedSeconds : nil))
        case .membership(let m):
            return StudioNote(.membershipBought, Membership(user: m.userName, level: Membership.Level(m.level), months: max(1, m.count)))
        }
    }
}

extension DanmakuRecord {
    /// The reference stage of mode-7 pixel coordinates: the size of Bilibili's player that
    /// positioned danmaku were authored against (players scale them from it, as
    /// DanmakuFlameMaster does).
    static let positionedStage = Size(width: 682, height: 438)

    /// The record's color, mode and size as the barrage shows them.
    var look: DanmakuLook {
        let color = Color(
            r: UInt8(truncatingIfNeeded: color >> 16), g: UInt8(truncatingIfNeeded: color >> 8),
            b: UInt8(truncatingIfNeeded: color), a: 255)
        let size: DanmakuSize =
            switch self.size {
            case .small: .small
            case .normal: .normal
            case .large: .large
            }
        let mode: DanmakuMode =
            switch self.mode {
            case .scroll: .scroll
            case .top: .top
            case .bottom: .bottom
            case .reverse: .reverse
            case .positioned(let m):
                .positioned(
                    DanmakuMotion(
                        start: Self.fraction(m.start, m.coordinates), end: Self.fraction(m.end, m.coordinates),
                        alphaFrom: m.alphaFrom, alphaTo: m.alphaTo, duration: m.duration,
                        moveDuration: m.moveDuration, moveDelay: m.moveDelay, stage: Self.positionedStage,
                        path: m.path.map { Self.fraction($0, m.coordinates) }))
            }
        return DanmakuLook(color: color, mode: mode, size: size)
    }

    /// A mode-7 point as fractions of the reference stage, clamped to it.
    static func fraction(_ p: PositionedMotion.Point, _ coordinates: PositionedMotion.Coordinates) -> Point {
        let scale = coordinates == .pixels ? positionedStage : Size(width: 1, height: 1)
        func unit(_ v: Double) -> Double { v.isFinite ? min(max(v, 0), 1) : 0 }
        return Point(x: unit(p.x / scale.width), y: unit(p.y / scale.height))
    }
}

extension GiftRecord {
    /// A gift of a recording as the room's gift widgets take it: named as recorded, priced in
    /// coins (one coin a jiao), in the tier its price puts it: under ¥10 a small combo gift,
    /// under ¥100 a medium one, dearer ones full screen.
    var gift: Gift {
        let yuan = unitPriceInYuan.map { $0.isFinite ? max(0, $0) : 0 } ?? 0
        let tier: Gift.Tier = yuan < 10 ? .small : yuan < 100 ? .medium : .fullScreen
        return Gift(id: giftName, name: giftName, coins: Int(clamping: (yuan * 10).rounded()), tier: tier)
    }
}

extension Membership.Level {
    /// The room's level for a recording's.
    init(_ level: MembershipLevel) {
        switch level {
        case .governor: self = .governor
        case .admiral: self = .admiral
        case .captain: self = .captain
        }
    }
}
