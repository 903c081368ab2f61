import CSDL2
import CommandFixtures
import Foundation
import Testing

/// The demo in a real window under Xvfb: `studio run --frames 120 --screenshot` must exit 0
/// and leave a PNG that shows a live room. Skipped, saying why, where Xvfb is missing.
@Suite("window smoke test")
struct WindowSmokeTests {
    @Test(
        "the demo runs 120 frames in a window under Xvfb and its screenshot shows a live room",
        .enabled(if: BuiltStudio.xvfbRun != nil, "Xvfb is not installed (apt-get install xvfb)"),
        .timeLimit(.minutes(2)))
    func demoRunsInAWindow() throws {
        let binary = BuiltStudio.binary
        try #require(
            FileManager.default.isExecutableFile(atPath: binary.path),
            "no studio binary at \(binary.path): run `swift build` first (make test does)")
        let out = FileManager.default.temporaryDirectory
            .appendingPathComponent("livestudio-smoke-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: out) }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuiltStudio.xvfbRun!)
        process.arguments = [
            "-a", "-s", "-screen 0 1024x768x24", binary.path, "run",
            "--frames", "120", "--screenshot", out.path,
            "--assets", BuiltStudio.assets,
        ]
        let errPipe = Pipe()
        process.standardError = errPipe
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let stderr = String(decoding: errPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "studio run exited \(process.terminationStatus): \(stderr)")

        let png = try PNGPixels(out.path)
        #expect(png.width == 720 && png.height == 1280)
        var colors = Set<UInt32>()
        var nearWhite = 0
        for y in stride(from: 0, to: png.height, by: 4) {
            for x in stride(from: 0, to: png.width, by: 4) {
                let p = png[x: x, y: y]
                colors.insert(png.rgb(x: x, y: y))
                if p.r > 235, p.g > 235, p.b > 235 { nearWhite += 1 }
            }
        }
        // A live room has a cover, a moving video, translucent panels and white text: many
        // colors and some white. A black or single-color frame fails both.
        #expect(colors.count > 500, "only \(colors.count) distinct colors in the screenshot")
        #expect(nearWhite > 50, "only \(nearWhite) near-white (text) samples in the screenshot")
    }
}
