import Testing

@testable import StudioKit

/// Same scenario + same seed = the same frames, bit for bit; the seed matters.
@Suite("Driver determinism")
struct LoopDriverDeterminismTests {
    @Test("two drivers with the same seed and input draw identical display lists for 300 frames")
    func sameSeedSameFrames() throws {
        let a = try DriverHarness(seed: 42, script: demoScript())
        let b = try DriverHarness(seed: 42, script: demoScript())
        try a.run(300)
        try b.run(300)
        #expect(a.backend.rendered.count == 300)
        #expect(b.backend.rendered.count == 300)
        let (listsA, listsB) = (a.backend.rendered, b.backend.rendered)
        let firstDifference = listsA.indices.first { $0 >= listsB.count || listsA[$0] != listsB[$0] }
        #expect(firstDifference == nil)
    }

    @Test("the scripted demo taps, switches lite mode and changes room, so the comparison covers them")
    func demoScriptExercisesTheStudio() throws {
        let h = try DriverHarness(seed: 42, script: demoScript())
        try h.run(300)
        #expect(try h.heartsSpawned(0) == 4)
        #expect(try h.heartsSpawned(1) == 2)
        #expect(h.driver.state.position == 1)
        #expect(h.backend.rendered.contains { !$0.items(in: .float).isEmpty })
    }

    @Test("a different seed draws a different sequence of display lists")
    func differentSeedDifferentFrames() throws {
        let a = try DriverHarness(seed: 42, script: demoScript())
        let c = try DriverHarness(seed: 43, script: demoScript())
        try a.run(300)
        try c.run(300)
        #expect(a.backend.rendered != c.backend.rendered)
    }

    @Test("every frame is rendered and presented once, with all five layers marked")
    func oneRenderPerFrame() throws {
        let h = try DriverHarness()
        try h.run(10)
        #expect(h.backend.rendered.count == 10)
        #expect(h.backend.presentCount == 10)
        #expect(h.backend.rendered.allSatisfy { Set($0.layerRanges.keys) == Set(LayerKind.allCases) })
        #expect(h.driver.displayList == h.backend.rendered.last)
    }

    @Test("each frame records its steps: none on the first, one per 1/60 s after")
    func framesRecordTheirSteps() throws {
        let h = try DriverHarness()
        try h.run(5)
        #expect(h.driver.recorder.timings.map(\.steps) == [0, 1, 1, 1, 1])
        #expect(h.driver.recorder.timings.map(\.index) == [0, 1, 2, 3, 4])
        #expect(h.driver.state.frame == 5)
    }
}
