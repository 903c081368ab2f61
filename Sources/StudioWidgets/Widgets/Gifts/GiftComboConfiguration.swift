import StudioDomain
import StudioKit

/// The knobs of a `GiftComboWidget`; each is also an option of the catalog entry.
package struct GiftComboConfiguration: Hashable, Sendable {
    /// Banners on screen at once; more wait in arrival order.
    package var slots = 2
    /// Seconds a banner stays after its last send (or after it appeared, if later).
    package var stay = 3.0
    /// A send merges into the sender's banner for the same gift if it comes within this
    /// many seconds of the banner's last send (and the banner is not leaving).
    package var comboWindow = 3.0
    /// The most banners waiting; beyond it the oldest waiting is dropped (`dropped`).
    package var queueLimit = 50
    /// The top of the banner area in the studio; slot 0 is its lowest row.
    package var top = 630.0
    /// The gift tiers that get a banner.
    package var tiers: Set<Gift.Tier> = Set(Gift.Tier.allCases)

    package init() {}

    static let bannerHeight = 64.0
    static let spacing = 12.0
    var height: Double { Double(slots) * (Self.bannerHeight + Self.spacing) - Self.spacing }
}
