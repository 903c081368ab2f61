import Foundation
import StudioKit
import Studios

/// The `--widgets-multiplier` load: a small badge (rounded rect and a label) that moves a
/// little each step, standing in for one more ordinary widget of the movable layer.
final class FillerWidget: Widget {
    private var phase: Double

    init(index: Int) {
        phase = Double(index) * 0.37
        let x = Double(index % 6) * 116 + 10, y = 200 + Double((index / 6) % 40) * 22
        super.init(name: "filler", level: 250, frame: Rect(x: x, y: y, width: 104, height: 20))
    }

    override func update(_ step: FrameStep) { phase += step.dt }

    override func draw(in canvas: Canvas) {
        let a = UInt8(60 + 40 * (1 + sin(phase)))
        canvas.fillRoundedRect(bounds, radius: 6, Color(r: 30, g: 30, b: 40, a: a))
        canvas.text("filler", font: .regular(14), color: .white, at: Point(x: 6, y: 2))
    }

    /// Adds (multiplier - 1) fillers per widget the studio has.
    static func multiply(_ studio: Room, by multiplier: Int) throws {
        let base = studio.root.subtree().count
        for i in 0..<(base * (multiplier - 1)) { try studio.add(FillerWidget(index: i)) }
    }
}
