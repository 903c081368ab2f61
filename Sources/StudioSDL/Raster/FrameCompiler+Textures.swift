import StudioKit

extension FrameCompiler {
    /// Compiles one line of text: `origin` is the top of the line at the alignment anchor.
    /// Under a pure translation the mask is drawn 1:1 at a whole pixel. When only the device
    /// scales (`deviceScaleOnly`: a window of another size, the item itself just translated)
    /// the line is set at the scaled font size and drawn 1:1 too, as a high-DPI toolkit does:
    /// crisper than resampling the 1x mask, and as cheap as an unscaled blit (widths may
    /// differ from `scale` times the 1x width by a pixel, since fonts hint each size).
    /// Otherwise, text a widget itself scales or rotates included (an animated scale must not
    /// jump between hinted sizes), the mask is resampled through the inverse transform.
    func text(
        _ string: String, font: FontSpec, color: Color, origin: Point, alignment: TextAlignment,
        _ t: Transform, deviceScaleOnly: Bool = false
    ) throws {
        guard !string.isEmpty, color.a > 0 else {
            stats.culled += 1
            return
        }
        // A line wholly above or below the clip (a comment scrolled out of its list) is
        // skipped before the cache, so it costs no text rendering.
        if isOutsideClip(lineAt: origin, font: font, t) {
            stats.culled += 1
            return
        }
        let setScaled = deviceScaleOnly && t.b == 0 && t.c == 0 && t.a == t.d && t.a > 0 && t.a != 1
        let maskFont = setScaled ? FontSpec(size: font.size * t.a, weight: font.weight, isSilhouette: font.isSilhouette) : font
        if let allowance = newTextAllowance, !textCache.contains(string, font: maskFont) {
            guard allowance > 0 else {
                stats.culled += 1
                return
            }
            newTextAllowance = allowance - 1
        }
        guard let mask = try textCache.mask(for: string, font: maskFont) else {
            stats.culled += 1
            return
        }
        let w = Double(mask.width)
        func left(of anchor: Double) -> Double {
            switch alignment {
            case .left: anchor
            case .center: anchor - w / 2
            case .right: anchor - w
            }
        }
        let paint = PixelMath.premultiplied(color)
        // Color glyphs keep their colors; the text's alpha fades them with the rest.
        let glyphTint = Tint(255, 255, 255, color.a)
        if setScaled {
            let anchor = t.apply(origin)
            return appendMask(mask, x: left(of: anchor.x), y: anchor.y, paint, glyphTint)
        }
        let x = left(of: origin.x)
        if t.isTranslation { return appendMask(mask, x: x + t.tx, y: origin.y + t.ty, paint, glyphTint) }
        appendTransformedMask(mask, x: x, y: origin.y, t, paint, glyphTint)
    }

    /// Whether a line of `font` whose top is at `origin` lies wholly above or below the clip
    /// under `t`; false when `t` rotates or skews, which this does not judge.
    private func isOutsideClip(lineAt origin: Point, font: FontSpec, _ t: Transform) -> Bool {
        guard t.b == 0, t.c == 0 else { return false }
        // A line is never taller than 2 em (DejaVu is about 1.2, Noto CJK 1.45).
        let ya = t.d * origin.y + t.ty, yb = t.d * (origin.y + 2 * font.size) + t.ty
        return !(max(ya, yb) > Double(clip.y0) && min(ya, yb) < Double(clip.y1))
    }

    /// A mask (and its color glyphs) with its top left at (x, y) before `t`, resampled
    /// through the inverse transform.
    private func appendTransformedMask(_ mask: TextMask, x: Double, y: Double, _ t: Transform, _ paint: UInt32, _ glyphTint: Tint) {
        let m = Transform.translation(x, y).then(t)
        guard let inverse = Self.inverseMap(m) else {
            stats.culled += 1
            return
        }
        let size = Rect(x: 0, y: 0, width: Double(mask.width), height: Double(mask.height))
        let area = PixelRect.covering(m.boundingBox(of: size), within: clip)
        guard !area.isEmpty else {
            stats.culled += 1
            return
        }
        retain(mask)
        stats.transformedTexts += 1
        if mask.hasCoverage { append(area, .transformedMask(mask.source, inverse: inverse, paint)) }
        if let layer = mask.colorLayer { append(area, .transformedImage(layer.source, inverse: inverse, glyphTint)) }
    }

    /// A mask (and its color glyphs) drawn 1:1 with its top left at the whole device pixel
    /// nearest (x, y).
    private func appendMask(_ mask: TextMask, x: Double, y: Double, _ paint: UInt32, _ glyphTint: Tint) {
        let dx = x.rounded(), dy = y.rounded()
        let area = PixelRect.rounding(
            Rect(x: dx, y: dy, width: Double(mask.width), height: Double(mask.height)),
            within: clip)
        guard !area.isEmpty else {
            stats.culled += 1
            return
        }
        retain(mask)
        stats.texts += 1
        // The area is non-empty, so dx and dy are within a mask's size of the clip: small
        // enough for Int.
        if mask.hasCoverage { append(area, .mask(mask.source, x: Int(dx), y: Int(dy), paint)) }
        if let layer = mask.colorLayer { append(area, .image(layer.source, x: Int(dx), y: Int(dy), glyphTint)) }
    }

    /// Compiles an image stretched into `rect`, multiplied by `tint`. Axis-aligned and
    /// not mirrored: 1:1 when the snapped device rect has the image's size (the cover),
    /// else a bilinear stretch; anything else is resampled through the inverse transform.
    ///
    /// When only the device scales (`deviceScaleOnly`: a window of another size, the item
    /// itself just translated), a stretch whose size holds from frame to frame is made once
    /// by the image cache and then drawn 1:1: the same pixels, without resampling each frame.
    ///
    /// An image whose file cannot be used is drawn as `placeholder(in:tint:_:)`; the cache
    /// has warned about it and remembers the failure, so it is not read again.
    func image(_ ref: ImageRef, in rect: Rect, tint: Color, _ t: Transform, deviceScaleOnly: Bool = false) {
        guard !rect.isEmpty, tint.a > 0 else {
            stats.culled += 1
            return
        }
        guard !PixelRect.covering(t.boundingBox(of: rect), within: clip).isEmpty else {
            stats.culled += 1
            return
        }
        guard let image = imageCache.drawable(ref) else { return placeholder(in: rect, tint: tint, t) }
        place(image.source, of: image, in: rect, tint: tint, t, cachedStretch: deviceScaleOnly ? ref : nil)
    }

    /// Compiles `source` (all or part of `image`) stretched into `rect`, as `image(_:in:...)`
    /// describes; `cachedStretch` names the image when a stretch may be made once by the
    /// cache (only for a whole image).
    func place(
        _ source: ImageSource, of image: AnyObject, in rect: Rect, tint: Color, _ t: Transform,
        cachedStretch ref: ImageRef? = nil
    ) {
        guard source.width > 0, source.height > 0 else {
            stats.culled += 1
            return
        }
        let tinted = Tint(tint.r, tint.g, tint.b, tint.a)
        let opaque = source.isOpaque && tint.a == 255
        if t.b == 0, t.c == 0, t.a > 0, t.d > 0 {
            let d = t.boundingBox(of: rect)
            let x0 = d.minX.rounded(), y0 = d.minY.rounded(), x1 = d.maxX.rounded(), y1 = d.maxY.rounded()
            guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x1 > x0, y1 > y0 else {
                stats.culled += 1
                return
            }
            let dest = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            let area = PixelRect.rounding(dest, within: clip)
            guard !area.isEmpty else {
                stats.culled += 1
                return
            }
            retain(image)
            if dest.width == Double(source.width), dest.height == Double(source.height) {
                stats.images += 1
                return append(area, .image(source, x: Int(x0), y: Int(y0), tinted), coversOpaquely: opaque)
            }
            if let ref, let image = image as? RasterImage,
                let made = imageCache.stretched(ref, image, width: Int(dest.width), height: Int(dest.height))
            {
                retain(made)
                stats.images += 1
                return append(area, .image(made.source, x: Int(x0), y: Int(y0), tinted), coversOpaquely: opaque)
            }
            // A destination bigger than Int32 pixels cannot be on screen with a non-empty
            // area, but its edges still have to fit the op: clamp them generously.
            let limit = Double(Int32.max)
            let whole = PixelRect(
                x0: Int(max(x0, -limit)), y0: Int(max(y0, -limit)),
                x1: Int(min(x1, limit)), y1: Int(min(y1, limit)))
            stats.scaledImages += 1
            return append(area, .scaledImage(source, dest: whole, tinted), coversOpaquely: opaque)
        }
        let m = Transform.scale(rect.width / Double(source.width), rect.height / Double(source.height))
            .then(.translation(rect.minX, rect.minY)).then(t)
        guard let inverse = Self.inverseMap(m) else {
            stats.culled += 1
            return
        }
        let bounds = m.boundingBox(of: Rect(x: 0, y: 0, width: Double(source.width), height: Double(source.height)))
        let area = PixelRect.covering(bounds, within: clip)
        guard !area.isEmpty else {
            stats.culled += 1
            return
        }
        retain(image)
        stats.transformedImages += 1
        append(area, .transformedImage(source, inverse: inverse, tinted))
    }

    /// Compiles a picture made at run time (a video frame) stretched into `rect`, as an image
    /// is; it is sampled where it lies, never copied or cached, since the next frame
    /// brings the next picture.
    func picture(_ picture: Picture, in rect: Rect, tint: Color, _ t: Transform) {
        guard !rect.isEmpty, tint.a > 0 else {
            stats.culled += 1
            return
        }
        let source = ImageSource(
            pixels: UnsafePointer(picture.pixels), width: picture.width, height: picture.height,
            stride: picture.width, isOpaque: picture.isOpaque)
        place(source, of: picture, in: rect, tint: tint, t)
    }

    /// Where an image cannot be drawn: neutral grey with a darker diagonal cross, so that
    /// a missing picture shows as missing instead of as whatever lies below. Only the tint's
    /// alpha applies (a fading image fades its placeholder too).
    ///
    /// - Complexity: one rect fill and two line polygons.
    func placeholder(in rect: Rect, tint: Color, _ t: Transform) {
        let line = max(1, min(rect.width, rect.height) / 50)
        fill(.rect(rect), Color(r: 128, g: 128, b: 128, a: tint.a), t)
        let cross = Color(r: 88, g: 88, b: 88, a: tint.a)
        fill(.line(from: Point(x: rect.minX, y: rect.minY), to: Point(x: rect.maxX, y: rect.maxY), width: line), cross, t)
        fill(.line(from: Point(x: rect.maxX, y: rect.minY), to: Point(x: rect.minX, y: rect.maxY), width: line), cross, t)
    }

    /// The map from a device pixel's centre to the source texel grid (integers at texel
    /// centres) for a source drawn through `m`; nil when `m` is singular.
    static func inverseMap(_ m: Transform) -> InverseMap? {
        guard let inv = m.inverted else { return nil }
        // u = inv(x + 0.5, y + 0.5).x - 0.5, folded into the translation.
        return InverseMap(
            a: inv.a, b: inv.b, c: inv.c, d: inv.d,
            tx: inv.a * 0.5 + inv.c * 0.5 + inv.tx - 0.5,
            ty: inv.b * 0.5 + inv.d * 0.5 + inv.ty - 0.5)
    }
}
