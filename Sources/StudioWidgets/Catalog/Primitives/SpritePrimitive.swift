import StudioDomain
import StudioKit

/// Frame animation from a sprite sheet: frames of `frameWidth` x `frameHeight` image pixels,
/// laid out left to right in rows of `columns`, shown at `fps` over the frame. Driven by
/// the studio's fixed steps (the simulated time the widget has been updated), so a run
/// repeats exactly; a concealed sprite does not update and so holds its frame.
///
/// Options (with the shared ones, see `PrimitiveWidget`): `image` (required), `frameWidth`
/// and `frameHeight` (required, 1...4096), `frameCount` (required, 1...1000), `columns`
/// (1...1000, default `frameCount`: one row), `fps` (0.1...120, default 12), `loop`
/// (default true; false holds the last frame).
public final class SpritePrimitive: PrimitiveWidget, CatalogWidget {
    public static let catalogName = "sprite"
    public static var defaultLevel: Double { Levels.activityIcon }
    public static var takesID: Bool { true }

    public let image: ImageRef
    package let frameSize: Size
    public let frameCount: Int
    public let columns: Int
    public let fps: Double
    package let loops: Bool
    /// Simulated seconds of updates so far.
    package private(set) var elapsed = 0.0

    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
        try SpritePrimitive(level: level, options: options)
    }

    init(level: Double, options: WidgetOptions) throws {
        image = try ImagePrimitive.imageName(options)
        func required(_ key: String, _ range: ClosedRange<Int>) throws -> Int {
            let value = try options.int(key, default: Int.min, in: nil)
            guard value != Int.min else {
                throw options.error(key, "is required: a whole number, \(range.lowerBound)...\(range.upperBound)")
            }
            guard range.contains(value) else {
                throw options.error(key, "must be between \(range.lowerBound) and \(range.upperBound) (got \(value))")
            }
            return value
        }
        frameSize = Size(width: Double(try required("frameWidth", 1...4096)), height: Double(try required("frameHeight", 1...4096)))
        frameCount = try required("frameCount", 1...1000)
        columns = try options.int("columns", default: frameCount, in: 1...1000)
        fps = try options.double("fps", default: 12, in: 0.1...120)
        loops = try options.bool("loop", default: true)
        try super.init(name: options.id ?? Self.catalogName, level: level, options: options)
    }

    /// The frame shown now, 0..<frameCount.
    package var frameIndex: Int {
        // Steps of 1/60 s add up a hair short of a frame's boundary (six make 0.0999...):
        // the nudge keeps a frame due at a step's time shown at that step.
        let shown = Int(clamping: (elapsed * fps + 1e-9).rounded(.down))
        return loops ? shown % frameCount : min(shown, frameCount - 1)
    }

    /// The part of the sheet the frame at `index` is, in image pixels.
    package func source(ofFrame index: Int) -> Rect {
        Rect(
            x: Double(index % columns) * frameSize.width, y: Double(index / columns) * frameSize.height,
            width: frameSize.width, height: frameSize.height)
    }

    public override func update(_ step: FrameStep) {
        elapsed += step.dt
    }

    public override func draw(in canvas: Canvas) {
        canvas.image(image, source: source(ofFrame: frameIndex), in: bounds)
    }
}
