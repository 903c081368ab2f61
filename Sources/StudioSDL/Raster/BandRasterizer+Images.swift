extension BandRasterizer {
    /// An image 1:1 with its top-left pixel at (ix, iy). Opaque and untinted: a row copy.
    mutating func drawImage(
        _ image: ImageSource, _ ix: Int, _ iy: Int, _ tint: Tint,
        _ x0: Int, _ x1: Int, _ rows: Range<Int>
    ) {
        let n = x1 - x0
        for y in rows {
            let source = image.pixels + (y - iy) * image.stride + (x0 - ix)
            let row = pixels + y * stride + x0
            if tint.kind == .identity {
                if image.isOpaque, opaqueFastPath {
                    row.update(from: source, count: n)
                    written += n
                } else {
                    #if DEBUG
                    for i in 0..<n { put(row + i, source[i]) }
                    #else
                    written += PixelVector.blendRow(row, source, n)
                    #endif
                }
            } else {
                for i in 0..<n { put(row + i, tint.apply(source[i])) }
            }
        }
    }

    /// An image stretched over `dest` (whole pixels, axis-aligned): bilinear, with the
    /// edge texels repeated so the stretched image fills `dest` exactly.
    mutating func drawScaledImage(
        _ image: ImageSource, _ dest: PixelRect, _ tint: Tint,
        _ x0: Int, _ x1: Int, _ rows: Range<Int>
    ) {
        let stretch = BilinearStretch(image, width: dest.width, height: dest.height)
        let columns = scratch.columns, n = x1 - x0
        // Source positions per column, once per op and band rather than per pixel.
        for i in 0..<n { columns[i] = stretch.column(x0 + i - dest.x0) }
        for y in rows {
            let source = stretch.rows(y - dest.y0)
            let row = pixels + y * stride + x0
            for i in 0..<n { put(row + i, tint.apply(stretch.sample(source, column: columns[i]))) }
        }
    }

    /// An image through any transform: each pixel's centre mapped back into the image and
    /// sampled bilinearly, transparent outside it (so rotated images get soft edges).
    mutating func drawTransformedImage(
        _ image: ImageSource, _ m: InverseMap, _ tint: Tint,
        _ x0: Int, _ x1: Int, _ rows: Range<Int>
    ) {
        let w = image.width, h = image.height, rowStep = image.stride
        @inline(__always) func at(_ x: Int, _ y: Int) -> UInt32 {
            UInt(bitPattern: x) < UInt(w) && UInt(bitPattern: y) < UInt(h) ? image.pixels[y * rowStep + x] : 0
        }
        Self.forEachTransformedTexel(
            m, w, h, x0, x1, rows, pixels: pixels, stride: stride, columns: scratch.columns
        ) { dst, sx, sy, wx, wy in
            let top = PixelMath.lerp(at(sx, sy), at(sx + 1, sy), wx)
            let bottom = PixelMath.lerp(at(sx, sy + 1), at(sx + 1, sy + 1), wx)
            put(dst, tint.apply(PixelMath.lerp(top, bottom, wy)))
        }
    }
}
