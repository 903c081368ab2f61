import CSDL2
import StudioKit

extension DisplayListRenderer {
    /// Draws one line of text: `origin` is the top of the line at the alignment anchor.
    /// The cached white texture is tinted with `color` (alpha included).
    func drawText(_ string: String, font: FontSpec, color: Color, origin: Point,
                  alignment: TextAlignment, _ t: Transform) throws {
        guard !string.isEmpty else { stats.culled += 1; return }
        if t.isAxisAligned {
            // A line is never taller than 2 em (DejaVu is about 1.2, Noto CJK 1.45); a line
            // wholly above or below the visible area (a comment scrolled out of its list)
            // is skipped before the cache, so it costs no text rendering.
            let y0 = t.d * origin.y + t.ty, y1 = t.d * (origin.y + 2 * font.size) + t.ty
            let area = visibleArea
            if !(max(y0, y1) > area.minY && min(y0, y1) < area.maxY) { stats.culled += 1; return }
        }
        guard let text = try textCache.texture(for: string, font: font) else { stats.culled += 1; return }
        let w = Double(text.width), h = Double(text.height)
        let x: Double
        switch alignment {
        case .left: x = origin.x
        case .center: x = origin.x - w / 2
        case .right: x = origin.x - w
        }
        try drawTexture(text.texture, in: Rect(x: x, y: origin.y, width: w, height: h), tint: color, t)
    }

    /// Draws an image asset stretched into `rect`, multiplied by `tint`.
    func drawImage(_ ref: ImageRef, in rect: Rect, tint: Color, _ t: Transform) throws {
        guard !rect.isEmpty else { stats.culled += 1; return }
        guard isVisible(t.boundingBox(of: rect)) else { return }
        let image = try imageCache.texture(for: ref)
        try drawTexture(image.texture, in: rect, tint: tint, t, opaque: image.isOpaque && tint.a == 255)
    }

    /// A texture stretched over `rect` (local coordinates). Axis-aligned: one copy, with
    /// mirroring when the transform flips an axis. Otherwise: a textured quad.
    /// `opaque` (an image without alpha, drawn at full alpha) copies instead of blending.
    private func drawTexture(_ texture: OpaquePointer, in rect: Rect, tint: Color, _ t: Transform,
                             opaque: Bool = false) throws {
        guard isVisible(t.boundingBox(of: rect)) else { return }
        guard t.isAxisAligned else {
            outer.removeAll(keepingCapacity: true)
            Contour.rect(rect, t, into: &outer)
            return try addTexturedQuad(texture, corners: outer, tint: tint)
        }
        try flush()
        let renderer = target.pointer
        let r = snapped(t.apply(rect))
        guard !r.isEmpty else { stats.culled += 1; return }
        var dst = SDL_FRect(x: Float(r.minX), y: Float(r.minY), w: Float(r.width), h: Float(r.height))
        try check(SDL_SetTextureColorMod(texture, tint.r, tint.g, tint.b), "SDL_SetTextureColorMod")
        try check(SDL_SetTextureAlphaMod(texture, tint.a), "SDL_SetTextureAlphaMod")
        try check(SDL_SetTextureBlendMode(texture, opaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND),
                  "SDL_SetTextureBlendMode")
        var flip = SDL_FLIP_NONE.rawValue
        if t.a < 0 { flip |= SDL_FLIP_HORIZONTAL.rawValue }
        if t.d < 0 { flip |= SDL_FLIP_VERTICAL.rawValue }
        if flip == SDL_FLIP_NONE.rawValue {
            try check(SDL_RenderCopyF(renderer, texture, nil, &dst), "SDL_RenderCopyF")
        } else {
            try check(SDL_RenderCopyExF(renderer, texture, nil, &dst, 0, nil, SDL_RendererFlip(rawValue: flip)),
                      "SDL_RenderCopyExF")
        }
        stats.textureCopies += 1
        stats.drawCalls += 1
    }
}
