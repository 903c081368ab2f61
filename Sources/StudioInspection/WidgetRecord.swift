import StudioKit

/// One widget as `studio dump` shows it: what it is, where it sits in the layering and on
/// the screen, and what it listens to. A plain value (Codable) so the tree can be printed,
/// written as JSON and compared in tests.
public struct WidgetRecord: Codable, Hashable, Sendable {
    /// The widget's Swift type (`CommentListWidget`).
    public var type: String
    public var name: String
    public var level: Double
    /// The layer the widget's top-level ancestor belongs to ("root" for the root itself).
    public var layer: String
    /// The widget's bounds in screen (root) coordinates: the bounding box after every
    /// ancestor's frame and transform.
    public var frame: ScreenRect
    package var hidden: Bool
    package var alpha: Double
    /// Whether touches pass through the widget's own area (`passesTouchesThrough`).
    public var penetrate: Bool
    /// Whether the studio's concealing list hides it.
    package var concealed: Bool
    /// Event names the widget subscribed to on its studio's announcer, sorted.
    package var subscriptions: [String]
    public var children: [WidgetRecord]

    /// Records `widget` and its subtree.
    /// - Parameter announcer: the studio's announcer, asked for each widget's subscriptions.
    /// - Complexity: O(n * s) for n widgets and s subscriptions; an inspection, not per frame.
    public init(of widget: Widget, announcer: Announcer?) {
        type = Self.typeName(of: widget)
        name = widget.name
        level = widget.level
        layer = WidgetRecord.layer(of: widget)?.name ?? "root"
        frame = ScreenRect(widget.transformToRoot.apply(widget.bounds))
        hidden = widget.isHidden
        alpha = widget.alpha
        penetrate = widget.passesTouchesThrough
        concealed = widget.isConcealed
        subscriptions = (announcer?.subscriptions(of: widget) ?? []).map(\.rawValue).sorted()
        children = widget.children.map { WidgetRecord(of: $0, announcer: announcer) }
    }

    /// `widget`'s type's name. Asking the runtime for a name demangles it each time, the
    /// costliest part of a record, and a tree records the same few types again and again
    /// (DevTools several times a second), so names are kept once asked.
    static func typeName(of widget: Widget) -> String {
        let type = Swift.type(of: widget)
        let key = ObjectIdentifier(type)
        if let known = typeNames.withLock({ $0[key] }) { return known }
        let name = String(describing: type)
        typeNames.withLock { $0[key] = name }
        return name
    }

    private static let typeNames = Locked<[ObjectIdentifier: String]>([:])

    /// The layer whose container holds `widget` (the container's own kind for a container).
    public static func layer(of widget: Widget) -> LayerKind? {
        var node: Widget? = widget
        while let n = node {
            if let container = n as? LayerContainer { return container.kind }
            node = n.parent
        }
        return nil
    }
}

/// A rectangle in screen coordinates, rounded to 1/100 px so that dumps are stable text.
public struct ScreenRect: Codable, Hashable, Sendable, CustomStringConvertible {
    public var x: Double, y: Double, width: Double, height: Double

    public init(_ r: Rect) {
        func round2(_ v: Double) -> Double { (v * 100).rounded() / 100 }
        x = round2(r.origin.x)
        y = round2(r.origin.y)
        width = round2(r.size.width)
        height = round2(r.size.height)
    }

    public var rect: Rect { Rect(x: x, y: y, width: width, height: height) }

    /// `x,y wxh`, whole numbers without decimals.
    public var description: String {
        "\(InspectionFormat.number(x)),\(InspectionFormat.number(y)) \(InspectionFormat.number(width))x\(InspectionFormat.number(height))"
    }
}

/// Number formatting shared by the inspection texts.
package enum InspectionFormat {
    /// `12` for whole numbers, `12.5` / `0.25` otherwise (at most two decimals).
    package static func number(_ v: Double) -> String {
        guard v.isFinite else { return v > 0 ? "inf" : (v < 0 ? "-inf" : "nan") }
        let r = (v * 100).rounded() / 100
        return r.compact
    }
}
