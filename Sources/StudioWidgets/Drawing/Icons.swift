import StudioDomain
import StudioKit

/// Small icons drawn from primitives, centred on a point, for buttons and badges.
enum Icons {
    /// A gift box `size` wide: box, lid and a ribbon.
    static func gift(_ canvas: Canvas, center c: Point, size s: Double, box: Color, ribbon: Color) {
        canvas.fillRoundedRect(
            Rect(x: c.x - s * 0.42, y: c.y - s * 0.12, width: s * 0.84, height: s * 0.52),
            radius: s * 0.06, box)
        canvas.fillRoundedRect(
            Rect(x: c.x - s * 0.5, y: c.y - s * 0.32, width: s, height: s * 0.24),
            radius: s * 0.06, box.mixed(with: .white, 0.2))
        canvas.fillRect(Rect(x: c.x - s * 0.07, y: c.y - s * 0.32, width: s * 0.14, height: s * 0.72), ribbon)
        canvas.fillCircle(center: Point(x: c.x - s * 0.15, y: c.y - s * 0.4), radius: s * 0.11, ribbon)
        canvas.fillCircle(center: Point(x: c.x + s * 0.15, y: c.y - s * 0.4), radius: s * 0.11, ribbon)
    }

    /// A share arrow `size` wide: a shaft pointing up-right with its head.
    static func share(_ canvas: Canvas, center c: Point, size s: Double, _ color: Color) {
        let w = max(3, s * 0.12)
        let tip = Point(x: c.x + s * 0.34, y: c.y - s * 0.3)
        canvas.line(from: Point(x: c.x - s * 0.34, y: c.y + s * 0.34), to: tip, width: w, color)
        canvas.line(from: tip, to: Point(x: tip.x - s * 0.42, y: tip.y), width: w, color)
        canvas.line(from: tip, to: Point(x: tip.x, y: tip.y + s * 0.42), width: w, color)
    }

    /// A cross (×) `size` wide.
    static func cross(_ canvas: Canvas, center c: Point, size s: Double, _ color: Color) {
        let h = s / 2, w = max(3, s * 0.16)
        canvas.line(from: Point(x: c.x - h, y: c.y - h), to: Point(x: c.x + h, y: c.y + h), width: w, color)
        canvas.line(from: Point(x: c.x - h, y: c.y + h), to: Point(x: c.x + h, y: c.y - h), width: w, color)
    }

    /// A phone on its side with an arrow round it: the rotate-screen icon, `size` wide.
    static func rotate(_ canvas: Canvas, center c: Point, size s: Double, _ color: Color) {
        let w = max(2.5, s * 0.09)
        canvas.stroke(
            .roundedRect(
                Rect(x: c.x - s * 0.42, y: c.y - s * 0.22, width: s * 0.84, height: s * 0.44),
                radius: s * 0.08), color, width: w)
        canvas.fillCircle(center: Point(x: c.x + s * 0.3, y: c.y), radius: w * 0.7, color)
        // The arrow over the top-left corner: an arc's chord and its head.
        let a = Point(x: c.x - s * 0.48, y: c.y - s * 0.34), b = Point(x: c.x - s * 0.1, y: c.y - s * 0.5)
        canvas.line(from: a, to: b, width: w, color)
        canvas.line(from: b, to: Point(x: b.x - s * 0.16, y: b.y - s * 0.06), width: w, color)
        canvas.line(from: b, to: Point(x: b.x - s * 0.1, y: b.y + s * 0.13), width: w, color)
    }

    /// Four corner brackets pointing out: the enter-full-screen icon, `size` wide.
    static func fullScreen(_ canvas: Canvas, center c: Point, size s: Double, _ color: Color) {
        let h = s / 2, arm = s * 0.34, w = max(2.5, s * 0.1)
        for (dx, dy) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
            let corner = Point(x: c.x + dx * h, y: c.y + dy * h)
            canvas.line(from: corner, to: Point(x: corner.x - dx * arm, y: corner.y), width: w, color)
            canvas.line(from: corner, to: Point(x: corner.x, y: corner.y - dy * arm), width: w, color)
        }
    }

    /// A chevron pointing left: the back icon, `size` tall.
    static func back(_ canvas: Canvas, center c: Point, size s: Double, _ color: Color) {
        let w = max(3, s * 0.14), tip = Point(x: c.x - s * 0.22, y: c.y)
        canvas.line(from: Point(x: c.x + s * 0.22, y: c.y - s * 0.42), to: tip, width: w, color)
        canvas.line(from: tip, to: Point(x: c.x + s * 0.22, y: c.y + s * 0.42), width: w, color)
    }
}
