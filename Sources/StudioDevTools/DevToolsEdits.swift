import StudioInspection
import StudioKit

/// A value the page sends: a checkbox's, a number field's, a text's, or a frame's four
/// numbers.
package enum DevToolsValue: Codable, Sendable, Equatable {
    case bool(Bool)
    case number(Double)
    case text(String)
    case frame(ScreenRect)

    package init(from decoder: Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let b = try? single.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? single.decode(Double.self) {
            self = .number(n)
        } else if let t = try? single.decode(String.self) {
            self = .text(t)
        } else {
            self = .frame(try single.decode(ScreenRect.self))
        }
    }

    package func encode(to encoder: Encoder) throws {
        var single = encoder.singleValueContainer()
        switch self {
        case .bool(let b): try single.encode(b)
        case .number(let n): try single.encode(n)
        case .text(let t): try single.encode(t)
        case .frame(let f): try single.encode(f)
        }
    }

    var kind: String {
        switch self {
        case .bool: "true or false"
        case .number: "a number"
        case .text: "a text"
        case .frame: "a frame"
        }
    }
}

/// The properties the page can set on any widget, each checked as the configuration loader
/// checks it (a level's refusal is the loader's sentence, `LayerKind.problem(level:)`), and
/// applied at once: the next frame shows it.
enum DevToolsEdits {
    static let properties = ["hidden", "level", "frame", "alpha"]

    /// Sets `property` of `widget` to `value`; what it did, or why not.
    static func set(
        _ property: String, of widget: Widget, to value: DevToolsValue?, in studio: Room,
        options: DevToolsWidgetOptions? = nil
    ) -> String {
        let name = widget.name
        func refuse(_ why: String) -> String { "refused set \(property) of \(name): \(why)" }
        switch (property, value) {
        case ("hidden", .bool(let hidden)?):
            widget.isHidden = hidden
            return "\(hidden ? "hid" : "showed") \(name)"
        case ("level", .number(let level)?):
            if let problem = LayerKind.problem(level: level) { return refuse(problem) }
            return setLevel(level, of: widget, in: studio) ?? "set level of \(name) to \(level.compact)"
        case ("frame", .frame(let f)?):
            let rect = f.rect
            guard [rect.minX, rect.minY, rect.width, rect.height].allSatisfy(\.isFinite), rect.width > 0, rect.height > 0 else {
                return refuse("a frame needs finite x and y and a width and height above 0 (got \(f))")
            }
            let onScreen = (widget.parent?.transformToRoot ?? .identity).apply(rect)
            guard onScreen.intersects(Rect(origin: .zero, size: Size.studio)) else {
                return refuse(
                    "\(ScreenRect(onScreen)) on the screen is outside the studio (0,0 \(Size.studio.width.compact)x\(Size.studio.height.compact)); "
                        + "give a frame that overlaps it")
            }
            widget.frame = rect
            return "set frame of \(name) to \(f)"
        case ("alpha", .number(let alpha)?):
            guard (0...1).contains(alpha) else { return refuse("must be between 0 and 1 (got \(alpha.compact))") }
            widget.alpha = alpha
            return "set alpha of \(name) to \(alpha.compact)"
        case (_, let value) where properties.contains(property):
            let wanted = ["hidden": "true or false", "level": "a number", "frame": "{x, y, width, height}", "alpha": "a number"][property]!
            return refuse("the value must be \(wanted) (got \(value?.kind ?? "none"))")
        case (_, let value?) where options != nil:
            return options!.set(property, to: value, of: widget, in: studio)
        default:
            return refuse("the properties that can be set are \(properties.joined(separator: ", ")) and the widget's own options")
        }
    }

    /// A new level: in the same layer the widget moves among its siblings; a top-level
    /// widget whose level belongs to another layer moves to that layer. Nil when done, else
    /// why not.
    private static func setLevel(_ level: Double, of widget: Widget, in studio: Room) -> String? {
        let from = WidgetRecord.layer(of: widget), to = try? LayerKind.of(level: level)
        do {
            if from == to {
                try widget.setLevel(level)
            } else if widget.parent is LayerContainer {
                widget.removeFromParent()
                try widget.setLevel(level)
                try studio.add(widget)
            } else {
                return "refused set level of \(widget.name): \(level.compact) is in the \(to?.name ?? "?") layer, and a widget "
                    + "inside another moves only within its parent's layer (\(from?.name ?? "?"), levels \(from?.levelsText ?? "?"))"
            }
        } catch {
            return "refused set level of \(widget.name): \(error)"
        }
        return nil
    }
}
