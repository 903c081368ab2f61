import CSDL2

extension TextMask {
    /// Puts the alpha of `height` rows of ARGB pixels (`stride` pixels apart) at (x, y),
    /// keeping the larger coverage where runs touch; what falls outside the mask is cut.
    func blitAlpha(of source: UnsafePointer<UInt32>, width: Int, height: Int, stride: Int, x: Int, y: Int) {
        let rows = max(0, -y)..<min(height, self.height - y)
        let columns = max(0, -x)..<min(width, self.width - x)
        guard !rows.isEmpty, !columns.isEmpty else { return }
        for row in rows {
            let from = source + row * stride, to = pixels + (y + row) * self.width + x
            for column in columns {
                let alpha = UInt8(truncatingIfNeeded: from[column] >> 24)
                if alpha > to[column] { to[column] = alpha }
            }
        }
    }

    /// Composites premultiplied pixels (`width` a row) over the color layer at (x, y),
    /// making the layer on first use.
    func placeColor(_ source: UnsafePointer<UInt32>, width: Int, height: Int, x: Int, y: Int) {
        let layer =
            colorLayer
            ?? {
                let pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: self.width * self.height)
                pixels.initialize(repeating: 0, count: self.width * self.height)
                let made = RasterImage(width: self.width, height: self.height, pixels: pixels, isOpaque: false)
                colorLayer = made
                return made
            }()
        let rows = max(0, -y)..<min(height, self.height - y)
        let columns = max(0, -x)..<min(width, self.width - x)
        guard !rows.isEmpty, !columns.isEmpty else { return }
        for row in rows {
            let from = source + row * width, to = layer.pixels + (y + row) * self.width + x
            for column in columns { to[column] = PixelMath.over(from[column], to[column]) }
        }
    }
}

/// Scales color glyphs from their bitmap strike to the line, by area averaging: each pixel
/// of the result is the mean of the strike's pixels under it, weighted by how much of each it
/// covers, in premultiplied alpha and integer arithmetic, so the same glyph gives the same
/// bytes in every build (a mean, unlike a nearest or bilinear sample, keeps a glyph shrunk
/// four times smooth instead of aliased).
enum EmojiScaler {
    /// The ARGB (straight alpha) `surface` scaled to `width` x `height`, premultiplied; the
    /// caller deallocates it.
    ///
    /// - Complexity: O(result pixels × the source pixels under each); memory for one row of
    ///   the result per source row under it, never the whole source at once.
    static func scaled(_ surface: UnsafeMutablePointer<SDL_Surface>, width: Int, height: Int) -> UnsafeMutablePointer<UInt32> {
        let sw = Int(surface.pointee.w), sh = Int(surface.pointee.h)
        let columns = weights(from: sw, to: width), rows = weights(from: sh, to: height)
        let whole = UInt64(sw * sh)
        let out = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
        SDL_LockSurface(surface)
        defer { SDL_UnlockSurface(surface) }
        let base = UnsafeRawPointer(surface.pointee.pixels!), pitch = Int(surface.pointee.pitch)
        // One source row averaged across: premultiplied alpha, red, green, blue for each
        // result column, each a sum over `sw` units of weight.
        var across = [UInt64](repeating: 0, count: width * 4)
        var sums = [UInt64](repeating: 0, count: width * 4)
        for y in 0..<height {
            for k in sums.indices { sums[k] = 0 }
            for (j, rowWeight) in rows[y] {
                let row = (base + j * pitch).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    var a: UInt64 = 0, r: UInt64 = 0, g: UInt64 = 0, b: UInt64 = 0
                    for (i, w) in columns[x] {
                        let p = row[i], alpha = UInt64(p >> 24), weight = UInt64(w)
                        a += weight * alpha
                        r += weight * ((UInt64(p >> 16 & 0xFF) * alpha + 127) / 255)
                        g += weight * ((UInt64(p >> 8 & 0xFF) * alpha + 127) / 255)
                        b += weight * ((UInt64(p & 0xFF) * alpha + 127) / 255)
                    }
                    across[x * 4] = a
                    across[x * 4 + 1] = r
                    across[x * 4 + 2] = g
                    across[x * 4 + 3] = b
                }
                // Then down: over `sh` units more, so each channel is divided by sw * sh.
                for k in sums.indices { sums[k] += UInt64(rowWeight) * across[k] }
            }
            func mean(_ v: UInt64) -> UInt32 { UInt32((v + whole / 2) / whole) }
            for x in 0..<width {
                out[y * width + x] =
                    mean(sums[x * 4]) << 24 | mean(sums[x * 4 + 1]) << 16
                    | mean(sums[x * 4 + 2]) << 8 | mean(sums[x * 4 + 3])
            }
        }
        return out
    }

    /// For each of `to` result pixels, the source pixels under it and how much of each, in
    /// units where a source pixel is `to` long and a result pixel `from` long (integers, and
    /// each result pixel's weights add up to `from`).
    static func weights(from: Int, to: Int) -> [[(index: Int, weight: UInt32)]] {
        (0..<to).map { x in
            let low = x * from, high = (x + 1) * from
            var out: [(Int, UInt32)] = []
            var i = low / to
            while i * to < high {
                let overlap = min(high, (i + 1) * to) - max(low, i * to)
                if overlap > 0 { out.append((i, UInt32(overlap))) }
                i += 1
            }
            return out
        }
    }
}
