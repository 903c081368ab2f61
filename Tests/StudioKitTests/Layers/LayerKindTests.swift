import Testing

@testable import StudioKit

@Suite("Layer kinds and level ranges")
struct LayerKindTests {
    @Test(
        "each level falls in the layer whose range holds it",
        arguments: [
            (0.0, LayerKind.background), (99.999, .background), (100, .displayer), (199.9, .displayer),
            (200, .movable), (299.999_999, .movable), (300, .lite), (399.99, .lite), (400, .float),
            (1e9, .float), (Double.greatestFiniteMagnitude, .float),
        ])
    func levelBoundaries(level: Double, kind: LayerKind) throws {
        #expect(try LayerKind.of(level: level) == kind)
    }

    @Test("LayerKind.of agrees with every layer's level range on a fine grid from 0 to 600")
    func ofAgreesWithRanges() throws {
        for tenth in 0...6000 {
            let level = Double(tenth) / 10
            let kind = try LayerKind.of(level: level)
            let holders = LayerKind.allCases.filter { $0.levels.contains(level) }
            #expect(holders == [kind], "level \(level)")
        }
    }

    @Test("the five layers are ordered bottom to top with adjacent ranges")
    func layersAreContiguous() {
        let kinds = LayerKind.allCases
        #expect(kinds == [.background, .displayer, .movable, .lite, .float])
        #expect(kinds.first?.levels.lowerBound == 0)
        for (lower, upper) in zip(kinds, kinds.dropFirst()) {
            #expect(lower < upper)
            #expect(lower.levels.upperBound == upper.levels.lowerBound)
        }
        #expect(LayerKind.float.levels.upperBound == .infinity)
    }

    @Test("a layer is found by its name in any case, and an unknown name finds none")
    func lookupByName() {
        for kind in LayerKind.allCases {
            #expect(LayerKind(name: kind.name) == kind)
            #expect(LayerKind(name: kind.name.uppercased()) == kind)
        }
        #expect(LayerKind(name: "overlay") == nil)
    }
}
