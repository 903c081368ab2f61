import Testing

@testable import StudioKit

@Suite("Hit-test skipping and pass-through")
struct HitSkippingTests {
    typealias F = HitTestFixture

    /// A studio root with "below" in the movable layer and "above" (with a child covering
    /// the same area) in the lite layer, both full screen.
    private func stacked() throws -> (root: Widget, above: Widget) {
        let root = try F.studioRoot()
        try F.layer(.movable, of: root).addChild(F.widget("below", level: 250, F.everywhere))
        let above = F.widget("above", level: 350, F.everywhere)
        try above.addChild(F.widget("above.child", level: 350, Rect(x: 0, y: 0, width: 100, height: 100)))
        try F.layer(.lite, of: root).addChild(above)
        return (root, above)
    }

    @Test("a hidden widget and its subtree are passed over")
    func hiddenSkipped() throws {
        let (root, above) = try stacked()
        above.isHidden = true

        #expect(HitTester.hitTest(root, at: Point(x: 50, y: 50))?.name == "below")
    }

    @Test("a fully transparent widget and its subtree are passed over")
    func transparentSkipped() throws {
        let (root, above) = try stacked()
        above.alpha = 0

        #expect(HitTester.hitTest(root, at: Point(x: 50, y: 50))?.name == "below")
    }

    @Test("a barely visible widget is still hit")
    func translucentHit() throws {
        let (root, above) = try stacked()
        above.alpha = 0.01

        #expect(HitTester.hitTest(root, at: F.middle)?.name == "above")
    }

    @Test("a concealed widget and its subtree are passed over")
    func concealedSkipped() throws {
        let (root, above) = try stacked()
        above.isConcealed = true

        #expect(HitTester.hitTest(root, at: Point(x: 50, y: 50))?.name == "below")
    }

    @Test("a penetrating widget passes the tap to the widget below it")
    func penetratingPassesThrough() throws {
        let (root, above) = try stacked()
        above.passesTouchesThrough = true

        #expect(HitTester.hitTest(root, at: F.middle)?.name == "below")
    }

    @Test("a penetrating widget's child still takes the tap")
    func penetratingChildHit() throws {
        let (root, above) = try stacked()
        above.passesTouchesThrough = true

        #expect(HitTester.hitTest(root, at: Point(x: 50, y: 50))?.name == "above.child")
    }

    @Test("the candidates list marks penetrating widgets as passing through")
    func candidatesMarkPassThrough() throws {
        let (root, above) = try stacked()
        above.passesTouchesThrough = true

        let marks = HitTester.candidates(root, at: F.middle).map { "\($0.widget.name):\($0.passesThrough)" }

        #expect(
            marks == [
                "layer.float:true", "above:true", "layer.lite:true", "below:false",
                "layer.movable:true", "layer.displayer:true", "layer.background:true", "root:true",
            ])
    }

    @Test("a touch on nothing but penetrating layers hits nothing")
    func onlyLayersHitNothing() throws {
        let root = try F.studioRoot()

        #expect(HitTester.hitTest(root, at: F.middle) == nil)
    }

    @Test("a point outside every widget hits nothing")
    func outsideEverything() throws {
        let (root, _) = try stacked()

        #expect(HitTester.hitTest(root, at: Point(x: -5, y: 1300)) == nil)
    }

    @Test("a clipping widget's child is not hit outside the clip")
    func clippedChildMissed() throws {
        let panel = F.widget("panel", level: 250, Rect(x: 0, y: 0, width: 100, height: 100))
        panel.clipsToBounds = true
        panel.passesTouchesThrough = true
        try panel.addChild(F.widget("overhang", level: 250, Rect(x: 50, y: 50, width: 200, height: 200)))

        #expect(HitTester.hitTest(panel, at: Point(x: 150, y: 150)) == nil)
    }

    @Test("a child reaching outside a non-clipping parent is hit there")
    func unclippedChildHit() throws {
        let panel = F.widget("panel", level: 250, Rect(x: 0, y: 0, width: 100, height: 100))
        try panel.addChild(F.widget("overhang", level: 250, Rect(x: 50, y: 50, width: 200, height: 200)))

        #expect(HitTester.hitTest(panel, at: Point(x: 150, y: 150))?.name == "overhang")
    }

    @Test("a widget scaled to nothing is not hit")
    func singularTransformSkipped() throws {
        let (root, above) = try stacked()
        above.transform = .scale(0, 0)

        #expect(HitTester.hitTest(root, at: F.middle)?.name == "below")
    }
}
