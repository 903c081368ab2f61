import Testing

@testable import StudioKit

/// What `Widget.drawTree` puts in the display list: frames translate, transforms turn about
/// the frame's centre, alpha multiplies down the tree, hidden or transparent subtrees vanish,
/// clipping widgets emit balanced clips.
@Suite("Widget drawing")
struct DrawingWidgetTests {
    static func draw(_ root: Widget) -> DisplayList {
        let canvas = Canvas(measurer: ApproximateTextMeasurer())
        root.drawTree(in: canvas)
        return canvas.list
    }

    /// parent > child, both drawing a rect of their own color.
    static func pair() throws -> (RecordingWidget, RecordingWidget) {
        let parent = RecordingWidget(
            "parent", level: 0, frame: Rect(x: 100, y: 200, width: 50, height: 50),
            color: Color(r: 1, g: 0, b: 0))
        let child = RecordingWidget(
            "child", level: 0, frame: Rect(x: 10, y: 20, width: 5, height: 5),
            color: Color(r: 2, g: 0, b: 0))
        try parent.addChild(child)
        return (parent, child)
    }

    @Test("a widget draws before its children, and the frame origins add up")
    func framesTranslate() throws {
        let (parent, _) = try Self.pair()
        let items = Self.draw(parent).items
        #expect(fillColors(items).map { $0?.r } == [1, 2])
        #expect(items[0].transform.apply(Point.zero) == Point(x: 100, y: 200))
        #expect(items[1].transform.apply(Point.zero) == Point(x: 110, y: 220))
    }

    @Test("a widget's transform applies around the centre of its frame")
    func transformAboutTheCentre() throws {
        let w = RecordingWidget("w", level: 0, frame: Rect(x: 100, y: 100, width: 50, height: 50))
        w.transform = .scale(2, 2)
        let item = try #require(Self.draw(w).items.first)
        #expect(item.transform.apply(Point(x: 0, y: 0)) == Point(x: 75, y: 75))
        #expect(item.transform.apply(Point(x: 25, y: 25)) == Point(x: 125, y: 125))
        #expect(item.transform.apply(Point(x: 50, y: 50)) == Point(x: 175, y: 175))
    }

    @Test("the item transform maps a widget's coordinates like transformToRoot")
    func itemTransformMatchesTransformToRoot() throws {
        let (parent, child) = try Self.pair()
        parent.transform = .rotation(0.3)
        child.transform = .scale(1.5, 0.5)
        let items = Self.draw(parent).items
        #expect(items[1].transform == child.transformToRoot)
    }

    @Test("a widget's alpha multiplies into its own and its children's colors")
    func alphaMultipliesDown() throws {
        let (parent, child) = try Self.pair()
        parent.alpha = 0.5
        child.alpha = 0.5
        #expect(fillColors(Self.draw(parent).items).map { $0?.a } == [128, 64])
    }

    @Test("a hidden widget and its children draw nothing")
    func hiddenDrawsNothing() throws {
        let (parent, _) = try Self.pair()
        parent.isHidden = true
        #expect(Self.draw(parent).count == 0)
    }

    @Test("a fully transparent widget and its children draw nothing")
    func transparentDrawsNothing() throws {
        let (parent, _) = try Self.pair()
        parent.alpha = 0
        #expect(Self.draw(parent).count == 0)
    }

    @Test("a hidden child leaves its siblings and parent drawn")
    func hiddenChildOnly() throws {
        let (parent, child) = try Self.pair()
        try parent.addChild(RecordingWidget("sibling", level: 1, color: Color(r: 3, g: 0, b: 0)))
        child.isHidden = true
        #expect(fillColors(Self.draw(parent).items).map { $0?.r } == [1, 3])
    }

    @Test("a clipping widget clips itself and its children to its bounds")
    func clippingWidget() throws {
        let (parent, _) = try Self.pair()
        parent.clipsToBounds = true
        let items = Self.draw(parent).items
        #expect(items.map(\.command).map(DrawingTestKinds.kind) == ["push", "fill", "fill", "pop"])
        #expect(items.first?.command == .pushClip(Rect(x: 0, y: 0, width: 50, height: 50)))
    }

    @Test("clips stay balanced in random trees of clipping, hidden and transparent widgets")
    func clipsBalancedInRandomTrees() throws {
        for seed in 1...100 as ClosedRange<UInt64> {
            var rng = SeededRandom(seed: seed)
            let root = RecordingWidget("root", level: 0)
            var all: [Widget] = [root]
            for i in 0..<30 {
                let w = RecordingWidget("w\(i)", level: Double(Int.random(in: 0..<4, using: &rng)))
                w.clipsToBounds = Bool.random(using: &rng)
                w.isHidden = Int.random(in: 0..<6, using: &rng) == 0
                w.alpha = [0, 0.5, 1, 1][Int.random(in: 0..<4, using: &rng)]
                try all.randomElement(using: &rng)!.addChild(w)
                all.append(w)
            }
            // The reference: a widget draws when it and all its ancestors are visible.
            func visible(_ w: Widget) -> Bool {
                var node: Widget? = w
                while let n = node {
                    if n.isHidden || n.alpha <= 0 { return false }
                    node = n.parent
                }
                return true
            }
            let kinds = Self.draw(root).items.map(\.command).map(DrawingTestKinds.kind)
            var depth = 0, lowest = 0
            for k in kinds {
                if k == "push" { depth += 1 } else if k == "pop" { depth -= 1 }
                lowest = min(lowest, depth)
            }
            #expect(depth == 0 && lowest == 0, "seed \(seed)")
            #expect(kinds.filter { $0 == "push" }.count == all.filter { visible($0) && $0.clipsToBounds }.count)
            #expect(kinds.filter { $0 == "fill" }.count == all.filter(visible).count)
        }
    }
}
