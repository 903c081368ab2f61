import Testing

@testable import StudioKit

@Suite("Hit-test through transforms")
struct HitTransformTests {
    typealias F = HitTestFixture

    /// A 200x20 horizontal bar at (100, 100), turned a quarter around its centre (200, 110):
    /// on screen it covers x 190..<210, y 10..<210.
    private func rotatedBar() throws -> Widget {
        let root = F.widget("root", level: 0, F.everywhere)
        root.passesTouchesThrough = true
        let bar = F.widget("bar", level: 250, Rect(x: 100, y: 100, width: 200, height: 20))
        bar.transform = .rotation(.pi / 2)
        try root.addChild(bar)
        return root
    }

    @Test("a rotated widget is hit where it is drawn")
    func rotatedHit() throws {
        #expect(HitTester.hitTest(try rotatedBar(), at: Point(x: 200, y: 30))?.name == "bar")
    }

    @Test("a rotated widget is not hit where its unrotated frame would be")
    func rotatedMissOutside() throws {
        #expect(HitTester.hitTest(try rotatedBar(), at: Point(x: 120, y: 110)) == nil)
    }

    @Test("a child is hit in its parent's coordinates, through the parent's scale")
    func scaledParentChild() throws {
        let root = F.widget("root", level: 0, F.everywhere)
        root.passesTouchesThrough = true
        // 100x100 at (100, 100) scaled 2x around its centre: on screen 50..<250 both ways.
        let panel = F.widget("panel", level: 250, Rect(x: 100, y: 100, width: 100, height: 100))
        panel.transform = .scale(2, 2)
        panel.passesTouchesThrough = true
        // Its bottom-right quarter, on screen 150..<250.
        try panel.addChild(F.widget("corner", level: 250, Rect(x: 50, y: 50, width: 50, height: 50)))
        try root.addChild(panel)

        #expect(HitTester.hitTest(root, at: Point(x: 240, y: 240))?.name == "corner")
    }
}
