import StudioDomain
import StudioKit

/// A frame holding other primitives, placed relative to it and drawn in its order (by
/// their levels, then as listed). The group itself draws nothing and, by default, lets
/// touches through its empty parts (`penetrate` true); its children take their own.
///
/// Options (with the shared ones, see `PrimitiveWidget`): `children`, an array of entries
/// written like the room's: `{ "widget": "text", "id": "label", "level": 1, "options": {...} }`
/// where `widget` is a primitive (shape, text, image, sprite or group), `id` defaults to
/// the catalog name and `level` orders children (default the group's; it must lie in the
/// group's layer).
public final class GroupPrimitive: PrimitiveWidget, CatalogWidget {
    public static let catalogName = "group"
    public static var defaultLevel: Double { Levels.activityIcon }
    public static var takesID: Bool { true }

    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let group = try GroupPrimitive(name: options.id ?? catalogName, level: level, options: options, penetrates: true)
        for entry in try options.objects("children") {
            guard entry.has("widget") else {
                throw entry.error("widget", "is required: one of \(WidgetCatalog.primitiveNames.joined(separator: ", "))")
            }
            let name = try entry.choice("widget", default: "", allowed: WidgetCatalog.primitiveNames)
            let id = try entry.string("id", default: name)
            let childLevel = try entry.double("level", default: level, in: 0...10_000)
            // The audit holds every widget to its top-level ancestor's layer.
            let layer = try LayerKind.of(level: level)
            guard try LayerKind.of(level: childLevel) == layer else {
                throw entry.error(
                    "level",
                    "\(childLevel) is outside the group's layer (\(layer.name), "
                        + "from level \(layer.levels.lowerBound)): children order by levels within it")
            }
            let childOptions =
                try entry.object("options", id: id)
                ?? WidgetOptions(file: entry.file, keyPath: "\(entry.keyPath).options", values: [:], id: id)
            try entry.finish()
            guard let type = WidgetCatalog.primitiveWidgets.first(where: { $0.catalogName == name }),
                let child = try type.make(level: childLevel, options: childOptions) as? PrimitiveWidget
            else {
                throw entry.error("widget", "must name a primitive; valid: \(WidgetCatalog.primitiveNames.joined(separator: ", "))")
            }
            try childOptions.finish()
            child.isInGroup = true
            try group.addChild(child)
        }
        return group
    }
}
