import Testing

@testable import StudioKit

@Suite("Hit-test order")
struct HitOrderTests {
    typealias F = HitTestFixture

    @Test("hit testing tries children before parents, the highest level first and the later tie first")
    func candidateOrderIsPinned() throws {
        let root = F.widget("root", level: 0, F.everywhere)
        let low = F.widget("low", level: 210, F.everywhere)
        let lowChild = F.widget("low.child", level: 210, F.everywhere)
        let high = F.widget("high", level: 230, F.everywhere)
        let tieFirst = F.widget("tie.first", level: 220, F.everywhere)
        let tieSecond = F.widget("tie.second", level: 220, F.everywhere)
        try low.addChild(lowChild)
        for w in [high, low, tieFirst, tieSecond] { try root.addChild(w) }

        let names = HitTester.candidates(root, at: F.middle).map(\.widget.name)

        #expect(names == ["high", "tie.second", "tie.first", "low.child", "low", "root"])
    }

    @Test("a widget on a higher layer is hit before one on a lower layer")
    func higherLayerFirst() throws {
        let root = try F.studioRoot()
        try F.layer(.lite, of: root).addChild(F.widget("lite.button", level: 350, F.everywhere))
        try F.layer(.movable, of: root).addChild(F.widget("comments", level: 250, F.everywhere))

        #expect(HitTester.hitTest(root, at: F.middle)?.name == "lite.button")
    }

    @Test("a higher-level sibling is hit before a lower one added after it")
    func higherLevelSiblingFirst() throws {
        let root = try F.studioRoot()
        let movable = F.layer(.movable, of: root)
        try movable.addChild(F.widget("high", level: 290, F.everywhere))
        try movable.addChild(F.widget("low", level: 210, F.everywhere))

        #expect(HitTester.hitTest(root, at: F.middle)?.name == "high")
    }

    @Test("of two siblings with the same level the later-inserted one is hit")
    func laterTieFirst() throws {
        let root = try F.studioRoot()
        let movable = F.layer(.movable, of: root)
        try movable.addChild(F.widget("first", level: 250, F.everywhere))
        try movable.addChild(F.widget("second", level: 250, F.everywhere))

        #expect(HitTester.hitTest(root, at: F.middle)?.name == "second")
    }

    @Test("a child is hit before its parent")
    func childBeforeParent() throws {
        let parent = F.widget("panel", level: 250, Rect(x: 100, y: 100, width: 300, height: 300))
        try parent.addChild(F.widget("button", level: 250, Rect(x: 10, y: 10, width: 50, height: 50)))

        #expect(HitTester.hitTest(parent, at: Point(x: 20, y: 20))?.name == "button")
    }

    @Test("a parent is hit where its child does not reach")
    func parentOutsideChild() throws {
        let parent = F.widget("panel", level: 250, Rect(x: 100, y: 100, width: 300, height: 300))
        try parent.addChild(F.widget("button", level: 250, Rect(x: 10, y: 10, width: 50, height: 50)))

        #expect(HitTester.hitTest(parent, at: Point(x: 100, y: 100))?.name == "panel")
    }
}
