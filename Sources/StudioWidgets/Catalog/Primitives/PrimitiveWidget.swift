import StudioDomain
import StudioKit

/// What tapping a primitive does (`tap` in its options).
public enum PrimitiveTap: Hashable, Sendable {
    /// Asks for a toast saying this.
    case toast(String)
    /// Presents the room's bottom sheet of this name (`shareSheet`, `giftPanel`...).
    case sheet(String)
    /// Publishes `.configuredEvent` with this name and text.
    case event(ConfiguredEvent)
}

/// An event a configuration names in a tap action (`{ "event": "badgeTapped", "text": … }`).
/// A configuration cannot declare event types, so all its events travel under one key,
/// `.configuredEvent`, and an application's code picks its own by `name`.
public struct ConfiguredEvent: Hashable, Sendable {
    /// The name the configuration gives, 1 to 64 characters without spaces.
    package let name: String
    /// The text the tap action carries (the widget's id unless it gives one).
    package let text: String

    package init(name: String, text: String) {
        self.name = name
        self.text = text
    }
}

extension EventKey where Payload == ConfiguredEvent {
    /// A primitive's tap action published the event its configuration names.
    /// - Unheard: an application's code hears it and picks its own by name.
    package static let configuredEvent = EventKey("configuredEvent")
}

/// The base of the widgets a designer composes in a configuration (shape, text, image,
/// sprite, group): a frame relative to the safe area (or to the group holding it), an
/// optional tap action, and whether touches pass through it. Options shared by all:
///
/// - `frame` (required): `{ "x", "y", "width", "height" }`; x and y default to 0.
/// - `tap`: `{ "toast": "text" }`, `{ "sheet": "giftPanel" }` or
///   `{ "event": "badgeTapped", "text": "payload" }` (text defaults to the widget's id).
/// - `penetrate`: true lets touches through to what is below (default false; a group's
///   default is true, so only its children take touches). Cannot go with `tap`.
public class PrimitiveWidget: Widget {
    /// The configured frame, before the safe area's offset.
    package let placement: Rect
    public let tap: PrimitiveTap?
    /// Set by the group that holds it: its frame is then relative to the group.
    var isInGroup = false

    init(name: String, level: Double, options: WidgetOptions, penetrates: Bool = false) throws {
        guard let frame = try options.object("frame") else {
            throw options.error(
                "frame",
                "is required: { \"x\": 0, \"y\": 0, \"width\": 200, \"height\": 80 } "
                    + "(relative to the safe area, or to the group holding it)")
        }
        placement = Rect(
            x: try frame.double("x", default: 0, in: -4000...4000),
            y: try frame.double("y", default: 0, in: -4000...4000),
            width: try Self.size(frame, "width"), height: try Self.size(frame, "height"))
        try frame.finish()
        tap = try Self.readTap(options)
        let penetrate = try options.bool("penetrate", default: penetrates)
        if penetrate, tap != nil {
            throw options.error(
                "penetrate",
                "is true, so touches pass through and the tap action never runs; "
                    + "remove \"tap\" or set penetrate to false")
        }
        super.init(name: name, level: level, frame: placement)
        passesTouchesThrough = penetrate
    }

    private static func size(_ frame: WidgetOptions, _ key: String) throws -> Double {
        let value = try frame.double(key, default: .nan, in: 1...4000)
        guard !value.isNaN else { throw frame.error(key, "is required: a number of logical pixels, 1...4000") }
        return value
    }

    /// The bottom sheets a tap may present: the catalog's sheet widgets.
    static let sheetNames: [String] = {
        let catalog = WidgetCatalog.standard()
        return catalog.names.filter { catalog.type(named: $0) is BottomSheetWidget.Type }
    }()

    private static func readTap(_ options: WidgetOptions) throws -> PrimitiveTap? {
        guard let tap = try options.object("tap") else { return nil }
        let example = "{ \"toast\": \"Hi\" }, { \"sheet\": \"giftPanel\" } or { \"event\": \"badgeTapped\" }"
        let toast = try tap.string("toast", default: "")
        let sheet = try tap.string("sheet", default: "")
        let event = try tap.string("event", default: "")
        let text = try tap.string("text", default: options.id ?? "")
        try tap.finish()
        let given = [("toast", toast), ("sheet", sheet), ("event", event)].filter { !$0.1.isEmpty }
        guard given.count == 1, let (kind, value) = given.first else {
            throw options.error("tap", "must hold exactly one of toast, sheet and event, non-empty: \(example)")
        }
        if kind != "event", tap.has("text") {
            throw tap.error("text", "goes with an event only (a toast says its own text); remove it")
        }
        switch kind {
        case "toast":
            return .toast(value)
        case "sheet":
            guard sheetNames.contains(value) else {
                throw tap.error("sheet", "'\(value)' is not a sheet; valid: \(sheetNames.joined(separator: ", "))")
            }
            tap.refer(toWidget: value, at: "sheet")
            return .sheet(value)
        default:
            guard !value.contains(where: \.isWhitespace), value.count <= 64 else {
                throw tap.error("event", "must be an event name of 1 to 64 characters without spaces (got '\(value)')")
            }
            return .event(ConfiguredEvent(name: value, text: text))
        }
    }

    public override func didLoad() {
        guard let context else { return }
        let origin = isInGroup ? Point.zero : context.environment.safeArea.origin
        frame = placement.offsetBy(dx: origin.x, dy: origin.y)
    }

    /// Runs the tap action; a primitive that takes touches takes the tap even without one
    /// (it covers the room there).
    public override func handleTap(at point: Point) -> Bool {
        switch tap {
        case .toast(let text): publish(.toastRequested, text)
        case .sheet(let name):
            context?.widgets?.widget(named: name, as: BottomSheetWidget.self)?.present()
        case .event(let event): publish(.configuredEvent, event)
        case nil: break
        }
        return true
    }
}
