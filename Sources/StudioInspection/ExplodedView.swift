import StudioKit

/// The five layers of a frame pulled apart, as in a 3D view-debugger: each layer's items
/// drawn on a translucent plate, squashed and sheared so it looks tilted away, the plates
/// stacked bottom (background) to top (float) with the layer's name and level range beside
/// each. The result fits the same 720x1280 logical screen.
package enum ExplodedView {
    /// How a layer's plate is placed: scale, squash, shear and the gap between plates.
    package struct Geometry: Hashable, Sendable {
        package var scale = 0.5
        package var squash = 0.45
        package var shear = 0.35
        package var gap = 225.0
        package var left = 40.0
        package var bottomMargin = 30.0
        package init() {}
    }

    /// The transform that puts layer `kind`'s plate (logical screen coordinates) in place.
    package static func transform(for kind: LayerKind, viewport: Size, geometry g: Geometry = Geometry()) -> Transform {
        let plateHeight = viewport.height * g.scale * g.squash
        let top = viewport.height - g.bottomMargin - plateHeight - Double(kind.rawValue) * g.gap
        let squash = Transform.scale(g.scale, g.scale * g.squash)
        let shear = Transform(a: 1, b: 0, c: g.shear, d: 1, tx: 0, ty: 0)
        return squash.then(shear).then(.translation(g.left, top))
    }

    /// The color of a layer's plate and outline.
    package static func color(for kind: LayerKind) -> Color {
        switch kind {
        case .background: Color(r: 120, g: 144, b: 156)
        case .displayer: Color(r: 66, g: 165, b: 245)
        case .movable: Color(r: 102, g: 187, b: 106)
        case .lite: Color(r: 255, g: 202, b: 40)
        case .float: Color(r: 239, g: 83, b: 80)
        }
    }

    /// `list`'s layers pulled apart; each layer of the result holds its plate, its items and
    /// its label, so the result can be filtered by layer too.
    /// - Complexity: O(items); one transform product per item.
    package static func compose(_ list: DisplayList, viewport: Size, geometry: Geometry = Geometry()) -> DisplayList {
        var out = DisplayList()
        out.reserveCapacity(list.count + 6 * LayerKind.allCases.count + 2)
        let screen = Rect(x: 0, y: 0, width: viewport.width, height: viewport.height)
        out.append(DrawItem(.fill(.rect(screen), Color(r: 24, g: 26, b: 32))))
        out.append(
            DrawItem(
                .text(
                    "exploded view: 5 layers, bottom to top", font: .bold(26), color: .white,
                    origin: Point(x: 24, y: 16), alignment: .left)))
        for kind in LayerKind.allCases {
            let t = transform(for: kind, viewport: viewport, geometry: geometry)
            let tint = color(for: kind)
            out.beginLayer(kind)
            out.append(DrawItem(.fill(.rect(screen), tint.withAlpha(0.22)), transform: t))
            // Items are clipped to their plate: a widget sliding off screen stays on its plate.
            out.append(DrawItem(.pushClip(screen), transform: t))
            for item in list.items(in: kind) {
                out.append(DrawItem(item.command, transform: item.transform.then(t)))
            }
            out.append(DrawItem(.popClip, transform: t))
            out.append(DrawItem(.stroke(.rect(screen), tint, width: 4 / geometry.scale), transform: t))
            let corner = t.apply(Point(x: viewport.width, y: 0))
            let range = kind.levels
            let upper = range.upperBound.isFinite ? InspectionFormat.number(range.upperBound) : "inf"
            out.append(
                DrawItem(
                    .text(
                        kind.name, font: .bold(28), color: tint,
                        origin: Point(x: corner.x + 16, y: corner.y), alignment: .left)))
            out.append(
                DrawItem(
                    .text(
                        "levels [\(InspectionFormat.number(range.lowerBound)), \(upper))  \(list.items(in: kind).count) items",
                        font: .regular(20), color: .white,
                        origin: Point(x: corner.x + 16, y: corner.y + 36), alignment: .left)))
            out.endLayer()
        }
        return out
    }
}
