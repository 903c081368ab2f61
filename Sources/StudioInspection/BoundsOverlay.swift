import StudioKit

/// Every widget's frame drawn over the room with its name and level: solid outlines in the
/// layer's color for widgets that take touches, dashed grey-violet outlines for
/// gesture-penetrating ones (touches pass through them).
package enum BoundsOverlay {
    /// The outline color of widgets that let touches through.
    package static let penetratingColor = Color(r: 200, g: 160, b: 255)

    /// Appends the outlines and labels of `studio`'s visible widgets to `canvas` (in screen
    /// coordinates: call with the canvas at its identity transform).
    /// - Parameter highlight: a widget to outline thicker (the one under the pointer).
    /// - Complexity: O(widgets) items; a few hundred per frame while the overlay is on.
    package static func draw(_ studio: Room, in canvas: Canvas, highlight: Widget? = nil) {
        let audit = LayeringAudit()
        for kind in LayerKind.allCases {
            for widget in studio.layer(kind).subtree().dropFirst() where audit.isVisible(widget) {
                let frame = audit.screenFrame(widget)
                guard !frame.isEmpty else { continue }
                let isHighlight = widget === highlight
                let width: Double = isHighlight ? 4 : 2
                if widget.passesTouchesThrough {
                    dashed(frame, color: penetratingColor, width: width, in: canvas)
                } else {
                    canvas.stroke(.rect(frame), ExplodedView.color(for: kind), width: width)
                }
                label(
                    widget, at: frame, color: widget.passesTouchesThrough ? penetratingColor : ExplodedView.color(for: kind),
                    viewport: studio.environment.viewport, in: canvas)
            }
        }
    }

    /// `name @level` on a dark backing at the frame's top-left corner.
    static func label(_ widget: Widget, at frame: Rect, color: Color, viewport: Size, in canvas: Canvas) {
        let text = "\(widget.name) @\(InspectionFormat.number(widget.level))"
        let font = FontSpec.regular(16)
        let size = canvas.measure(text, font: font)
        let x = min(max(frame.minX + 2, 0), viewport.width - size.width - 4)
        let y = min(max(frame.minY + 2, 0), viewport.height - size.height - 2)
        canvas.fillRect(Rect(x: x, y: y, width: size.width + 4, height: size.height), Color(r: 0, g: 0, b: 0, a: 150))
        canvas.text(text, font: font, color: color, at: Point(x: x + 2, y: y))
    }

    /// A rectangle outline of 8 px dashes with 6 px gaps.
    static func dashed(_ r: Rect, color: Color, width: Double, in canvas: Canvas) {
        let corners = [
            Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY),
            Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY),
        ]
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4]
            let length = max(abs(b.x - a.x), abs(b.y - a.y))
            var s = 0.0
            while s < length {
                let e = min(s + 8, length)
                let p = Point(x: a.x + (b.x - a.x) * s / length, y: a.y + (b.y - a.y) * s / length)
                let q = Point(x: a.x + (b.x - a.x) * e / length, y: a.y + (b.y - a.y) * e / length)
                canvas.line(from: p, to: q, width: width, color)
                s += 14
            }
        }
    }
}
