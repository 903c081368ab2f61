import StudioInspection
import StudioKit

/// The edits the page made, held until they are changed, undone or reset. The properties
/// every widget has are put back just before each frame is drawn, after the widgets' own
/// update: a widget that lays itself out, or a later edit of another property (a level that
/// moves it, an option that builds it again), no longer quietly undoes an edit. Each edit
/// keeps the value from before the first one, for its undo. Edits belong to the room they
/// were made in: a room change drops them, so that none reaches a widget of the same name in
/// another room.
struct DevToolsHeldEdits {
    struct Edit: Equatable {
        let name: String
        let property: String
        var value: DevToolsValue
        /// Nil for one of the widget's options that its configuration left to the default.
        let original: DevToolsValue?
    }

    private(set) var edits: [Edit] = []
    /// The room they were made in: the object, and its id (an object's identity alone may be
    /// reused by a later room's).
    private var room: (object: ObjectIdentifier, id: Int)?

    /// The properties put back each frame; a widget's own options stay by themselves (the
    /// widget is built again with them).
    static let reapplied: Set = ["hidden", "level", "frame", "alpha"]

    /// What `widget` has now of one of the `reapplied` properties.
    static func current(_ property: String, of widget: Widget) -> DevToolsValue? {
        switch property {
        case "hidden": .bool(widget.isHidden)
        case "level": .number(widget.level)
        case "frame": .frame(ScreenRect(widget.frame))
        case "alpha": .number(widget.alpha)
        default: nil
        }
    }

    /// Holds `value` for `property` of the widget `name`, an edit that was applied; the first
    /// edit of a property keeps `original` for its undo.
    mutating func hold(_ property: String, of name: String, value: DevToolsValue, original: DevToolsValue?) {
        // Held as the widget reports it, so that a frame given to more decimals than a record
        // keeps is not put back every frame.
        var value = value
        if case .frame(let f) = value { value = .frame(ScreenRect(f.rect)) }
        if let i = edits.firstIndex(where: { $0.name == name && $0.property == property }) {
            edits[i].value = value
        } else {
            edits.append(Edit(name: name, property: property, value: value, original: original))
        }
    }

    /// Lets go of the edit of `property` of `name`, returning it.
    mutating func release(_ property: String, of name: String) -> Edit? {
        guard let i = edits.firstIndex(where: { $0.name == name && $0.property == property }) else { return nil }
        return edits.remove(at: i)
    }

    /// Lets go of every edit, returning them, newest first (the order they are undone in).
    mutating func releaseAll() -> [Edit] {
        defer { edits.removeAll() }
        return edits.reversed()
    }

    /// Drops the edits when `studio` is another room than theirs; how many were dropped.
    mutating func follow(_ studio: Room) -> Int {
        let now = (object: ObjectIdentifier(studio), id: studio.room.id)
        defer { room = now }
        guard let room, room != now, !edits.isEmpty else { return 0 }
        defer { edits.removeAll() }
        return edits.count
    }

    /// Puts each held value back where the widget no longer has it.
    /// - Complexity: a search of the tree by name per held edit; nothing without edits.
    func reapply(in studio: Room) {
        for edit in edits where Self.reapplied.contains(edit.property) {
            guard let widget = studio.root.first(named: edit.name), Self.current(edit.property, of: widget) != edit.value else {
                continue
            }
            _ = DevToolsEdits.set(edit.property, of: widget, to: edit.value, in: studio)
        }
    }
}
