import StudioDomain
import StudioKit

/// The studio's name tag at the top centre ("1v1 PK", "Playback"): what kind of room this
/// is, readable at a glance in a screenshot. The title is the studio's configured `title`;
/// a studio type may add a `detail` ("LIVE", "Round 2/5") that shows after it. It sits in
/// the lite layer, so it stays when lite mode sends the movable layer away.
public final class StudioBadgeWidget: Widget {
    /// The level studio configurations give it by default: the bottom of the lite layer.
    public static let standardLevel = 305.0
    static let height = 44.0
    static let titleFont = FontSpec.bold(26)
    static let detailFont = FontSpec.bold(22)

    /// The badge's color (the dot and the detail's pill).
    public var color: Color
    /// Shown instead of the studio's title when set.
    package var titleOverride: String?
    public private(set) var title = ""
    /// A short state after the title; nil shows none.
    public var detail: String? {
        didSet { if detail != oldValue { layout() } }
    }
    private var titleWidth = 0.0
    private var detailWidth = 0.0

    public init(level: Double = StudioBadgeWidget.standardLevel, color: Color = Color(hex: 0xFE2C55)) {
        self.color = color
        super.init(name: "studioBadge", level: level, frame: Rect(x: 0, y: 10, width: 0, height: Self.height))
    }

    public override func didLoad() {
        title = titleOverride ?? context?.kindTitle ?? ""
        layout()
    }

    /// A tap on the room's name tag is a tap on a label in the status bar, not on the
    /// picture: it is taken here, so no hearts rise from the top of the screen.
    public override func handleTap(at point: Point) -> Bool { true }

    /// Sizes the pill to its texts and centres it (measures text: on load and when the
    /// detail changes, never per frame).
    private func layout() {
        guard let context else { return }
        let measurer = context.environment.measurer
        let shownTitle = measurer.fitting(title, font: Self.titleFont, maxWidth: 300)
        if shownTitle != title { title = shownTitle }
        titleWidth = measurer.measure(title, font: Self.titleFont).width
        detailWidth = detail.map { measurer.measure($0, font: Self.detailFont).width + 24 } ?? 0
        let width = 18 + 16 + 12 + titleWidth + (detail == nil ? 0 : 12 + detailWidth) + 18
        frame = Rect(x: (context.environment.viewport.width - width) / 2, y: 10, width: width, height: Self.height)
    }

    /// Four to six draw items per frame.
    public override func draw(in canvas: Canvas) {
        canvas.fillRoundedRect(bounds, radius: Self.height / 2, Palette.toast)
        canvas.fillCircle(center: Point(x: 26, y: Self.height / 2), radius: 8, color)
        canvas.text(title, font: Self.titleFont, color: .white, at: Point(x: 46, y: 7))
        if let detail {
            let pill = Rect(x: 46 + titleWidth + 12, y: 7, width: detailWidth, height: Self.height - 14)
            canvas.fillRoundedRect(pill, radius: pill.height / 2, color)
            canvas.text(
                detail, font: Self.detailFont, color: .white, at: Point(x: pill.midX, y: pill.minY + 2),
                alignment: .center)
        }
    }
}

extension StudioBadgeWidget: CatalogWidget {
    public static let catalogName = "studioBadge"
    public static var defaultLevel: Double { standardLevel }

    /// Options: `color` ("#RRGGBB", default the brand pink), the badge's accent; `title`,
    /// shown instead of the studio's configured title (default "": the studio's title).
    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let hex = try options.string("color", default: "#FE2C55")
        guard let color = Color(parsingHex: hex) else {
            throw options.error("color", "must be a color written #RRGGBB, for example \"#FE2C55\" (got \"\(hex)\")")
        }
        let widget = StudioBadgeWidget(level: level, color: color)
        let title = try options.string("title", default: "")
        if !title.isEmpty { widget.titleOverride = title }
        try options.finish()
        return widget
    }
}
