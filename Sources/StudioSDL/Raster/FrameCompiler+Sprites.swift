import StudioKit

extension FrameCompiler {
    /// Compiles a sprite as its cached picture (`SpriteCache`), made at the scale the sprite
    /// is drawn at and placed on whole device pixels: a 1:1 copy when only translated. When
    /// there is no picture (too big, too deep, or the cache full of this frame's pictures),
    /// its items are compiled one by one instead, tinted as the picture would have been.
    ///
    /// - Parameters:
    ///   - transform: the item's own transform (logical pixels); `t` is it then `device`.
    func sprite(
        _ sprite: Sprite, origin: Point, tint: Color, transform: Transform, _ t: Transform,
        device: Transform
    ) throws {
        let rect = Rect(origin: origin, size: sprite.size)
        guard tint.a > 0, !PixelRect.covering(t.boundingBox(of: rect), within: clip).isEmpty else {
            stats.culled += 1
            return
        }
        let scale = abs(t.a * t.d - t.b * t.c).squareRoot()
        if let sprites, scale.isFinite, scale > 0, let picture = try sprites.picture(sprite, scale: scale, slot: Int(itemIndex)) {
            // `place` keeps the picture alive for the frame when it draws it.
            stats.sprites += 1
            let exact = Rect(
                x: origin.x, y: origin.y,
                width: Double(picture.width) / scale, height: Double(picture.height) / scale)
            return place(picture.source, of: picture, in: exact, tint: tint, t)
        }
        stats.spritesDrawnByItem += 1
        let place = Transform.translation(origin.x, origin.y).then(transform)
        let saved = clip
        defer { clip = saved }
        clip = PixelRect.rounding(t.boundingBox(of: rect), within: saved)
        guard !clip.isEmpty else { return }
        for inner in sprite.items {
            try compile(
                DrawItem(inner.command.tinted(by: tint), transform: inner.transform.then(place)),
                device: device, deviceIsIdentity: device.isIdentity)
        }
    }
}
