import StudioDomain
import StudioKit

/// The rotate-screen button: tapping it turns the room to its landscape layout or back
/// (`OrientationService.toggleOrientation()`, announced as `.orientationChanged`).
///
/// In a room whose stream is portrait it is the round rotate button on the right edge. In a
/// room with a landscape stream (`VideoPlayerWidget.stream`) it is the small full-screen
/// button on the letterboxed picture's bottom-right corner, as the apps put it. It lives in
/// the lite layer, so it stays with the picture in lite mode; in landscape the portrait
/// layers are hidden and the landscape screen's back button takes its place.
package final class RotateButtonWidget: Widget {
    /// The button turns the room.
    package override class var requiredServices: [RoomServiceKey] { [RoomServiceKey((any OrientationService).self)] }

    static let side = 64.0
    /// The full-screen button on a letterboxed picture, and its inset from the corner.
    static let cornerSide = 52.0
    static let cornerInset = 12.0

    /// True when the button sits on a letterboxed picture's corner (a landscape stream).
    package private(set) var isOnPicture = false

    /// Where the configuration puts it in a portrait room, over the default (`y` alone).
    var placement = FramePlacement()

    package init(level: Double = Levels.rotateButton) {
        super.init(
            name: "rotateButton", level: level,
            frame: Rect(x: Size.studio.width - 20 - Self.side, y: 560, width: Self.side, height: Self.side))
        // A control: the danmaku never covers what a finger must find.
        keepsOverlaysOut = true
    }

    /// Placed from the video, which loads first (the displayer layer is below this one).
    package override func didLoad() {
        guard let context else { return }
        let viewport = context.environment.viewport
        if let video = context.widgets?.widget(VideoPlayerWidget.self), video.stream == .landscape {
            let picture = video.transformToRoot.apply(video.pictureRect)
            let side = Self.cornerSide, inset = Self.cornerInset
            frame = Rect(x: picture.maxX - inset - side, y: picture.maxY - inset - side, width: side, height: side)
            isOnPicture = true
        } else {
            frame.origin = Point(x: viewport.width - 20 - Self.side, y: placement.y ?? viewport.height * 0.4375)
        }
    }

    package override func handleTap(at point: Point) -> Bool {
        guard let orientation = context?.orientation else { return false }
        orientation.toggleOrientation()
        return true
    }

    /// Seven draw items per frame (nine on a picture).
    package override func draw(in canvas: Canvas) {
        let c = Point(x: bounds.midX, y: bounds.midY)
        canvas.fillCircle(center: c, radius: bounds.width / 2, Palette.panel)
        if isOnPicture {
            Icons.fullScreen(canvas, center: c, size: 24, .white)
        } else {
            Icons.rotate(canvas, center: Point(x: c.x, y: c.y + 4), size: 34, .white)
        }
    }
}

extension RotateButtonWidget: CatalogWidget {
    package static let catalogName = "rotateButton"
    package static var defaultLevel: Double { Levels.rotateButton }

    /// Options: `y`, its top in a portrait room (default 43.75% down the page); on a
    /// landscape stream it sits on the picture's corner whatever the option.
    package static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let widget = RotateButtonWidget(level: level)
        widget.placement = FramePlacement(x: nil, y: try options.placement().y)
        try options.finish()
        return widget
    }
}
