import StudioKit

extension OffscreenTarget {
    /// The smallest box, in pixels, holding every pixel that is not fully transparent; nil
    /// when the frame is empty. What a widget drawn alone on a transparent frame covers: its
    /// frame may say less (a shadow, a glow, text that overflows).
    package func drawnBounds() -> Rect? {
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for y in 0..<height {
            let row = frame.pixels + y * width
            for x in 0..<width where row[x] >> 24 != 0 {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
            }
        }
        guard minX <= maxX else { return nil }
        return Rect(x: Double(minX), y: Double(minY), width: Double(maxX - minX + 1), height: Double(maxY - minY + 1))
    }

    /// The part `rect` (whole pixels, clamped to the frame) of this frame, each pixel
    /// repeated `scale` times across and down: a small widget shown larger keeps its
    /// pixels sharp, as a design tool's zoom does.
    /// - Throws: `SDLError.invalidSize` when the result would be empty or too large.
    package func cropped(to rect: Rect, scale: Int = 1, fonts: FontLibrary) throws -> OffscreenTarget {
        let x0 = max(0, Int(clamping: rect.minX.rounded(.down))), y0 = max(0, Int(clamping: rect.minY.rounded(.down)))
        let x1 = min(width, Int(clamping: rect.maxX.rounded(.up))), y1 = min(height, Int(clamping: rect.maxY.rounded(.up)))
        let s = max(1, scale)
        let w = max(0, x1 - x0), h = max(0, y1 - y0)
        let out = try OffscreenTarget(
            width: w * s, height: h * s, logicalSize: Size(width: Double(w * s), height: Double(h * s)), fonts: fonts,
            // The crop is pixels already: it is written, never rendered into, so it reads no asset.
            assetsDirectory: "/nonexistent", background: background)
        for y in 0..<(h * s) {
            let source = frame.pixels + (y0 + y / s) * width + x0
            let target = out.frame.pixels + y * w * s
            for x in 0..<(w * s) { target[x] = source[x / s] }
        }
        return out
    }

    /// Where a widget shows, in whole studio pixels: `frame` (its box on screen) and whatever
    /// `list`, the widget drawn alone, covers past it, within the studio.
    package static func widgetCrop(frame: Rect, drawing list: DisplayList, fonts: FontLibrary, assets: String) throws -> Rect {
        try OffscreenTarget(fonts: fonts, assetsDirectory: assets, background: .clear).widgetCrop(frame: frame, drawing: list)
    }

    /// `widgetCrop(frame:drawing:fonts:assets:)` rendered into this target, which must be a
    /// transparent 720x1280 one: a tool that crops widget after widget reuses one frame.
    package func widgetCrop(frame: Rect, drawing list: DisplayList) throws -> Rect {
        precondition(hasAlpha, "a widget crop finds what the widget covers on a transparent frame")
        try render(list)
        var box = frame
        if let drawn = drawnBounds() { box = box.union(drawn) }
        let x0 = max(0, box.minX.rounded(.down)), y0 = max(0, box.minY.rounded(.down))
        let x1 = min(Size.studio.width, box.maxX.rounded(.up)), y1 = min(Size.studio.height, box.maxY.rounded(.up))
        return Rect(x: x0, y: y0, width: max(1, x1 - x0), height: max(1, y1 - y0))
    }
}
