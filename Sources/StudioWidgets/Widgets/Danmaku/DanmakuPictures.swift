import StudioDomain
import StudioKit

/// The sprites of the lines the band draws: a line and its shadow (or outline) as one
/// picture, which the renderer makes once and copies while the comment scrolls. Kept for as
/// long as a frame draws them: a sprite not drawn in a frame is dropped at the next.
struct DanmakuPictures {
    struct Key: Hashable {
        var text: String
        var font: FontSpec
        var color: Color
        var edge: DanmakuEdge
    }

    /// Room around the text in the picture, for the outline and the shadow's offset.
    static let pad = 2.0

    private var current: [Key: Sprite] = [:]
    private var previous: [Key: Sprite] = [:]

    /// Starts a frame: the sprites the last frame did not draw are dropped.
    mutating func beginFrame() {
        swap(&current, &previous)
        current.removeAll(keepingCapacity: true)
    }

    /// The sprite of `key`, whose text's top-left is at (`pad`, `pad`) in it.
    mutating func sprite(_ key: Key, measurer: TextMeasurer) -> Sprite {
        if let s = current[key] { return s }
        let s = previous[key] ?? Self.make(key, measurer: measurer)
        current[key] = s
        return s
    }

    private static func make(_ key: Key, measurer: TextMeasurer) -> Sprite {
        let size = DanmakuLines.measure(key.text, font: key.font, measurer: measurer)
        let picture = Size(width: size.width.rounded(.up) + 2 * pad + 2, height: size.height.rounded(.up) + 2 * pad + 2)
        return Sprite.drawing(size: picture, measurer: measurer) { canvas in
            let origin = Point(x: pad, y: pad)
            switch key.edge {
            case .shadow:
                DanmakuLines.draw(
                    key.text, font: key.font.silhouette, color: DanmakuWidget.shadow,
                    at: Point(x: origin.x + 2, y: origin.y + 2), in: canvas)
            case .outline:
                for (dx, dy) in [(-1.0, -1.0), (1, -1), (-1, 1), (1, 1)] {
                    DanmakuLines.draw(
                        key.text, font: key.font.silhouette, color: DanmakuWidget.shadow,
                        at: Point(x: origin.x + dx, y: origin.y + dy), in: canvas)
                }
            }
            DanmakuLines.draw(key.text, font: key.font, color: key.color, at: origin, in: canvas)
        }
    }
}
