import StudioKit

/// A backend without a window: renders every frame into an `OffscreenTarget` and takes
/// its input from a queue the caller fills (a scripted replay, a test). For headless runs
/// (`studio run --headless`) and tests; works with no display.
package final class OffscreenBackend: Backend {
    /// The frame buffer frames are rendered into; read pixels or write a PNG from it.
    package let target: OffscreenTarget
    private let measurer: TTFTextMeasurer
    private var queuedInput: [InputEvent] = []
    /// Frames rendered so far.
    package private(set) var framesRendered = 0

    /// - Parameters:
    ///   - fonts: the font library to draw and measure with; one with the default paths
    ///     (and a headless SDL runtime) is made when nil.
    ///   - assetsDirectory: the folder holding `images/<name>.png`.
    ///   - width, height: the surface's pixel size (the studio's 720x1280 by default).
    package init(fonts: FontLibrary? = nil, assetsDirectory: String, width: Int = 720, height: Int = 1280) throws {
        let fonts = try fonts ?? FontLibrary()
        target = try OffscreenTarget(width: width, height: height, fonts: fonts, assetsDirectory: assetsDirectory)
        measurer = TTFTextMeasurer(fonts: fonts)
    }

    package var textMeasurer: TextMeasurer { measurer }

    /// Queues events for the next `pollInput`, in order.
    package func enqueue(_ events: [InputEvent]) {
        queuedInput.append(contentsOf: events)
    }

    /// Returns (and forgets) everything queued since the last call.
    package func pollInput(now: Double) -> [InputEvent] {
        defer { queuedInput.removeAll(keepingCapacity: true) }
        return queuedInput
    }

    package func render(_ list: DisplayList) throws {
        try target.render(list)
        framesRendered += 1
    }

    /// Nothing to show offscreen.
    package func present() throws {}

    /// Writes the last rendered frame as PNG.
    package func screenshot(to path: String) throws {
        try target.writePNG(to: path)
    }
}
