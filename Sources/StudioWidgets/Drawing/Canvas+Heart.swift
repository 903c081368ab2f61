import StudioDomain
import StudioKit

extension Canvas {
    /// A heart `width` wide centred on `center`: two circles on the upper edges of a
    /// square turned 45°. Three draw items.
    ///
    /// The parts overlap, so a translucent color shows the overlap darker; callers that
    /// fade a heart keep it short.
    func fillHeart(center: Point, width: Double, _ color: Color) {
        // With side a: circles of radius a/2 centred on the diamond's upper edges' midpoints
        // span 1.707a across and 1.56a down; a = width / 1.707.
        let a = width / 1.7071
        let h = a * 0.35355
        let cy = center.y + a * 0.07
        fillCircle(center: Point(x: center.x - h, y: cy - h), radius: a / 2, color)
        fillCircle(center: Point(x: center.x + h, y: cy - h), radius: a / 2, color)
        withState(transform: Transform.rotation(.pi / 4).then(.translation(center.x, cy))) {
            fillRoundedRect(Rect(x: -a / 2, y: -a / 2, width: a, height: a), radius: a * 0.08, color)
        }
    }
}
