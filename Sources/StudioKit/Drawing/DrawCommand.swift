/// A geometric shape in the local coordinates of the item that carries it.
public enum Shape: Hashable, Sendable {
    case rect(Rect)
    case roundedRect(Rect, radius: Double)
    case circle(center: Point, radius: Double)
    /// A line segment; filling it draws it `width` logical pixels thick.
    case line(from: Point, to: Point, width: Double)

    /// The shape's bounding box in local coordinates.
    public var bounds: Rect {
        switch self {
        case .rect(let r), .roundedRect(let r, _): return r
        case .circle(let c, let radius):
            return Rect(x: c.x - radius, y: c.y - radius, width: 2 * radius, height: 2 * radius)
        case .line(let a, let b, let w):
            return Rect(
                x: min(a.x, b.x) - w / 2, y: min(a.y, b.y) - w / 2,
                width: abs(a.x - b.x) + w, height: abs(a.y - b.y) + w)
        }
    }
}

/// Horizontal placement of a text run relative to its anchor point.
public enum TextAlignment: String, Hashable, Sendable { case left, center, right }

/// One drawing operation. Colors already carry the alpha of every enclosing widget.
public enum DrawCommand: Hashable, Sendable {
    case fill(Shape, Color)
    case stroke(Shape, Color, width: Double)
    /// Text on one line; `origin` is the top of the line at the alignment anchor.
    case text(String, font: FontSpec, color: Color, origin: Point, alignment: TextAlignment)
    /// An image asset (by name, see `ImageRef`) stretched into `rect`, multiplied by `tint`.
    case image(ImageRef, rect: Rect, tint: Color)
    /// The `source` part of an image (image pixels; nil: all of it) drawn into `rect`,
    /// multiplied by `tint`. Non-zero `insets` (image pixels) make it a nine-slice: the
    /// corners keep their size, the edges stretch along their length, the centre both ways
    /// (shrunk in proportion where `rect` is smaller than the insets).
    case imageSlice(ImageRef, source: Rect?, insets: EdgeInsets, rect: Rect, tint: Color)
    /// A picture made at run time (a video frame) stretched into `rect`, multiplied by `tint`.
    case picture(Picture, rect: Rect, tint: Color)
    /// `shape` filled with a linear gradient over its bounding box.
    case gradient(Shape, LinearGradient)
    /// A sprite (a group of items drawn once into a picture of its own) with its top-left
    /// corner at `origin`, its pixels multiplied by `tint`.
    case sprite(Sprite, origin: Point, tint: Color)
    /// Start clipping to `rect` (in the coordinates of the item's transform), intersected
    /// with any clip already in force.
    case pushClip(Rect)
    case popClip
}

/// An image asset, named by its file stem under `Assets/images` (for example "cover-1").
public struct ImageRef: Hashable, Sendable, CustomStringConvertible {
    public var name: String
    public init(_ name: String) { self.name = name }
    public var description: String { name }
}

/// A command placed on the screen: the command in local coordinates and the transform
/// from those coordinates to the studio's logical pixels.
public struct DrawItem: Hashable, Sendable {
    public var command: DrawCommand
    package var transform: Transform

    public init(_ command: DrawCommand, transform: Transform = .identity) {
        self.command = command
        self.transform = transform
    }
}
