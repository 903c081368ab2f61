/// The recording surface widgets draw into. It keeps a transform and an alpha that nest
/// (each widget's frame origin, transform and alpha apply to everything it and its children
/// draw) and appends draw items to a display list. No pixels are touched here.
///
/// - Complexity: every drawing call is O(1) amortized; it appends one item.
///
/// Its state is `@exclusivity(unchecked)`: every drawing call read the transform and alpha
/// and modified the list, each a dynamic exclusivity check that cost more than the append
/// (a frame of thousands of comments makes thousands of calls). Only the canvas's own
/// methods write them, and none calls out while it holds one of them.
public final class Canvas {
    // Unchecked: every drawing call reads or writes it, on the drawing thread, and none holds the access across a call out (the type's note).
    @exclusivity(unchecked) public private(set) var list: DisplayList
    public let measurer: TextMeasurer
    /// The current transform from local coordinates to logical pixels.
    // Unchecked: every drawing call reads or writes it, on the drawing thread, and none holds the access across a call out (the type's note).
    @exclusivity(unchecked) package private(set) var transform: Transform = .identity
    /// The current opacity multiplier in 0...1.
    // Unchecked: every drawing call reads or writes it, on the drawing thread, and none holds the access across a call out (the type's note).
    @exclusivity(unchecked) package private(set) var alpha: Double = 1
    // Unchecked: every drawing call reads or writes it, on the drawing thread, and none holds the access across a call out (the type's note).
    @exclusivity(unchecked) private var saved: [(Transform, Double)] = []
    // Unchecked: every drawing call reads or writes it, on the drawing thread, and none holds the access across a call out (the type's note).
    @exclusivity(unchecked) private var clipDepth = 0

    public init(measurer: TextMeasurer, reserving capacity: Int = 1024) {
        self.measurer = measurer
        list = DisplayList()
        list.reserveCapacity(capacity)
    }

    /// Starts a new frame: forgets the previous frame's items but keeps their storage.
    package func reset() {
        list.removeAll()
        transform = .identity
        alpha = 1
        saved.removeAll(keepingCapacity: true)
        clipDepth = 0
    }

    /// Takes the finished display list (the canvas keeps an empty one with the same capacity).
    package func takeList() -> DisplayList {
        let out = list
        list.removeAll()
        return out
    }

    /// Replaces the recorded list (an overlay showing the frame another way: one layer
    /// alone, an exploded view). Drawing continues on top of the new list.
    package func replaceList(with newList: DisplayList) {
        list = newList
    }

    package func beginLayer(_ kind: LayerKind) { list.beginLayer(kind) }
    package func endLayer() { list.endLayer() }

    /// Runs `body` with `t` applied before the current transform and `alpha` multiplied in.
    package func withState(transform t: Transform = .identity, alpha a: Double = 1, _ body: () -> Void) {
        saved.append((transform, alpha))
        transform = t.then(transform)
        alpha *= a
        body()
        (transform, alpha) = saved.removeLast()
    }

    /// Runs `body` clipped to `rect` (local coordinates).
    package func withClip(_ rect: Rect, _ body: () -> Void) {
        emit(.pushClip(rect))
        clipDepth += 1
        body()
        clipDepth -= 1
        emit(.popClip)
    }

    package func fill(_ shape: Shape, _ color: Color) {
        guard alpha > 0, color.a > 0 else { return }
        emit(.fill(shape, color.withAlpha(alpha)))
    }

    package func stroke(_ shape: Shape, _ color: Color, width: Double = 1) {
        guard alpha > 0, color.a > 0, width > 0 else { return }
        emit(.stroke(shape, color.withAlpha(alpha), width: width))
    }

    public func fillRect(_ r: Rect, _ color: Color) { fill(.rect(r), color) }

    public func fillRoundedRect(_ r: Rect, radius: Double, _ color: Color) {
        fill(.roundedRect(r, radius: radius), color)
    }

    public func fillCircle(center: Point, radius: Double, _ color: Color) {
        fill(.circle(center: center, radius: radius), color)
    }

    public func line(from a: Point, to b: Point, width: Double = 1, _ color: Color) {
        fill(.line(from: a, to: b, width: width), color)
    }

    /// Draws one line of text; `origin` is the top of the line at the `alignment` anchor.
    public func text(
        _ string: String, font: FontSpec, color: Color, at origin: Point,
        alignment: TextAlignment = .left
    ) {
        guard alpha > 0, color.a > 0, !string.isEmpty else { return }
        emit(.text(string, font: font, color: color.withAlpha(alpha), origin: origin, alignment: alignment))
    }

    public func image(_ ref: ImageRef, in rect: Rect, tint: Color = .white) {
        guard alpha > 0, tint.a > 0 else { return }
        emit(.image(ref, rect: rect, tint: tint.withAlpha(alpha)))
    }

    /// Draws the `source` part of an image (image pixels; nil: all of it) into `rect`; with
    /// `insets` (image pixels) as a nine-slice whose centre stretches (`DrawCommand.imageSlice`).
    public func image(_ ref: ImageRef, source: Rect?, insets: EdgeInsets = .zero, in rect: Rect, tint: Color = .white) {
        guard alpha > 0, tint.a > 0 else { return }
        emit(.imageSlice(ref, source: source, insets: insets, rect: rect, tint: tint.withAlpha(alpha)))
    }

    /// Draws `picture` (a video frame) stretched into `rect`, multiplied by `tint`.
    package func picture(_ picture: Picture, in rect: Rect, tint: Color = .white) {
        guard alpha > 0, tint.a > 0 else { return }
        emit(.picture(picture, rect: rect, tint: tint.withAlpha(alpha)))
    }

    /// Draws `sprite` with its top-left corner at `origin` (local coordinates), its pixels
    /// multiplied by `tint` and the canvas's alpha.
    public func sprite(_ sprite: Sprite, at origin: Point, tint: Color = .white) {
        guard alpha > 0, tint.a > 0, !sprite.items.isEmpty else { return }
        emit(.sprite(sprite, origin: origin, tint: tint.withAlpha(alpha)))
    }

    package func fill(_ shape: Shape, _ gradient: LinearGradient) {
        guard alpha > 0, gradient.stops.contains(where: { $0.color.a > 0 }) else { return }
        emit(.gradient(shape, gradient.withAlpha(alpha)))
    }

    /// Measures text with the canvas's measurer (the same one the renderer matches).
    package func measure(_ string: String, font: FontSpec) -> Size {
        measurer.measure(string, font: font)
    }

    private func emit(_ command: DrawCommand) {
        list.append(DrawItem(command, transform: transform))
    }
}
