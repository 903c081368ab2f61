import Testing

@testable import StudioProfiler

@Suite struct BenchKnobTests {
    @Test func unknownSceneListsValidOnes() throws {
        #expect(throws: BenchKnobError("unknown scene 'ful'; valid scenes: room, danmaku, full, recording, video")) {
            try BenchScene.parse("ful")
        }
        #expect(try BenchScene.parse("full") == .full)
    }

    @Test func unknownKindListsValidOnes() {
        #expect(throws: BenchKnobError("unknown kind 'pkk'; valid kinds: host, pk")) {
            try BenchKnobs.check("kind", "pkk", in: ["host", "pk"])
        }
    }

    @Test func outOfRangeKnobs() {
        #expect(throws: BenchKnobError.self) { try BenchKnobs.check("comments-per-second", -1.0, in: 0...10_000) }
        #expect(throws: BenchKnobError.self) { try BenchKnobs.check("comments-per-second", .nan, in: 0...10_000) }
        #expect(throws: BenchKnobError("--danmaku must be between 0 and 100 (got 101)")) {
            try BenchKnobs.check("danmaku", 101, in: 0...100)
        }
        #expect(throws: Never.self) { try BenchKnobs.check("frames", 5, in: 1...10) }
    }
}
