import Testing

@testable import StudioKit

/// The canvas's nested state: transforms compose inner-first, alphas multiply into the
/// colors of the items, clips come in balanced pairs.
@Suite("Canvas state")
struct DrawingCanvasStateTests {
    static func canvas() -> Canvas { Canvas(measurer: ApproximateTextMeasurer()) }
    static let unit = Rect(x: 0, y: 0, width: 1, height: 1)

    @Test("nested withState applies the inner transform first, then the outer one")
    func transformsCompose() throws {
        let canvas = Self.canvas()
        canvas.withState(transform: .translation(10, 0)) {
            canvas.withState(transform: .scale(2, 3)) { canvas.fillRect(Self.unit, .white) }
        }
        let item = try #require(canvas.list.items.first)
        #expect(item.transform == Transform.scale(2, 3).then(.translation(10, 0)))
        #expect(item.transform.apply(Point(x: 1, y: 1)) == Point(x: 12, y: 3))
    }

    @Test("nested withState multiplies alphas into each item's color")
    func alphasMultiply() {
        let canvas = Self.canvas()
        let color = Color(r: 10, g: 20, b: 30, a: 200)
        canvas.withState(alpha: 0.5) {
            canvas.fillRect(Self.unit, color)
            canvas.withState(alpha: 0.5) { canvas.fillRect(Self.unit, color) }
        }
        canvas.fillRect(Self.unit, color)
        #expect(fillColors(canvas.list.items).map { $0?.a } == [100, 50, 200])
        #expect(fillColors(canvas.list.items).allSatisfy { $0?.r == 10 && $0?.g == 20 && $0?.b == 30 })
    }

    @Test("alpha reaches every kind of primitive: strokes, text and image tints too")
    func alphaReachesEveryPrimitive() {
        let canvas = Self.canvas()
        canvas.withState(alpha: 0.5) {
            canvas.stroke(.rect(Self.unit), .white, width: 2)
            canvas.text("hi", font: .regular(20), color: .white, at: .zero)
            canvas.image(ImageRef("cover-1"), in: Self.unit)
        }
        let alphas: [UInt8] = canvas.list.items.compactMap {
            switch $0.command {
            case .stroke(_, let c, _): c.a
            case .text(_, _, let c, _, _): c.a
            case .image(_, _, let c): c.a
            default: nil
            }
        }
        #expect(alphas == [128, 128, 128])
    }

    @Test("withState restores the transform and alpha after its body")
    func stateIsRestored() {
        let canvas = Self.canvas()
        canvas.withState(transform: .translation(5, 5), alpha: 0.3) {
            canvas.withState(transform: .scale(2, 2), alpha: 0.5) {}
            #expect(canvas.transform == .translation(5, 5))
            #expect(canvas.alpha == 0.3)
        }
        #expect(canvas.transform == .identity)
        #expect(canvas.alpha == 1)
    }

    @Test("withClip emits a push before and a pop after the body, in the current transform")
    func clipIsBalanced() {
        let canvas = Self.canvas()
        let clip = Rect(x: 1, y: 2, width: 3, height: 4)
        canvas.withState(transform: .translation(7, 0)) {
            canvas.withClip(clip) { canvas.fillRect(Self.unit, .white) }
        }
        #expect(canvas.list.items.map(\.command).map(DrawingTestKinds.kind) == ["push", "fill", "pop"])
        #expect(canvas.list.items.first?.command == .pushClip(clip))
        #expect(canvas.list.items.allSatisfy { $0.transform == .translation(7, 0) })
    }

    @Test("nested clips pop in the reverse order they were pushed")
    func nestedClips() {
        let canvas = Self.canvas()
        canvas.withClip(Self.unit) {
            canvas.withClip(Self.unit) { canvas.fillRect(Self.unit, .white) }
            canvas.fillRect(Self.unit, .white)
        }
        #expect(
            canvas.list.items.map(\.command).map(DrawingTestKinds.kind)
                == ["push", "push", "fill", "pop", "fill", "pop"])
    }

    @Test("nothing is emitted at zero alpha or for a fully transparent color or empty text")
    func invisibleDrawsNothing() {
        let canvas = Self.canvas()
        canvas.withState(alpha: 0) {
            canvas.fillRect(Self.unit, .white)
            canvas.fillRoundedRect(Self.unit, radius: 2, .white)
            canvas.fillCircle(center: .zero, radius: 3, .white)
            canvas.line(from: .zero, to: Point(x: 1, y: 1), .white)
            canvas.stroke(.rect(Self.unit), .white)
            canvas.text("hi", font: .regular(12), color: .white, at: .zero)
            canvas.image(ImageRef("cover-1"), in: Self.unit)
        }
        canvas.fillRect(Self.unit, .clear)
        canvas.stroke(.rect(Self.unit), .white, width: 0)
        canvas.text("", font: .regular(12), color: .white, at: .zero)
        canvas.image(ImageRef("cover-1"), in: Self.unit, tint: .clear)
        #expect(canvas.list.count == 0)
    }

    @Test("reset forgets the previous frame's items and state")
    func resetForgets() {
        let canvas = Self.canvas()
        canvas.beginLayer(.float)
        canvas.fillRect(Self.unit, .white)
        canvas.endLayer()
        canvas.reset()
        #expect(canvas.list == DisplayList())
        #expect(canvas.transform == .identity)
    }

    @Test("takeList hands the items over and leaves the canvas empty")
    func takeListEmptiesTheCanvas() {
        let canvas = Self.canvas()
        canvas.fillRect(Self.unit, .white)
        let taken = canvas.takeList()
        #expect(taken.count == 1)
        #expect(canvas.list.count == 0)
    }

    @Test("an alpha factor rounds each color's 8-bit alpha to the nearest value")
    func alphaRounding() {
        #expect(Color(r: 0, g: 0, b: 0, a: 255).withAlpha(0.5).a == 128)
        #expect(Color(r: 0, g: 0, b: 0, a: 3).withAlpha(0.5).a == 2)
        #expect(Color.white.withAlpha(2).a == 255)
        #expect(Color.white.withAlpha(-1).a == 0)
    }
}
