import StudioDomain
import StudioKit

/// A widget that shows the room's picture: the video, or in a PK room the two hosts side by
/// side. The landscape screen draws the room's topmost shown picture across the turned
/// screen, so every kind of picture turns the same way.
public protocol RoomPicture: Widget {
    /// Where the picture sits on the portrait page, in the widget's coordinates: the turn to
    /// landscape starts there and ends there on the way back.
    var pictureRect: Rect { get }
    /// Draws the picture as it plays now, `size` big at the origin, its badge (if it has
    /// one) at `badgeOrigin`.
    func drawPicture(in canvas: Canvas, size: Size, badgeOrigin: Point)
}

extension VideoPlayerWidget: RoomPicture {}
