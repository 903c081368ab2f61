import StudioDomain
import StudioKit

/// The controls of the bottom bar. `comment` is the "Say something…" pill on the left; the
/// others are round buttons, right-aligned in the order a studio's configuration lists them.
public enum BottomBarButton: String, CaseIterable, Hashable, Sendable {
    case comment, share, record, gift, like

    /// What the bottom bar shows when a configuration does not say.
    public static let standard: [BottomBarButton] = [.comment, .share, .gift, .like]

    /// The toast it asks for, if any (a like answers with hearts instead).
    var toast: String? {
        switch self {
        case .comment: nil  // the comment box answers
        case .share: nil  // the share sheet answers; nothing is shared until its Confirm
        case .record: "Recording the last 30 s"
        case .gift: nil  // the gift panel answers
        case .like: nil
        }
    }

    /// Draws a round button's face centred on `center`, `radius` big (the pill draws itself).
    func draw(in canvas: Canvas, center: Point, radius: Double) {
        switch self {
        case .comment:
            break
        case .share:
            canvas.fillCircle(center: center, radius: radius, Palette.panel)
            Icons.share(canvas, center: center, size: radius * 0.95, .white)
        case .record:
            canvas.fillCircle(center: center, radius: radius, Palette.panel)
            canvas.fillCircle(center: center, radius: radius * 0.5, .white)
            canvas.fillCircle(center: center, radius: radius * 0.38, Palette.live)
        case .gift:
            canvas.fillCircle(center: center, radius: radius, Color(hex: 0xFF5C8A))
            Icons.gift(
                canvas, center: Point(x: center.x, y: center.y + radius * 0.05), size: radius * 1.05,
                box: Palette.gold, ribbon: Palette.brand)
        case .like:
            canvas.fillCircle(center: center, radius: radius, Palette.panel)
            canvas.fillHeart(center: center, width: radius * 1.1, Palette.brand)
        }
    }
}

extension EventKey where Payload == NoPayload {
    /// The record button of the bottom bar was tapped.
    /// - Unheard: the bar answers with its own toast; for a package that records for real.
    package static let recordTapped = EventKey("recordTapped")
}
