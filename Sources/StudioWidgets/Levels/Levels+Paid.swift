import StudioDomain
import StudioKit

extension Levels {
    /// Pinned super chats (movable layer): under the host card, above the danmaku band's
    /// level, so a chip reads over the barrage.
    public static let superChat = 242.0
    /// New members' entrance banners (movable layer), over the barrage and the comments.
    public static let membershipBanner = 264.0
}
