// snippet.widget
import StudioKit
import Studios

extension Levels {
    /// Over the comment list, under the bottom bar: the movable layer.
    public static let cheer = 265.0
}

/// A round button that counts follows and cheers when tapped.
public final class CheerWidget: Widget {
    public private(set) var follows = 0

    public init(level: Double = Levels.cheer) {
        super.init(name: "cheer", level: level, frame: Rect(x: 20, y: 900, width: 64, height: 64))
    }

    public override func didLoad() {
        listen(to: .followToggled) { cheer, following in
            if following { cheer.follows += 1 }
        }
    }

    public override func handleTap(at point: Point) -> Bool {
        publish(.toastRequested, "Cheers! \(follows) follows")
        return true
    }

    public override func draw(in canvas: Canvas) {
        canvas.fillCircle(center: bounds.center, radius: bounds.width / 2, Palette.panel)
        canvas.text("🎉", font: FontSpec(size: 30), color: .white, at: Point(x: bounds.midX, y: 14), alignment: .center)
    }
}
// snippet.end

// snippet.catalog
extension CheerWidget: CatalogWidget {
    public static let catalogName = "cheer"
    public static var defaultLevel: Double { Levels.cheer }

    /// Options: `side` (44...120, default 64) in points.
    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let widget = CheerWidget(level: level)
        let side = try options.double("side", default: 64, in: 44...120)
        widget.frame.size = Size(width: side, height: side)
        try options.finish()
        return widget
    }

    /// The states `lucky-studio preview --widget cheer` and `lucky-studio gallery` show
    /// beside `default`, and `assertPreviews(of: "cheer")` pins.
    public static var previewStates: [PreviewState] {
        [PreviewState("large", options: ["side": .number(110)])]
    }
}
// snippet.end
