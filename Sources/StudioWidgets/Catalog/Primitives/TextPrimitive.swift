import StudioDomain
import StudioKit

/// One line of text in its frame, vertically centred, cut with "…" to `maxWidth`. The text
/// may bind room data (`BoundText`): it is resolved and fitted when the widget loads and
/// again only when an event changes a bound field to a new value, never per frame.
///
/// Options (with the shared ones, see `PrimitiveWidget`): `text` (required), `fontSize`
/// (6...200, default 28), `weight` (regular or bold), `color` (default white), `align`
/// (left, center or right, default left), `maxWidth` (1...4000, default the frame's width).
public final class TextPrimitive: PrimitiveWidget, CatalogWidget {
    public static let catalogName = "text"
    public static var defaultLevel: Double { Levels.activityIcon }
    public static var takesID: Bool { true }

    package let source: BoundText
    public let font: FontSpec
    public let color: Color
    public let alignment: TextAlignment
    private let givenMaxWidth: Double?
    /// The widest the line may be: the option, else the frame's width.
    public var maxWidth: Double { givenMaxWidth ?? placement.width }
    /// The resolved text (room data in) and the line drawn (fitted), with its size.
    package private(set) var resolved = ""
    public private(set) var line = ""
    private var lineSize = Size.zero
    /// The room data as last seen: the studio's room, then the events' updates.
    private var room = RoomInfo.placeholder
    /// How many times the text was fitted (layout, not drawing), for tests.
    package private(set) var fitCount = 0

    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
        try TextPrimitive(level: level, options: options)
    }

    init(level: Double, options: WidgetOptions) throws {
        let text = try options.string("text", default: "")
        guard !text.isEmpty else { throw options.error("text", "is required: the line to show, for example \"{host.name} is live\"") }
        source = try BoundText(text, key: "text", options: options)
        let weight = try options.choice("weight", default: "regular", allowed: ["regular", "bold"])
        font = FontSpec(size: try options.double("fontSize", default: 28, in: 6...200), weight: weight == "bold" ? .bold : .regular)
        color = try options.color("color", default: .white)
        let align = try options.choice("align", default: "left", allowed: ["left", "center", "right"])
        alignment = TextAlignment(rawValue: align)!
        let given = try options.double("maxWidth", default: .nan, in: 1...4000)
        givenMaxWidth = given.isNaN ? nil : given
        try super.init(name: options.id ?? Self.catalogName, level: level, options: options)
    }

    public override func didLoad() {
        super.didLoad()
        guard let context else { return }
        room = context.room
        // The fields that change while the room shows: the online count and the host.
        let fields = source.fields
        if fields.contains(.roomOnline) {
            listen(to: .onlineCountChanged) { text, count in
                text.room.onlineCount = count
                text.relayout()
            }
        }
        if fields.contains(.hostName) {
            listen(to: .hostRotated) { text, host in
                text.room.hostName = host
                text.relayout()
            }
        }
        relayout()
    }

    /// Resolves the bindings and fits the line, unless the resolved text is unchanged.
    private func relayout() {
        guard let measurer = context?.environment.measurer else { return }
        let text = source.resolved(room)
        guard text != resolved || fitCount == 0 else { return }
        resolved = text
        line = measurer.fitting(text, font: font, maxWidth: maxWidth)
        lineSize = measurer.measure(line, font: font)
        fitCount += 1
    }

    public override func draw(in canvas: Canvas) {
        let x =
            switch alignment {
            case .left: 0.0
            case .center: bounds.width / 2
            case .right: bounds.width
            }
        canvas.text(
            line, font: font, color: color, at: Point(x: x, y: (bounds.height - lineSize.height) / 2),
            alignment: alignment)
    }
}
