import StudioKit

/// The round buttons of the docker, left to right.
public enum DockerButton: String, CaseIterable, Hashable, Sendable {
    case share, gift, like

    /// What tapping it announces.
    var event: EventName {
        switch self {
        case .share: .shareTapped
        case .gift: .giftTapped
        case .like: .likeTapped
        }
    }

    /// The toast it asks for, if any (a like answers with hearts instead).
    var toast: String? {
        switch self {
        case .share: "Share link copied"
        case .gift: "Gifts are coming soon"
        case .like: nil
        }
    }

    /// Draws the button's face centred on `center`, `radius` big.
    func draw(in canvas: Canvas, center: Point, radius: Double) {
        switch self {
        case .share:
            canvas.fillCircle(center: center, radius: radius, Palette.panel)
            Icons.share(canvas, center: center, size: radius * 0.95, .white)
        case .gift:
            canvas.fillCircle(center: center, radius: radius, Color(hex: 0xFF5C8A))
            Icons.gift(canvas, center: Point(x: center.x, y: center.y + radius * 0.05), size: radius * 1.05,
                       box: Palette.gold, ribbon: Palette.brand)
        case .like:
            canvas.fillCircle(center: center, radius: radius, Palette.panel)
            canvas.fillHeart(center: center, width: radius * 1.1, Palette.brand)
        }
    }
}
