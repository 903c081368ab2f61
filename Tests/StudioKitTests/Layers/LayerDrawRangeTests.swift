import Testing

@testable import StudioKit

/// Every layer's items sit in that layer's range of the display list, bottom to top, and
/// `DisplayList.filtered(to:)` keeps exactly the chosen layers.
@Suite("Layer ranges of the display list")
struct LayerDrawRangeTests {
    /// A loaded studio with two widgets per layer, in shuffled order; each draws one rect
    /// whose red channel is its layer's raw value and green channel its rank in the layer.
    static func studio() throws -> Room {
        let studio = makeEmptyStudio()
        var rng = SeededRandom(seed: 7)
        var widgets: [RecordingWidget] = []
        for kind in LayerKind.allCases {
            for rank in 0..<2 {
                let level = kind.levels.lowerBound + Double(rank) * 10
                widgets.append(
                    RecordingWidget(
                        "\(kind)\(rank)", level: level,
                        color: Color(r: UInt8(kind.rawValue), g: UInt8(rank), b: 9)))
            }
        }
        widgets.shuffle(using: &rng)
        for w in widgets { try studio.add(w) }
        studio.load()
        return studio
    }

    @Test("a widget's items land in the range of its layer, in level order")
    func itemsLandInTheirLayer() throws {
        let list = drawList(of: try Self.studio())
        for kind in LayerKind.allCases {
            let colors = fillColors(list.items(in: kind))
            #expect(colors == [Color(r: UInt8(kind.rawValue), g: 0, b: 9), Color(r: UInt8(kind.rawValue), g: 1, b: 9)])
        }
    }

    @Test("the five layer ranges are contiguous, bottom to top, and cover every item")
    func rangesTileTheList() throws {
        let list = drawList(of: try Self.studio())
        var next = 0
        for kind in LayerKind.allCases {
            let range = try #require(list.layerRanges[kind])
            #expect(range.lowerBound == next)
            next = range.upperBound
        }
        #expect(next == list.count)
    }

    @Test("a layer that draws nothing still has an empty range")
    func emptyLayerHasEmptyRange() throws {
        let studio = makeEmptyStudio()
        try studio.add(RecordingWidget("only", level: 250))
        let list = drawList(of: studio)
        #expect(list.layerRanges.count == 5)
        #expect(list.items(in: .float).isEmpty)
        #expect(list.items(in: .movable).count == 1)
    }

    @Test("filtering keeps exactly the chosen layers, for every one of the 32 choices")
    func filteredKeepsTheChosenLayers() throws {
        let list = drawList(of: try Self.studio())
        for mask in 0..<32 {
            let chosen = Set(LayerKind.allCases.filter { mask & (1 << $0.rawValue) != 0 })
            let filtered = list.filtered(to: chosen)
            let expected = LayerKind.allCases.filter(chosen.contains).flatMap { list.items(in: $0) }
            #expect(filtered.items == expected, "layers \(chosen.sorted())")
            #expect(Set(filtered.layerRanges.keys) == chosen)
            for kind in chosen { #expect(Array(filtered.items(in: kind)) == Array(list.items(in: kind))) }
        }
    }

    @Test("filtering keeps each layer's clips balanced")
    func filteredClipsAreBalanced() throws {
        let studio = makeEmptyStudio()
        let clipper = RecordingWidget("clipper", level: 250)
        clipper.clipsToBounds = true
        try clipper.addChild(RecordingWidget("inside", level: 0))
        try studio.add(clipper)
        try studio.add(RecordingWidget("float", level: 450))
        let filtered = drawList(of: studio).filtered(to: [.movable])
        #expect(filtered.items.map(\.command).map(DrawingTestKinds.kind) == ["push", "fill", "fill", "pop"])
    }
}

/// Short names for draw commands, for comparing sequences.
enum DrawingTestKinds {
    static func kind(_ command: DrawCommand) -> String {
        switch command {
        case .fill: "fill"
        case .stroke: "stroke"
        case .text: "text"
        case .image: "image"
        case .imageSlice: "imageSlice"
        case .picture: "picture"
        case .gradient: "gradient"
        case .sprite: "sprite"
        case .pushClip: "push"
        case .popClip: "pop"
        }
    }
}
