/// A group of draw items drawn once into a picture of its own, which frames then draw
/// wherever the group goes: a danmaku's text and its shadow, a comment's bubble and line.
/// Renderers cache the picture by the group's content (DanmakuFlameMaster draws each comment
/// into a bitmap once and blits it while it scrolls), so a group that only moves costs a
/// copy of its pixels instead of drawing its items again.
///
/// The picture is blended as one, and placed on whole device pixels: where the group's own
/// translucent items overlap, or its origin falls between pixels, the result may differ by
/// a rounding from drawing the items one by one.
public struct Sprite: Hashable, Sendable {
    /// What it draws, in its own coordinates: (0, 0) is its top-left corner.
    public let items: [DrawItem]
    /// Its size; items outside it are cut off.
    public let size: Size
    /// The hash of `items` and `size`, computed once: frames hash the sprite every time
    /// they draw it.
    package let contentHash: Int

    public init(size: Size, items: [DrawItem]) {
        self.items = items
        self.size = size
        var hasher = Hasher()
        hasher.combine(items)
        hasher.combine(size)
        contentHash = hasher.finalize()
    }

    /// Records what `draw` draws on a canvas of its own as a sprite `size` big.
    package static func drawing(size: Size, measurer: TextMeasurer, _ draw: (Canvas) -> Void) -> Sprite {
        let canvas = Canvas(measurer: measurer, reserving: 8)
        draw(canvas)
        return Sprite(size: size, items: canvas.list.items)
    }

    public static func == (a: Sprite, b: Sprite) -> Bool {
        a.contentHash == b.contentHash && a.size == b.size && a.items == b.items
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(contentHash) }
}

extension DrawItem {
    /// The item as plain items: a sprite's items placed where it draws them, their colors
    /// multiplied by its tint; anything else itself. For readers of a display list (audits,
    /// tests) that look for what is drawn rather than how.
    package var flattened: [DrawItem] {
        guard case .sprite(let sprite, let origin, let tint) = command else { return [self] }
        let place = Transform.translation(origin.x, origin.y).then(transform)
        return sprite.items.flatMap { inner in
            DrawItem(inner.command.tinted(by: tint), transform: inner.transform.then(place)).flattened
        }
    }
}

extension DrawCommand {
    /// The command with its colors multiplied by `tint` (channel by channel, rounded): what
    /// a sprite drawn with that tint shows of it.
    package func tinted(by tint: Color) -> DrawCommand {
        guard tint != .white else { return self }
        func times(_ c: Color) -> Color {
            func m(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((UInt32(a) * UInt32(b) + 127) / 255) }
            return Color(r: m(c.r, tint.r), g: m(c.g, tint.g), b: m(c.b, tint.b), a: m(c.a, tint.a))
        }
        switch self {
        case .fill(let shape, let c): return .fill(shape, times(c))
        case .stroke(let shape, let c, let width): return .stroke(shape, times(c), width: width)
        case .text(let s, let font, let c, let origin, let alignment):
            return .text(s, font: font, color: times(c), origin: origin, alignment: alignment)
        case .image(let ref, let rect, let c): return .image(ref, rect: rect, tint: times(c))
        case .picture(let picture, let rect, let c): return .picture(picture, rect: rect, tint: times(c))
        case .imageSlice(let ref, let source, let insets, let rect, let c):
            return .imageSlice(ref, source: source, insets: insets, rect: rect, tint: times(c))
        case .gradient(let shape, let g): return .gradient(shape, g.withAlpha(Double(tint.a) / 255))
        case .sprite(let s, let origin, let c): return .sprite(s, origin: origin, tint: times(c))
        case .pushClip, .popClip: return self
        }
    }
}

extension Sprite: CustomStringConvertible, CustomDebugStringConvertible {
    /// Its size and items: what it draws, the same in every process (its hash is seeded
    /// per process, so it is left out).
    public var description: String { "Sprite(size: \(size), items: \(items))" }
    public var debugDescription: String { description }
}
