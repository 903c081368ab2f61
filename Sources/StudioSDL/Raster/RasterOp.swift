/// One drawing operation compiled for the bands: device pixels, premultiplied colors,
/// clip already applied. `area` is every pixel the op may touch (its bounds cut to the
/// clip), so a band skips an op with two integer comparisons.
///
/// Ops hold raw pointers into cached masks and images; the compiler keeps those objects
/// alive until the next frame is compiled, so the pointers stay valid while bands run.
struct RasterOp {
    var area: PixelRect
    var kind: Kind
    /// What this op paints, as a hash of the draw item it came from, its place among that
    /// item's ops and `area`: two frames whose ops over a tile hash alike paint it alike
    /// (`LayerCompositor` re-rasterizes only tiles whose hashes changed).
    var hash: UInt64 = 0
    /// Whether the op paints every pixel of `area` opaquely (an opaque rect or image): what
    /// it covers needs no clearing, and what is under it no drawing.
    var isOpaque = false
    /// The index of the display-list item it came from (to name it when a check fails).
    var item: Int32 = 0

    enum Kind {
        /// Fill all of `area` with a premultiplied color.
        case fill(UInt32)
        /// `kept`: its rows worked out in an earlier frame, when the compiler's cache holds
        /// them.
        case roundBox(RoundBox, UInt32, kept: RoundBoxRows?)
        /// The outer box minus the inner one: strokes of rounded rects and circles.
        case ring(outer: RoundBox, inner: RoundBox, UInt32)
        /// A polygon with anti-aliased edges: `edges` index the frame's edge list.
        case polygon(edges: Range<Int>, UInt32)
        /// A text mask drawn 1:1 with its top-left pixel at (x, y).
        case mask(MaskSource, x: Int, y: Int, UInt32)
        /// A text mask under any other transform; `inverse` maps device points to mask pixels.
        case transformedMask(MaskSource, inverse: InverseMap, UInt32)
        /// An image drawn 1:1 with its top-left pixel at (x, y).
        case image(ImageSource, x: Int, y: Int, Tint)
        /// An image stretched over the whole-pixel rect `dest` (axis-aligned, not flipped).
        case scaledImage(ImageSource, dest: PixelRect, Tint)
        /// An image under any other transform.
        case transformedImage(ImageSource, inverse: InverseMap, Tint)
    }
}

/// An 8-bit coverage mask (a rendered line of text), borrowed from a `TextMask`.
struct MaskSource {
    var pixels: UnsafePointer<UInt8>
    var width: Int
    var height: Int
}

/// Premultiplied pixels of an image, borrowed from a `RasterImage`: all of it, or a
/// rectangle of it (`part`), whose rows lie `stride` pixels apart.
struct ImageSource {
    var pixels: UnsafePointer<UInt32>
    var width: Int
    var height: Int
    var stride: Int
    var isOpaque: Bool

    /// The pixels of the whole-pixel rectangle at (x, y), `width` x `height`, which must lie
    /// inside this image: a view sharing its pixels, sampled as an image of its own (its
    /// edge texels repeated, so nothing outside it bleeds in when it is stretched).
    func part(x: Int, y: Int, width: Int, height: Int) -> ImageSource {
        ImageSource(pixels: pixels + y * stride + x, width: width, height: height, stride: stride, isOpaque: isOpaque)
    }
}

/// Device pixel centre -> source pixel coordinates, offset so that integer results are
/// texel centres (the bilinear sampler's convention): `u = a*x + c*y + tx`, `v = b*x + d*y + ty`.
struct InverseMap {
    var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double
}

/// A color multiplied into image pixels. Split by kind so the common untinted image
/// costs nothing per pixel.
struct Tint {
    enum Kind { case identity, alpha, color }
    let kind: Kind
    /// Premultiplied factors: color channels times alpha, each 0...255.
    let r: UInt32, g: UInt32, b: UInt32, a: UInt32

    init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) {
        let a32 = UInt32(a)
        self.a = a32
        self.r = PixelMath.mul(UInt32(r), a32)
        self.g = PixelMath.mul(UInt32(g), a32)
        self.b = PixelMath.mul(UInt32(b), a32)
        if r == 255, g == 255, b == 255 {
            kind = a == 255 ? .identity : .alpha
        } else {
            kind = .color
        }
    }

    /// `p` (premultiplied) multiplied by the tint.
    @inline(__always)
    func apply(_ p: UInt32) -> UInt32 {
        switch kind {
        case .identity: return p
        case .alpha: return PixelMath.scale(p, a)
        case .color:
            return PixelMath.mul(p >> 24, a) << 24 | PixelMath.mul((p >> 16) & 0xFF, r) << 16
                | PixelMath.mul((p >> 8) & 0xFF, g) << 8 | PixelMath.mul(p & 0xFF, b)
        }
    }
}
