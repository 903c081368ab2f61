import StudioDomain
import StudioKit

extension Canvas {
    /// A vertical gradient from `top` to `bottom` approximated by `bands` horizontal bands
    /// (the display list has no gradient primitive). Band edges fall on whole pixels; opaque
    /// bands overlap by a pixel so no seam shows when scaled, translucent ones must not (the
    /// overlap would show as a darker line).
    /// - Complexity: `bands` draw items.
    func fillVerticalGradient(_ rect: Rect, top: Color, bottom: Color, bands: Int = 16) {
        let n = max(1, bands)
        let overlap: Double = top.a == 255 && bottom.a == 255 ? 1 : 0
        var y = rect.minY.rounded()
        for i in 0..<n {
            let t = n == 1 ? 0 : Double(i) / Double(n - 1)
            let next = i == n - 1 ? rect.maxY : (rect.minY + rect.height * Double(i + 1) / Double(n)).rounded()
            let extra = i == n - 1 ? 0 : overlap
            fillRect(Rect(x: rect.minX, y: y, width: rect.width, height: next - y + extra), top.mixed(with: bottom, t))
            y = next
        }
    }
}
