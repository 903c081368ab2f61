import Foundation
import StudioKit

/// How large the window and what it rasterizes may get. The studio is drawn on the CPU
/// into buffers that grow with the window, so both are bounded: the window by a stated
/// side, the studio's raster by a pixel budget, scaled up when the window is larger still.
package enum WindowBounds {
    /// Most screen pixels on either side of the window: `studio run --size` refuses more,
    /// SDL is asked to keep the window within it (`SDL_SetWindowMaximumSize`), and the
    /// studio is never rasterized larger, whatever size a window manager gives the window.
    package static let maxSide = 8192

    /// Most pixels the studio is rasterized at in one frame: four times its logical size
    /// (1440x2560). Rasterizing costs time in proportion to pixels, and a new size also
    /// means its text and images are made again, so a studio filling a larger window is
    /// rasterized at this size and stretched into the window instead.
    static let maxRasterPixels = 4 * 720 * 1280

    /// The size to rasterize the studio at when it covers `width` x `height`
    /// window pixels: that size when it is within `maxSide` and `maxRasterPixels`,
    /// otherwise the largest size of the same proportions that is.
    static func rasterSize(width: Int, height: Int) -> (width: Int, height: Int) {
        guard width > 0, height > 0 else { return (max(width, 1), max(height, 1)) }
        let w = Double(width), h = Double(height)
        let k = min(1, Double(maxSide) / w, Double(maxSide) / h, (Double(maxRasterPixels) / (w * h)).squareRoot())
        return (
            max(1, Int(clamping: (w * k).rounded(k < 1 ? .down : .toNearestOrAwayFromZero))),
            max(1, Int(clamping: (h * k).rounded(k < 1 ? .down : .toNearestOrAwayFromZero)))
        )
    }
}

/// What a window that is being resized rasterizes, frame by frame.
///
/// Every new raster size sets all of the studio's text anew (a font size per scale) and
/// stretches its images again; in a storm of sizes that lasts a frame or two each, that
/// work is never reused and makes the slowest frames. So while sizes change, the studio is
/// rasterized at the size of the last settled frame and stretched into the window, as live
/// resizing in desktop toolkits shows the last crisp frame. Once a size has held for
/// `warmFrom` frames, the frames that follow also prepare the new size's text and images a
/// share at a time (`SDLWindowBackend.render`), and at `settleFrames` the studio is
/// rasterized at exactly the window's size, with little left to make.
struct ResizeSchedule {
    /// Frames a size must last before the studio is rasterized at exactly that size.
    static let settleFrames = 10
    /// Frames a size must last before its text and images are prepared: a size that is
    /// gone after a frame or two is not worth any.
    static let warmFrom = 2

    /// The window size of the last frame, and how many frames in a row had it.
    private(set) var size = (width: 0, height: 0)
    private(set) var framesAtSize = 0
    /// The raster size of the last frame drawn at the window's exact size.
    private(set) var settledRaster: (width: Int, height: Int)?

    /// One frame whose studio area is `width` x `height`: the size to rasterize at, the size
    /// to prepare the caches for (nil when none), and whether this is the first frame at
    /// the exact size after a resize.
    mutating func frame(
        width: Int, height: Int
    ) -> (
        raster: (width: Int, height: Int),
        prepare: (width: Int, height: Int)?, settled: Bool
    ) {
        if (width, height) != size {
            size = (width, height)
            framesAtSize = 0
        } else {
            framesAtSize = min(framesAtSize + 1, Int.max - 1)
        }
        let exact = WindowBounds.rasterSize(width: width, height: height)
        guard let held = settledRaster, framesAtSize < Self.settleFrames, held != exact else {
            let settled = settledRaster.map { $0 != exact } ?? false
            settledRaster = exact
            return (exact, nil, settled)
        }
        return (held, framesAtSize >= Self.warmFrom ? exact : nil, false)
    }
}
