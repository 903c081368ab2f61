import Testing

@testable import StudioKit

/// The affine transforms the display list carries.
@Suite("Transforms")
struct DrawingTransformTests {
    static func close(_ a: Point, _ b: Point) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }

    @Test("then applies the receiver first and its argument second")
    func thenOrder() {
        let t = Transform.scale(2, 2).then(.translation(5, 0))
        #expect(t.apply(Point(x: 1, y: 1)) == Point(x: 7, y: 2))
        let u = Transform.translation(5, 0).then(.scale(2, 2))
        #expect(u.apply(Point(x: 1, y: 1)) == Point(x: 12, y: 2))
    }

    @Test("a quarter turn is clockwise on screen, where y grows downward")
    func rotationIsClockwise() {
        #expect(Self.close(Transform.rotation(.pi / 2).apply(Point(x: 1, y: 0)), Point(x: 0, y: 1)))
    }

    @Test("the inverse undoes a transform, for random invertible transforms")
    func inverseUndoes() throws {
        var rng = SeededRandom(seed: 5)
        for _ in 0..<200 {
            let t = Transform.rotation(rng.double(in: -3...3))
                .then(.scale(rng.double(in: 0.2...3), rng.double(in: 0.2...3)))
                .then(.translation(rng.double(in: -500...500), rng.double(in: -500...500)))
            let p = Point(x: rng.double(in: -100...100), y: rng.double(in: -100...100))
            let inverse = try #require(t.inverted)
            #expect(Self.close(inverse.apply(t.apply(p)), p))
        }
    }

    @Test("a singular transform has no inverse")
    func singularHasNoInverse() {
        #expect(Transform.scale(0, 1).inverted == nil)
    }

    @Test("a transformed rectangle's box holds all four transformed corners")
    func rectBoundingBox() {
        let r = Rect(x: 0, y: 0, width: 10, height: 20)
        let box = Transform.rotation(.pi / 2).apply(r)
        #expect(abs(box.minX + 20) < 1e-9 && abs(box.width - 20) < 1e-9 && abs(box.height - 10) < 1e-9)
        #expect(Transform.scale(-1, 1).apply(r) == Rect(x: -10, y: 0, width: 10, height: 20))
    }
}
