import StudioDomain
import StudioKit

/// A named image (`Assets/images/<name>.png`, as `ImageRef` names them) stretched over its
/// frame, or drawn as a nine-slice: with `insets`, the corners keep their size, the edges
/// stretch along their length and the centre both ways.
///
/// Options (with the shared ones, see `PrimitiveWidget`): `image` (required), `insets`
/// `{ "top", "left", "bottom", "right" }` in image pixels (0...2000 each, default 0), `tint`
/// (a color multiplied in, default white: the image as it is).
public final class ImagePrimitive: PrimitiveWidget, CatalogWidget {
    public static let catalogName = "image"
    public static var defaultLevel: Double { Levels.activityIcon }
    public static var takesID: Bool { true }

    public let image: ImageRef
    public let insets: EdgeInsets
    public let tint: Color

    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
        try ImagePrimitive(level: level, options: options)
    }

    init(level: Double, options: WidgetOptions) throws {
        image = try Self.imageName(options)
        if let i = try options.object("insets") {
            func edge(_ key: String) throws -> Double { try i.double(key, default: 0, in: 0...2000) }
            insets = EdgeInsets(top: try edge("top"), left: try edge("left"), bottom: try edge("bottom"), right: try edge("right"))
            try i.finish()
        } else {
            insets = .zero
        }
        tint = try options.color("tint", default: .white)
        try super.init(name: options.id ?? Self.catalogName, level: level, options: options)
    }

    /// The `image` option: a file stem under `Assets/images`, without folders or extension.
    static func imageName(_ options: WidgetOptions) throws -> ImageRef {
        let name = try options.string("image", default: "")
        guard !name.isEmpty, !name.contains("/"), !name.hasSuffix(".png") else {
            throw options.error(
                "image",
                "must name an image of Assets/images by its file stem, "
                    + "for example \"cover-1\" (got \"\(name)\")")
        }
        return ImageRef(name)
    }

    public override func draw(in canvas: Canvas) {
        if insets == .zero {
            canvas.image(image, in: bounds, tint: tint)
        } else {
            canvas.image(image, source: nil, insets: insets, in: bounds, tint: tint)
        }
    }
}
