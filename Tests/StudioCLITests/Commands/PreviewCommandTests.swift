import CommandFixtures
import Foundation
import Testing

/// `studio preview` and `studio gallery` as a widget author runs them: one widget alone in a
/// state, to PNG at its size and scaled; every widget in every state on one page.
@Suite("studio preview and gallery")
struct PreviewCommandTests {
    static let assets = BuiltStudio.repository.appendingPathComponent("Assets")

    /// A folder holding a fresh directory for one test, removed with it.
    final class Scratch {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("studio-preview-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    @Test("a widget alone is written at its size, and scaled up by whole pixels")
    func pngAtSizeAndScaled() throws {
        let scratch = try Scratch()
        let one = scratch.url.appendingPathComponent("one.png"), two = scratch.url.appendingPathComponent("two.png")
        let a = try StudioProcess.run(["preview", "--widget", "studioBadge", "--out", one.path])
        let b = try StudioProcess.run(["preview", "--widget", "studioBadge", "--out", two.path, "--scale", "2", "--background", "room"])
        #expect(a.status == 0 && b.status == 0, "\(a.stderr)\(b.stderr)")
        #expect(a.stderr.contains("studioBadge (StudioBadgeWidget), state 'default'") && a.stderr.contains("lite layer"), "\(a.stderr)")
        let small = try PNGPixels(one.path), large = try PNGPixels(two.path)
        #expect(small.width > 40 && small.width < 300 && small.height < 120, "cropped to the badge: \(small.width)x\(small.height)")
        #expect(large.width == 2 * small.width && large.height == 2 * small.height)
        // Each studio pixel becomes a 2x2 block of one color.
        for (x, y) in [(10, 10), (small.width / 2, small.height / 2)] {
            let p = large.rgb(x: 2 * x, y: 2 * y)
            #expect(large.rgb(x: 2 * x + 1, y: 2 * y + 1) == p && large.rgb(x: 2 * x + 1, y: 2 * y) == p)
        }
    }

    @Test("every widget has at least two states, and the gallery shows each as a picture with its touch areas")
    func gallery() throws {
        let list = try StudioProcess.run(["preview", "--list"])
        let rows = list.stdout.split(separator: "\n")
        #expect(rows.count >= 40, "\(list.stdout)")
        for row in rows {
            #expect(row.split(separator: ",").count >= 2, "a widget with one state: \(row)")
        }
        // A few widgets, not the whole catalog: the gallery renders each state as preview
        // does, and this test runs beside timing-sensitive ones (every state of every widget
        // is built by PreviewStateTests, and `studio gallery` renders them all in seconds).
        let scratch = try Scratch()
        let widgets = ["studioBadge", "commentList", "hearts", "text"]
        let result = try StudioProcess.run(["gallery", "--out", scratch.url.path, "--widgets", widgets.joined(separator: ",")])
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOf: scratch.url.appendingPathComponent("index.html"), encoding: .utf8)
        for widget in widgets {
            let shots = html.components(separatedBy: "src=\"images/\(widget).").count - 1
            #expect(shots >= 2, "\(widget) has \(shots) state(s) in the gallery")
        }
        #expect(!html.contains("class=\"shot failed\""))
        let images = try FileManager.default.contentsOfDirectory(atPath: scratch.url.appendingPathComponent("images").path)
        #expect(images.count == html.components(separatedBy: "<img src=").count - 1)
        #expect(html.contains("<rect class=\"tap\""), "touch areas are on the page")
        #expect(!html.contains("http:") && !html.contains("https:"), "the page works offline")
    }

    @Test("an unknown widget lists the catalog; an unknown state lists the widget's states")
    func unknownNames() throws {
        let widget = try StudioProcess.run(["preview", "--widget", "badge", "--out", "/tmp/never.png"])
        #expect(widget.status == 1)
        #expect(widget.stderr.contains("unknown widget 'badge'; the catalog's widgets: activityIcon,"), "\(widget.stderr)")
        #expect(widget.stderr.contains("studioBadge"))
        let state = try StudioProcess.run(["preview", "--widget", "studioBadge", "--state", "shiny", "--out", "/tmp/never.png"])
        #expect(state.status == 1)
        #expect(state.stderr.contains("widget 'studioBadge' has no state 'shiny'; its states: default"), "\(state.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never.png"))
    }

    @Test("a state whose options the widget refuses names the file and the key path")
    func badStateOptions() throws {
        let scratch = try Scratch()
        let assets = scratch.url.appendingPathComponent("Assets")
        try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
        for folder in ["images", "studios", "scenarios"] {
            try FileManager.default.createSymbolicLink(
                at: assets.appendingPathComponent(folder), withDestinationURL: Self.assets.appendingPathComponent(folder))
        }
        let previews = assets.appendingPathComponent("previews.json")
        try Data(#"{"previews": {"studioBadge": [{"state": "bad", "options": {"color": 5}}]}}"#.utf8).write(to: previews)
        let result = try StudioProcess.run(
            [
                "preview", "--widget", "studioBadge", "--state", "bad", "--out", scratch.url.appendingPathComponent("b.png").path,
                "--assets", assets.path,
            ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("previews.json: previews.studioBadge[0].options.color"), "\(result.stderr)")
        // An option on the command line is checked the same way.
        let flag = try StudioProcess.run(
            ["preview", "--widget", "studioBadge", "--options", ##"{"colour": "#fff"}"##, "--out", "/tmp/never.png"])
        #expect(flag.status == 1)
        #expect(flag.stderr.contains("--options: studioBadge.default.options.colour"), "\(flag.stderr)")
        // A misspelt widget in the file is refused with the catalog.
        try Data(#"{"previews": {"studioBadg": []}}"#.utf8).write(to: previews)
        let file = try StudioProcess.run(["preview", "--list", "--assets", assets.path])
        #expect(file.status == 1)
        #expect(file.stderr.contains("previews.studioBadg: no widget is named 'studioBadg'"), "\(file.stderr)")
    }
}
