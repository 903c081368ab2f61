import StudioDomain
import StudioKit

/// The danmaku band leaves the super chats readable: the chip row while any is pinned, and
/// the open card too (both are paid for; moving text over them would hide what was bought).
extension SuperChatWidget: OverlayKeepOutArea {
    public var overlayKeepOutRect: Rect {
        guard !pinned.isEmpty else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        let row = Rect(x: 0, y: 0, width: bounds.width, height: Self.chipSize.height)
        return openCard == nil ? row : row.union(cardRect)
    }
}
