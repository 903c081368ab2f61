import StudioDomain
import StudioKit

/// One combo banner: a sender's run of one gift, "Leo sent Rose ×12". Laid out once, when
/// it goes on screen.
struct GiftBanner {
    enum Phase: Hashable, Sendable { case waiting, entering, holding, leaving }

    var sender: String
    var gift: Gift
    var count: Int
    /// The widget's clock at the last send merged into it (or its arrival).
    var lastHit: Double
    var phase = Phase.waiting
    /// Seconds in the current phase.
    var phaseAge = 0.0
    /// The widget's clock when it went on screen.
    var shownAt = 0.0
    var slot = -1
    /// Seconds since the count last grew (drives the pulse).
    var bumpAge = 0.0

    // Layout, set when it goes on screen.
    var name = ""
    var subtitle = ""
    var pillWidth = 0.0
    var glyph: GiftGlyph

    init(_ message: GiftMessage, at time: Double) {
        sender = message.sender
        gift = message.gift
        count = message.count
        lastHit = time
        glyph = GiftGlyph(message.gift)
    }

    func matches(_ message: GiftMessage) -> Bool { sender == message.sender && gift.id == message.gift.id }

    /// The count's scale: it jumps to 1.6 when the count grows and settles to 1 in 0.3 s.
    var pulseScale: Double {
        let p = bumpAge / 0.3
        return p >= 1 ? 1 : 1 + 0.6 * (1 - p) * (1 - p)
    }
}

/// A combo banner as tests and the inspector see it.
package struct GiftComboBanner: Hashable, Sendable {
    package var sender: String
    package var giftID: String
    package var count: Int
    /// Its slot (0 = lowest) while on screen; nil while waiting.
    package var slot: Int?
    package var isLeaving: Bool
}
