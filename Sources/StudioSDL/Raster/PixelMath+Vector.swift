import CPixelKernels

/// The blends of `PixelMath` over whole rows, through `CPixelKernels`: sixteen pixels at a
/// time with AVX-512, eight with AVX2, four with SSE2, whichever the CPU has, with the same
/// rounding as `scale` and `over`, so the results are the same bit for bit (tests run every
/// path over random pixels).
///
/// Swift compiles a module for x86-64's baseline, where a 32-bit lane multiply has to be
/// pieced together; these rows are most of what a busy frame blends, so they are C, compiled
/// per function for the instructions the CPU has.
///
/// Release builds use them; debug builds keep the scalar forms in the rasterizer, and `make
/// goldens-identical` renders the golden scenes with both builds and compares the bytes.
enum PixelVector {
    /// `src` over `dst`, pixel by pixel, `n` of them. Returns how many source pixels were not
    /// transparent.
    @inline(__always)
    @discardableResult
    static func blendRow(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, _ n: Int) -> Int {
        n > 0 ? lspk_blend_row(dst, src, n) : 0
    }

    /// `color` stored into every pixel of `row` (an opaque fill). Debug builds use it too: a
    /// store has no rounding that a scalar form would have to match.
    @inline(__always)
    static func fill(_ row: UnsafeMutablePointer<UInt32>, _ n: Int, _ color: UInt32) {
        if n > 0 { lspk_fill_row(row, n, color) }
    }

    /// One color over every pixel of `row`.
    @inline(__always)
    static func blendSpan(_ row: UnsafeMutablePointer<UInt32>, _ n: Int, _ color: UInt32) {
        if n > 0 { lspk_blend_span(row, n, color) }
    }

    /// A coverage mask over a row: `color` at each weight (0...255) blended over `dst`. The
    /// same as `put(_:_:_:)` pixel by pixel. Returns how many weights were not zero.
    @inline(__always)
    static func blendMask(
        _ dst: UnsafeMutablePointer<UInt32>, _ weights: UnsafePointer<UInt8>, _ n: Int,
        _ color: UInt32
    ) -> Int {
        n > 0 ? lspk_blend_mask(dst, weights, n, color) : 0
    }
}
