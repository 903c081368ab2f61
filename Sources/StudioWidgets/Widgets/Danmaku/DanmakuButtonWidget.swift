import StudioDomain
import StudioKit

/// The "弹" button: opens the danmaku settings sheet (announces `.danmakuSettingsTapped`).
/// It sits in the lite layer on the right edge, above the rotate button (below a letterboxed
/// picture), so every room shows it, lite mode too; its sheet must be in the room (the
/// configuration loader checks).
package final class DanmakuButtonWidget: Widget, CatalogWidget {
    package static let catalogName = "danmakuButton"
    package static let defaultLevel = Levels.danmakuButton
    static let side = 60.0
    /// The gap between it and the rotate button below it.
    static let spacing = 16.0

    /// Where the configuration puts it, over the default (`y` alone: it stays on the edge).
    var placement = FramePlacement()

    package init(level: Double = Levels.danmakuButton) {
        super.init(name: "danmakuButton", level: level, frame: Self.frame(in: .studio))
        // A control: the danmaku never covers what a finger must find.
        keepsOverlaysOut = true
    }

    /// Options: `y`, its top in a portrait room (default: above the rotate button). The
    /// room must list `danmakuSheet`, which the button opens.
    package static func make(level: Double, options: WidgetOptions) throws -> Widget {
        options.refer(toWidget: DanmakuSheetWidget.catalogName, at: "(opens)")
        let widget = DanmakuButtonWidget(level: level)
        widget.placement = FramePlacement(x: nil, y: try options.placement().y)
        try options.finish()
        return widget
    }

    /// Centred over the rotate button of a portrait room (right edge, 43.75% down the page).
    static func frame(in viewport: Size) -> Rect {
        let rotateSide = 64.0, rotateTop = viewport.height * 0.4375
        let centreX = viewport.width - 20 - rotateSide / 2
        return Rect(x: centreX - side / 2, y: rotateTop - spacing - side, width: side, height: side)
    }

    /// Placed from the video, which loads first: over a landscape stream's letterboxed
    /// picture the rotate button sits on the picture's corner, so this one goes just below
    /// the picture instead.
    package override func didLoad() {
        guard let context else { return }
        frame = Self.frame(in: context.environment.viewport)
        if let y = placement.y { frame.origin.y = y }
        if let video = context.widgets?.widget(VideoPlayerWidget.self), video.stream == .landscape {
            frame.origin.y = video.transformToRoot.apply(video.pictureRect).maxY + Self.spacing
        }
    }

    package override func handleTap(at point: Point) -> Bool {
        publish(.danmakuSettingsTapped)
        return true
    }

    /// Two draw items per frame.
    package override func draw(in canvas: Canvas) {
        canvas.fillCircle(center: Point(x: bounds.midX, y: bounds.midY), radius: bounds.width / 2, Palette.panel)
        canvas.text("弹", font: .bold(30), color: .white, at: Point(x: bounds.midX, y: bounds.midY - 18), alignment: .center)
    }
}
