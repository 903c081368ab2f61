import StudioDomain
import StudioKit

/// A widget that keeps overlays off only part of its frame (`Widget.keepsOverlaysOut`): a
/// full-screen video keeps the danmaku off its clock, not off the whole picture. Without it
/// a keep-out widget keeps them off its frame.
public protocol OverlayKeepOutArea: Widget {
    /// The part to leave uncovered, in the widget's own coordinates.
    var overlayKeepOutRect: Rect { get }
}
