import StudioDomain
import StudioKit

/// The video keeps overlays off its corner badge, the LIVE timer ("LIVE 01:02.3"), not off
/// the picture: with `"keepOut": true` the danmaku leaves the timer readable.
///
/// The rectangle follows where `VideoScene.drawClock` draws the badge (at (24, 164) on a
/// portrait page, 16 px into a letterboxed picture's corner; 40 tall; 84 wide for LIVE, and
/// the clock after it); a test checks it against the drawn frame, so the two cannot part.
extension VideoPlayerWidget: OverlayKeepOutArea {
    package var overlayKeepOutRect: Rect {
        let origin = stream == .landscape ? Point(x: pictureRect.minX + 16, y: pictureRect.minY + 16) : Point(x: 24, y: 164)
        let text = label.rawValue.uppercased()
        var width = label == .live ? 84 : 22 + 17 * Double(text.count)
        if label == .live {
            // The clock starts 12 px after the badge; its shadow reaches 2 px further.
            let clock = context?.environment.measurer.measure("00:00.0", font: .bold(28)).width ?? 110
            width += 12 + clock + 2
        }
        return Rect(x: origin.x, y: origin.y, width: width, height: 40)
    }
}
