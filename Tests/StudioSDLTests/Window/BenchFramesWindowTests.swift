import CommandFixtures
import Foundation
import Testing

extension SDLTests {
    /// A window bench measures frames that did work: the danmaku scene takes one fixed step
    /// per frame, as its peers do, and any frame that ran no step is counted apart.
    @Suite struct BenchFramesWindowTests {
        static func bench(_ arguments: [String]) throws -> [String: Any] {
            let result = try StudioProcess.run(
                [
                    "-a", "-s", "-screen 0 1280x1400x24", BuiltStudio.binary.path, "bench", "--window",
                    "--json", "--assets", BuiltStudio.assets,
                ] + arguments,
                executable: URL(fileURLWithPath: BuiltStudio.xvfbRun ?? "/usr/bin/xvfb-run"))
            #expect(result.status == 0, "\(result.stderr)")
            return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        }

        @Test(
            "the danmaku scene in a window advances the simulation 1/60 s in every measured frame",
            .enabled(if: BuiltStudio.xvfbRun != nil, "Xvfb is not installed (apt-get install xvfb)"))
        func danmakuFramesAllAdvance() throws {
            let report = try Self.bench(["--scene", "danmaku", "--danmaku", "40", "--frames", "45", "--warm-up", "5"])
            #expect(report["frames"] as? Int == 45)
            #expect(report["advancedFrames"] as? Int == 45)
            #expect(report["idleFrameTime"] == nil)
            let simulated = try #require(report["simulatedSeconds"] as? Double)
            #expect(abs(simulated - 45.0 / 60) < 1e-9, "one step per frame: \(simulated) s")
            let warnings = report["warnings"] as? [String] ?? []
            #expect(!warnings.contains { $0.contains("advanced the simulation") }, "\(warnings)")
        }

        @Test(
            "a room on the real clock, frames back to back: idle frames are set apart from the percentiles",
            .enabled(if: BuiltStudio.xvfbRun != nil, "Xvfb is not installed (apt-get install xvfb)"))
        func idleFramesApart() throws {
            let report = try Self.bench(["--scene", "room", "--unpaced", "--frames", "60", "--warm-up", "5", "--top", "0"])
            let frames = try #require(report["frames"] as? Int)
            let advanced = try #require(report["advancedFrames"] as? Int)
            let busy = try #require(report["frameTime"] as? [String: Any])
            let idle = (report["idleFrameTime"] as? [String: Any])?["count"] as? Int ?? 0
            #expect(frames == 60)
            // However many frames the machine's speed made idle, they are not in the percentiles.
            #expect(busy["count"] as? Int == advanced)
            #expect(advanced + idle == frames, "advanced \(advanced), idle \(idle)")
            let warned = (report["warnings"] as? [String] ?? []).contains { $0.contains("advanced the simulation") }
            #expect(warned == (Double(advanced) < 0.95 * Double(frames)), "advanced \(advanced) of \(frames)")
        }
    }
}
