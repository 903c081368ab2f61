import CommandFixtures
import Foundation
import StudioKit
import StudioTesting
import Studios
import Synchronization
import Testing

extension SDLTests {
    /// The review page of failed goldens, broken on purpose and read in a real browser: the
    /// page shows the changed pixel, the layer it is in and the widget drawn there.
    @Suite struct GoldenReviewBrowserTests {
        /// A 1x1 dot: the smallest change a widget can make to a frame.
        final class Dot: Widget {
            override func draw(in canvas: Canvas) { canvas.fillRect(bounds, Color(r: 255, g: 255, b: 0)) }
        }

        static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
            .first { FileManager.default.isExecutableFile(atPath: $0) }

        /// The audience room with a dot on the float layer at (201, 333), hidden or shown: the
        /// same frames either way, so the two differ in that pixel alone.
        static func scene(dotShown: Bool) throws -> StudioScene {
            let scene = try StudioScene(kind: StudioKinds.audience, assets: URL(fileURLWithPath: BuiltStudio.assets), frames: 89)
            let dot = Dot(name: "dot", level: 4_000, frame: Rect(x: 201, y: 333, width: 1, height: 1))
            dot.isHidden = !dotShown
            try scene.driver.studio.add(dot)
            try scene.run(frames: 1)
            return scene
        }

        @Test("one changed pixel fails its golden, and the review page shows the pixel, its layer and widget", .timeLimit(.minutes(3)))
        func onePixelInTheBrowser() throws {
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("golden-review-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: root) }
            let file: StaticString = "/tmp/livestudio-golden-review/review.swift"
            let snapshots = URL(fileURLWithPath: "\(file)").deletingLastPathComponent()
            try? FileManager.default.removeItem(at: snapshots)
            defer { try? FileManager.default.removeItem(at: snapshots) }
            let artifacts = root.appendingPathComponent("artifacts")

            try Golden.withArtifacts(in: artifacts) {
                try withKnownIssue("a missing reference is recorded and fails") {
                    try assertGolden(try Self.scene(dotShown: false), named: "room", file: file, testName: "review()")
                }
                let issues = Mutex<[String]>([])
                try withKnownIssue("the dot is a changed pixel") {
                    try assertGolden(try Self.scene(dotShown: true), named: "room", file: file, testName: "review()")
                } matching: { issue in
                    issues.withLock { $0.append("\(issue)") }
                    return true
                }
                let messages = issues.withLock { $0 }
                let message = messages.joined(separator: "\n")
                #expect(messages.count == 1, "one issue for the one golden: \(messages)")
                #expect(message.contains("1 pixels") && message.contains("layer(s) that differ: float"), "\(message)")
                #expect(message.contains("widget(s) where the pixels differ: dot (Dot, float)"), "names the widget: \(message)")
                #expect(message.contains("golden-review.html"), "the failure points at the review page: \(message)")
                #expect(!message.contains("@−") && !message.contains("ksdiff"), "no diff-tool noise: \(message)")
            }
            let page = try #require(try Golden.withArtifacts(in: artifacts) { try Golden.writeReviewPage() })
            let html = try String(contentsOf: page, encoding: .utf8)
            // Self-contained: every picture is inside the page, nothing is fetched.
            #expect(!html.contains("http:") && !html.contains("https:") && !html.contains("src=\"file"))

            // The page as a browser builds it, script run: Chromium's own DOM of it.
            let chromium = try #require(Self.chromium, "Chromium is not installed: run make deps (it installs chromium)")
            let flags = [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--force-color-profile=srgb",
                "--user-data-dir=\(root.appendingPathComponent("profile").path)",
            ]
            let dom = try StudioProcess.run(
                flags + ["--virtual-time-budget=2000", "--dump-dom", page.absoluteString], executable: URL(fileURLWithPath: chromium))
            #expect(dom.status == 0, "\(dom.stderr)")
            let text = dom.stdout
            #expect(text.contains("1 pixel differ"), "the count of changed pixels")
            #expect(text.contains("1x1 at (201, 333)"), "the changed region, to the pixel")
            #expect(text.contains("dot (Dot, float)"), "the widget drawn there")
            #expect(text.contains("<tr class=\"layer changed\" data-layer=\"float\">"), "the float layer, marked changed")
            #expect(!text.contains("<tr class=\"layer changed\" data-layer=\"movable\">"), "no other layer is marked")
            #expect(
                text.contains(
                    "<li class=\"hit\"><code>DrawItem(command: DrawCommand.fill(Shape.rect([0, 0, 1x1]), #ffff00), transform: Transform(a: 1.0, b: 0.0, c: 0.0, d: 1.0, tx: 201.0, ty: 333.0)"
                ), "the dot's item, marked")
            // The script enlarged the region from each picture (it draws only once they decoded).
            #expect(text.contains("data-of=\"reference\" width=") && text.contains("data-drawn=\"13x13@12\""), "zoomed region")

            // And on screen: the region's box is drawn in its own color.
            let shot = root.appendingPathComponent("page.png")
            let browser = try StudioProcess.run(
                flags + ["--window-size=1400,1400", "--screenshot=\(shot.path)", page.absoluteString],
                executable: URL(fileURLWithPath: chromium))
            #expect(browser.status == 0, "\(browser.stderr)")
            let png = try PNGPixels(shot.path)
            var magenta = 0
            for y in 0..<png.height {
                for x in 0..<png.width where png.rgb(x: x, y: y) == 0xFF00FF { magenta += 1 }
            }
            #expect(magenta > 100, "the changed region's box shows on the pictures (\(magenta) pixels)")
        }
    }
}
