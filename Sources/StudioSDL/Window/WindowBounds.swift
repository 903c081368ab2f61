import Foundation
import StudioKit

/// How large the window and what it rasterizes may get. The studio is drawn on the CPU
/// into buffers that grow with the window, so both are bounded: the window by a stated
/// side, the studio's raster by a pixel budget, scaled up when the window is larger still.
public enum WindowBounds {
    /// Most screen pixels on either side of the window: `studio run --size` refuses more,
    /// SDL is asked to keep the window within it (`SDL_SetWindowMaximumSize`), and the
    /// studio is never rasterized larger, whatever size a window manager gives the window.
    public static let maxSide = 8192

    /// Most pixels the studio is rasterized at in one frame: four times its logical size
    /// (1440x2560). Rasterizing costs time in proportion to pixels, and a new size also
    /// means its text and images are made again, so a studio filling a larger window is
    /// rasterized at this size and stretched into the window instead.
    static let maxRasterPixels = 4 * 720 * 1280

    /// Scale steps per doubling while the window is being resized (see `rasterSize`).
    static let stepsPerOctave = 4.0

    /// The size to rasterize the studio (`logical`) at when it covers `width` x `height`
    /// window pixels: that size when it is within `maxSide` and `maxRasterPixels`,
    /// otherwise the largest size of the same proportions that is.
    ///
    /// While the window is being resized (`resizing`), the scale is rounded up to a step of
    /// a ladder (each step 2^(1/4) above the last) and the raster is stretched down into the
    /// area by at most 16%: a storm of sizes then reuses the text masks and stretched images
    /// of a few scales, where every exact size would set all its text anew.
    static func rasterSize(width: Int, height: Int, logical: Size, resizing: Bool) -> (width: Int, height: Int) {
        guard width > 0, height > 0 else { return (max(width, 1), max(height, 1)) }
        var w = Double(width), h = Double(height)
        if resizing, logical.width > 0, logical.height > 0 {
            let scale = min(w / logical.width, h / logical.height)
            let stepped = exp2((log2(scale) * stepsPerOctave - 1e-9).rounded(.up) / stepsPerOctave)
            if stepped.isFinite, stepped > 0 { (w, h) = (logical.width * stepped, logical.height * stepped) }
        }
        let k = min(1, Double(maxSide) / w, Double(maxSide) / h, (Double(maxRasterPixels) / (w * h)).squareRoot())
        return (max(1, Int(clamping: (w * k).rounded(k < 1 ? .down : .toNearestOrAwayFromZero))),
                max(1, Int(clamping: (h * k).rounded(k < 1 ? .down : .toNearestOrAwayFromZero))))
    }
}
