import CommandFixtures
import Foundation
import Testing

@testable import StudioSDL

/// The renderer is asked by a copy of the program, so that a window that presents through
/// its surface (Xvfb's GL is llvmpipe, on the CPU) never has the GL driver and its LLVM
/// loaded in the session's own process.
@Suite("the renderer probe")
struct RendererProbeTests {
    @Test("the probe's line is read as GL with its name, another renderer, or none with the reason")
    func parse() {
        #expect(RendererProbe.parse("gl llvmpipe (LLVM 15.0.6, 256 bits)\n") == .gl("llvmpipe (LLVM 15.0.6, 256 bits)"))
        #expect(RendererProbe.parse("renderer software\n") == .renderer("software"))
        #expect(RendererProbe.parse("none No available video device\n") == .none("No available video device"))
        #expect(RendererProbe.parse("") == nil && RendererProbe.parse("garbage") == nil && RendererProbe.parse("what is this") == nil)
        #expect(RendererProbe.isCPURasterizer("llvmpipe (LLVM 15.0.6, 256 bits)") && RendererProbe.isCPURasterizer("softpipe"))
        #expect(!RendererProbe.isCPURasterizer("NVIDIA GeForce RTX 3060/PCIe/SSE2"))
    }

    @Test(
        "a window on Xvfb presents through its surface, and its process never maps the CPU GL driver",
        .timeLimit(.minutes(2)),
        .enabled(if: BuiltStudio.xvfbRun != nil, "Xvfb is not installed (apt-get install xvfb)"))
    func windowLoadsNoGL() throws {
        // The session runs 240 frames; halfway, its memory map is read.
        let script = """
            "$1" run --frames 240 --assets "$2" >/dev/null 2>"$3" & pid=$!
            sleep 2
            echo "mapped $(grep -c -E 'libLLVM|swrast_dri|llvmpipe' /proc/$pid/maps)"
            wait $pid; echo "status $?"
            """
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: log) }
        let result = try StudioProcess.run(
            [
                "-a", "-s", "-screen 0 1280x1400x24", "bash", "-c", script, "probe",
                BuiltStudio.binary.path, BuiltStudio.assets, log.path,
            ],
            executable: URL(fileURLWithPath: BuiltStudio.xvfbRun ?? "/usr/bin/xvfb-run"))
        #expect(result.stdout.contains("status 0"), "\(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains("mapped 0"), "the session's process maps the GL driver: \(result.stdout)")
    }

    @Test(
        "asked under Xvfb, the copy answers with llvmpipe, the CPU rasterizer",
        .enabled(if: BuiltStudio.xvfbRun != nil, "Xvfb is not installed (apt-get install xvfb)"))
    func probeAnswers() throws {
        // The test runner links StudioSDL, so it can be the probe itself, under a display.
        let result = try StudioProcess.run(
            ["-a", "-s", "-screen 0 640x480x24", "env", "LIVESTUDIO_RENDERER_PROBE=1", CommandLine.arguments[0]],
            executable: URL(fileURLWithPath: BuiltStudio.xvfbRun ?? "/usr/bin/xvfb-run"))
        let outcome = try #require(RendererProbe.parse(result.stdout), "\(result.stdout) \(result.stderr)")
        guard case .gl(let name) = outcome else {
            Issue.record("Xvfb's renderer is Mesa's GL, but the probe said \(outcome)")
            return
        }
        #expect(RendererProbe.isCPURasterizer(name), "\(name)")
    }
}
