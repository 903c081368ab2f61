import CommandFixtures
import Foundation
import StudioProfiler
import Testing

extension SerialCommandTests {
    /// `studio bench --html` looked at in a real browser: Debian's Chromium, headless, takes
    /// a screenshot of the page, and each chart's own color must be on screen in it.
    @Suite struct BenchPageBrowserTests {
        static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
            .first { FileManager.default.isExecutableFile(atPath: $0) }

        @Test(
            "the report page opens offline in headless Chromium and draws every chart",
            .timeLimit(.minutes(3)))
        func pageRendersCharts() throws {
            // `make test` installs Chromium (make deps); a machine without it cannot check the page.
            let chromium = try #require(Self.chromium, "Chromium is not installed: run make deps (it installs chromium)")
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("page-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let page = folder.appendingPathComponent("report.html")
            let bench = try StudioProcess.run([
                "bench", "--frames", "90", "--warm-up", "5", "--assets", BuiltStudio.assets,
                "--html", page.path, "--quiet",
            ])
            #expect(bench.status == 0, "\(bench.stderr)")
            let html = try String(contentsOf: page, encoding: .utf8)
            // Self-contained: nothing is fetched, so it opens offline and stays the same.
            #expect(!html.contains("http:") && !html.contains("https:") && !html.contains("<script"))
            #expect(html.components(separatedBy: "<svg").count - 1 == 5, "frame times, percentiles, bars, widgets, memory")

            let shot = folder.appendingPathComponent("page.png")
            let browser = try StudioProcess.run(
                [
                    "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update", "--force-color-profile=srgb",
                    "--user-data-dir=\(folder.appendingPathComponent("profile").path)", "--window-size=1000,3200",
                    "--screenshot=\(shot.path)", page.absoluteString,
                ], executable: URL(fileURLWithPath: chromium))
            #expect(browser.status == 0, "\(browser.stderr)")
            let counts = try Self.colorCounts(in: shot.path)
            func pixels(_ hex: String) -> Int { counts[Self.rgb(hex)] ?? 0 }
            // Each chart fills an area with a color of its own; a chart that failed to draw has none.
            #expect(pixels(BenchPage.Color.frameMax) > 2_000, "frame-time band")
            #expect(pixels(BenchPage.Color.percentile) > 2_000, "percentile plot")
            #expect(pixels(BenchPage.Color.memory) > 2_000, "memory over time")
            // The widgets' bars share one scale: raster time is most of a drawing widget's cost,
            // so the three parts together fill the area, and raster shows.
            let widgetBars = [BenchPage.Color.widgetUpdate, BenchPage.Color.widgetDraw, BenchPage.Color.widgetRaster].map(pixels)
            #expect(widgetBars.reduce(0, +) > 500, "widget bars: \(widgetBars)")
            #expect(widgetBars[2] > 0, "raster part of the widget bars")
            #expect(BenchPage.Color.phases.map(pixels).reduce(0, +) > 5_000, "phase bar")
            #expect(BenchPage.Color.layers.map(pixels).reduce(0, +) > 500, "layer bar")
        }

        /// How many pixels of each exact color (0xRRGGBB) the PNG at `path` holds.
        static func colorCounts(in path: String) throws -> [UInt32: Int] {
            let png = try PNGPixels(path)
            var counts: [UInt32: Int] = [:]
            for y in 0..<png.height {
                for x in 0..<png.width { counts[png.rgb(x: x, y: y), default: 0] += 1 }
            }
            return counts
        }

        static func rgb(_ hex: String) -> UInt32 { UInt32(hex.dropFirst(), radix: 16) ?? 0 }
    }
}
