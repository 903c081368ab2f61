import StudioDomain
import StudioKit

/// The knobs of a `GiftAnimationWidget`; each is also an option of the catalog entry.
public struct GiftAnimationConfiguration: Hashable, Sendable {
    /// Seconds one animation plays.
    public var duration = 3.2
    /// A gift worth at least this many times the playing one interrupts it (see
    /// `GiftAnimationWidget`); more than 1, so the newcomer is always the best in line.
    public var cutInFactor = 10.0
    /// The most animations waiting; beyond it the least valuable is dropped.
    public var queueLimit = 20
    /// The gift tiers that get a full-screen animation.
    public var tiers: Set<Gift.Tier> = [.fullScreen]

    public init() {}
}
