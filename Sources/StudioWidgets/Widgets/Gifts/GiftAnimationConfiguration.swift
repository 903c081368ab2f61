import StudioDomain
import StudioKit

/// The knobs of a `GiftAnimationWidget`; each is also an option of the catalog entry.
package struct GiftAnimationConfiguration: Hashable, Sendable {
    /// Seconds one animation plays.
    package var duration = 3.2
    /// A gift worth at least this many times the playing one interrupts it (see
    /// `GiftAnimationWidget`); more than 1, so the newcomer is always the best in line.
    package var cutInFactor = 10.0
    /// The most animations waiting; beyond it the least valuable is dropped.
    package var queueLimit = 20
    /// The gift tiers that get a full-screen animation.
    package var tiers: Set<Gift.Tier> = [.fullScreen]

    package init() {}
}
