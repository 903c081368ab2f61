import Testing

@testable import StudioKit

/// `Room.add` puts each widget under the container of its level's layer, in
/// level order (ties: insertion order), checked against a plain model.
@Suite("Studio layer placement")
struct LayerPlacementTests {
    @Test("the root holds the five layer containers, bottom to top, and nothing else")
    func rootHoldsTheFiveContainers() {
        let studio = makeEmptyStudio()
        let containers = studio.root.children.compactMap { $0 as? LayerContainer }
        #expect(containers.map(\.kind) == LayerKind.allCases)
        #expect(studio.root.children.count == 5)
        for kind in LayerKind.allCases { #expect(studio.layer(kind).kind == kind) }
    }

    @Test("layer containers cover the viewport and let touches through")
    func containersAreFullScreenAndPenetrating() {
        let studio = makeEmptyStudio()
        for kind in LayerKind.allCases {
            #expect(studio.layer(kind).frame == Rect(origin: .zero, size: .studio))
            #expect(studio.layer(kind).passesTouchesThrough)
        }
    }

    @Test("widgets added in random order land in their layer's container in level order, over 100 seeds")
    func randomAddsMatchTheModel() throws {
        let levels: [Double] = [0, 50, 50, 99.9, 100, 150, 150, 200, 250, 250, 299, 300, 300, 399, 400, 400, 1000]
        for seed in 1...100 as ClosedRange<UInt64> {
            var rng = SeededRandom(seed: seed)
            let studio = makeEmptyStudio()
            if seed % 2 == 0 { studio.load() }
            // The model: (name, level, order added); a layer's widgets sorted by (level, order).
            var model: [(name: String, level: Double, order: Int)] = []
            for i in 0..<40 {
                let level = levels.randomElement(using: &rng)!
                try studio.add(Widget(name: "w\(i)", level: level))
                model.append(("w\(i)", level, i))
            }
            let mismatch = LayerKind.allCases.first { kind in
                let expected = model.filter { kind.levels.contains($0.level) }
                    .sorted { ($0.level, $0.order) < ($1.level, $1.order) }.map(\.name)
                return studio.layer(kind).children.map(\.name) != expected
            }
            #expect(mismatch == nil, "seed \(seed)")
            #expect(studio.root.invariantViolations() == [])
            if mismatch != nil { break }
        }
    }

    @Test("a widget moved to another layer's level by setLevel stays in its container")
    func setLevelKeepsTheLayer() throws {
        let studio = makeEmptyStudio()
        let w = Widget(name: "w", level: 250)
        try studio.add(w)
        try w.setLevel(450)
        #expect(w.parent === studio.layer(.movable))
        #expect(studio.layer(.float).children.isEmpty)
    }

    @Test("adding a widget that is already in a studio throws and leaves it where it was")
    func addingTwiceThrows() throws {
        let studio = makeEmptyStudio()
        let w = Widget(name: "w", level: 250)
        try studio.add(w)
        #expect(throws: StudioError.widgetAlreadyAttached(name: "w")) { try studio.add(w) }
        #expect(studio.layer(.movable).children.count == 1)
    }
}
