import CSDL2
import StudioKit

extension DisplayListRenderer {
    /// Queues an axis-aligned rect (logical pixels); consecutive rects of one colour go
    /// to SDL in one call. The rect is first cut to the visible area: the pixels are the
    /// same, SDL does less, and huge coordinates never reach its integer conversions.
    func addRect(_ r: Rect, _ color: Color) throws {
        let r = snapped(r.intersection(visibleArea))
        guard !r.isEmpty else { stats.culled += 1; return }
        if pending != .rects(color) {
            try flush()
            pending = .rects(color)
        }
        rects.append(SDL_FRect(x: Float(r.minX), y: Float(r.minY), w: Float(r.width), h: Float(r.height)))
        stats.rects += 1
    }

    /// Makes the pending batch a triangle batch for `texture` (nil: untextured), flushing
    /// anything else first; the caller then appends vertices and indices.
    func beginGeometry(texture: OpaquePointer?) throws {
        if pending != .geometry(texture) {
            try flush()
            pending = .geometry(texture)
        }
    }

    /// Appends a filled convex polygon (logical pixels) to the untextured batch: a quad as
    /// two triangles, anything larger as a fan around its centroid (no slivers).
    func addConvexPolygon(_ points: [SDL_FPoint], _ color: Color) throws {
        let n = points.count
        guard n >= 3 else { return }
        try beginGeometry(texture: nil)
        let c = sdlColor(color)
        let base = Int32(vertices.count)
        if n == 4 {
            for p in points { vertices.append(vertex(p, c)) }
            appendTriangle(base, base + 1, base + 2)
            appendTriangle(base, base + 2, base + 3)
            return
        }
        var sx: Float = 0, sy: Float = 0
        for p in points { sx += p.x; sy += p.y }
        vertices.append(vertex(SDL_FPoint(x: sx / Float(n), y: sy / Float(n)), c))
        for p in points { vertices.append(vertex(p, c)) }
        for i in 0..<Int32(n) {
            appendTriangle(base, base + 1 + i, base + 1 + (i + 1) % Int32(n))
        }
    }

    /// Appends the band between two outlines with the same number of points (a stroke).
    func addRing(outer: [SDL_FPoint], inner: [SDL_FPoint], _ color: Color) throws {
        let n = outer.count
        guard n >= 3, inner.count == n else { return }
        try beginGeometry(texture: nil)
        let c = sdlColor(color)
        let base = Int32(vertices.count)
        for i in 0..<n {
            vertices.append(vertex(outer[i], c))
            vertices.append(vertex(inner[i], c))
        }
        for i in 0..<Int32(n) {
            let j = (i + 1) % Int32(n)
            let oi = base + 2 * i, ii = oi + 1, oj = base + 2 * j, ij = oj + 1
            appendTriangle(oi, oj, ij)
            appendTriangle(oi, ij, ii)
        }
    }

    /// Appends a textured quad: `corners` clockwise from the texture's top-left.
    func addTexturedQuad(_ texture: OpaquePointer, corners: [SDL_FPoint], tint: Color) throws {
        try beginGeometry(texture: texture)
        let c = sdlColor(tint)
        let base = Int32(vertices.count)
        for i in 0..<4 {
            // Texture coordinates of the corners, clockwise: (0,0) (1,0) (1,1) (0,1).
            let uv = SDL_FPoint(x: i == 1 || i == 2 ? 1 : 0, y: i >= 2 ? 1 : 0)
            vertices.append(SDL_Vertex(position: corners[i], color: c, tex_coord: uv))
        }
        appendTriangle(base, base + 1, base + 2)
        appendTriangle(base, base + 2, base + 3)
    }

    /// Hands the pending batch to SDL.
    func flush() throws {
        defer { discardPending() }
        let renderer = target.pointer
        switch pending {
        case .none:
            return
        case .rects(let color):
            try check(SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a), "SDL_SetRenderDrawColor")
            if rects.count == 1 {
                try check(SDL_RenderFillRectF(renderer, &rects[0]), "SDL_RenderFillRectF")
            } else {
                try rects.withUnsafeBufferPointer {
                    try check(SDL_RenderFillRectsF(renderer, $0.baseAddress, Int32($0.count)), "SDL_RenderFillRectsF")
                }
            }
            stats.rectBatches += 1
        case .geometry(let texture):
            if let texture {
                // The vertex colours carry each quad's tint; neutralize the texture's own
                // modulation (left over from copies) so it is not applied twice.
                try check(SDL_SetTextureColorMod(texture, 255, 255, 255), "SDL_SetTextureColorMod")
                try check(SDL_SetTextureAlphaMod(texture, 255), "SDL_SetTextureAlphaMod")
                // A copy may have left an opaque image in copy mode; quads always blend.
                try check(SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND), "SDL_SetTextureBlendMode")
            } else {
                try check(SDL_SetRenderDrawColor(renderer, 255, 255, 255, 255), "SDL_SetRenderDrawColor")
            }
            try vertices.withUnsafeBufferPointer { v in
                try indices.withUnsafeBufferPointer { i in
                    try check(SDL_RenderGeometry(renderer, texture, v.baseAddress, Int32(v.count),
                                                 i.baseAddress, Int32(i.count)), "SDL_RenderGeometry")
                }
            }
            stats.geometryBatches += 1
            stats.triangles += indices.count / 3
        }
        stats.drawCalls += 1
    }

    func discardPending() {
        pending = .none
        rects.removeAll(keepingCapacity: true)
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
    }

    /// `r` with its edges moved to whole device pixels when `pixelSnapping` asks for it.
    func snapped(_ r: Rect) -> Rect {
        guard pixelSnapping != nil else { return r }
        let x0 = snapped(x: r.minX), x1 = snapped(x: r.maxX), y0 = snapped(y: r.minY), y1 = snapped(y: r.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// One coordinate moved to a whole device pixel when snapping is on.
    func snapped(x: Double) -> Double {
        guard let (sx, _) = pixelSnapping else { return x }
        return (x * sx).rounded() / sx
    }

    func snapped(y: Double) -> Double {
        guard let (_, sy) = pixelSnapping else { return y }
        return (y * sy).rounded() / sy
    }

    @inline(__always)
    private func appendTriangle(_ a: Int32, _ b: Int32, _ c: Int32) {
        indices.append(a)
        indices.append(b)
        indices.append(c)
    }

    @inline(__always)
    private func vertex(_ p: SDL_FPoint, _ c: SDL_Color) -> SDL_Vertex {
        SDL_Vertex(position: p, color: c, tex_coord: SDL_FPoint(x: 0, y: 0))
    }

    @inline(__always)
    private func sdlColor(_ c: Color) -> SDL_Color { SDL_Color(r: c.r, g: c.g, b: c.b, a: c.a) }
}
