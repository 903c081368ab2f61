import StudioDomain
import StudioKit

extension Levels {
    /// Gift combo banners (movable layer): above the danmaku band and the comment list, so
    /// a banner reads over the barrage; they slide away with the rest in lite mode.
    public static let giftCombo = 260.0
    /// Full-screen gift animations (float layer): above the hearts, below toasts.
    package static let giftAnimation = 450.0
}
