import StudioKit

/// Where the logical studio lands in a container of another size: scaled uniformly to fit,
/// centred on whole pixels, the rest left as bars (what SDL's logical size does). The
/// rasterizer draws into it, and window input is mapped back through it.
struct Letterbox: Equatable {
    let logicalSize: Size
    /// The area the studio covers, in container pixels.
    let rect: PixelRect
    /// Container pixels per logical pixel.
    let scale: Double

    init(logicalSize: Size, containerWidth width: Int, height: Int) {
        self.logicalSize = logicalSize
        let w = Double(width), h = Double(height)
        let s = min(w / logicalSize.width, h / logicalSize.height)
        guard !(w == logicalSize.width && h == logicalSize.height), s.isFinite, s > 0 else {
            rect = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
            scale = 1
            return
        }
        let vw = min((logicalSize.width * s).rounded(), w), vh = min((logicalSize.height * s).rounded(), h)
        let ox = ((w - vw) / 2).rounded(.down), oy = ((h - vh) / 2).rounded(.down)
        rect = PixelRect(x0: Int(clamping: ox), y0: Int(clamping: oy), x1: Int(clamping: ox + vw), y1: Int(clamping: oy + vh))
        scale = s
    }

    /// Logical pixels to container pixels.
    var transform: Transform {
        scale == 1 && rect.x0 == 0 && rect.y0 == 0
            ? .identity
            : Transform.scale(scale, scale).then(.translation(Double(rect.x0), Double(rect.y0)))
    }

    /// A container position in logical pixels (outside the studio when it is on a bar).
    func toLogical(_ p: Point) -> Point {
        Point(x: (p.x - Double(rect.x0)) / scale, y: (p.y - Double(rect.y0)) / scale)
    }
}
