import StudioInspection
import Testing

@testable import StudioKit

/// A widget that draws one line of text at `origin`, inside `clip` when given.
private class CaptionWidget: Widget {
    let text: String
    let origin: Point
    let clip: Rect?
    init(name: String, text: String, frame: Rect, origin: Point = Point(x: 8, y: 4), clip: Rect? = nil, level: Double = 210) {
        self.text = text
        self.origin = origin
        self.clip = clip
        super.init(name: name, level: level, frame: frame)
    }
    override func draw(in canvas: Canvas) {
        let draw = { canvas.text(self.text, font: .regular(20), color: .white, at: self.origin) }
        if let clip { canvas.withClip(clip, draw) } else { draw() }
    }
}

/// Text that crosses its frame from right to left, as danmaku does.
private final class TickerWidget: CaptionWidget, ScrollingText {
    var textScrollAxes: DragAxes { .horizontal }
    var textSweepsFrame: Bool { true }
}

/// A widget that fills its bounds with `color`.
private final class PanelWidget: Widget {
    let color: Color
    init(name: String, frame: Rect, color: Color, level: Double) {
        self.color = color
        super.init(name: name, level: level, frame: frame)
    }
    override func draw(in canvas: Canvas) { canvas.fillRect(bounds, color) }
}

@Suite("The audit's text rules: text cut off and text covered")
struct TextAuditTests {
    static func audit(_ widgets: [Widget]) throws -> AuditReport {
        let studio = InteractionAuditTests.studio()
        for w in widgets { try studio.add(w) }
        return LayeringAudit().run(studio, kind: "test")
    }

    // The approximate measurer: 0.55 em per Latin character, 1.2 em per line, so 20 px text
    // is 11 px a character and 24 px tall.

    @Test("text wider than its widget's frame is cut, naming the widget, the text, the side and the fix")
    func tooWide() throws {
        let report = try Self.audit([
            CaptionWidget(
                name: "caption", text: "A caption far too long for its box",
                frame: Rect(x: 100, y: 300, width: 200, height: 40))
        ])
        let finding = try #require(report.findings.first { $0.rule == .textCut }, "\(report.text)")
        #expect(finding.widget == "caption")
        #expect(finding.message.contains("'A caption far too long for its box'"))
        #expect(finding.message.contains("right of its frame 100,300 200x40"), "\(finding.message)")
        #expect(finding.message.contains("fitting(_:font:maxWidth:)"))
    }

    @Test("text that fits, or is fitted with …, passes; a line taller than its frame is cut at the bottom")
    func fittedAndTooShort() throws {
        let report = try Self.audit([
            CaptionWidget(name: "fits", text: "Short", frame: Rect(x: 100, y: 300, width: 200, height: 40)),
            CaptionWidget(name: "fitted", text: "A caption far too…", frame: Rect(x: 100, y: 400, width: 220, height: 40)),
            CaptionWidget(name: "flat", text: "Flat", frame: Rect(x: 100, y: 500, width: 200, height: 20), origin: .zero),
        ])
        let cut = report.findings.filter { $0.rule == .textCut }
        #expect(cut.map(\.widget) == ["flat"], "\(report.text)")
        #expect(cut.first?.message.contains("bottom") == true)
        #expect(cut.first?.message.contains("at least 24 px tall") == true, "\(cut.first?.message ?? "")")
    }

    @Test("text inside its frame but outside the clip in force is cut by the clip")
    func clipped() throws {
        let report = try Self.audit([
            CaptionWidget(
                name: "clipped", text: "Twelve chars", frame: Rect(x: 100, y: 300, width: 300, height: 40),
                clip: Rect(x: 0, y: 0, width: 80, height: 40))
        ])
        let finding = try #require(report.findings.first { $0.rule == .textCut }, "\(report.text)")
        #expect(finding.widget == "clipped")
        #expect(finding.message.contains("the clip 100,300 80x40"), "\(finding.message)")
    }

    @Test("text that scrolls may run past its frame along its axis, not across it")
    func scrolling() throws {
        let sideways = try Self.audit([
            TickerWidget(
                name: "ticker", text: "Breaking news on the ticker",
                frame: Rect(x: 0, y: 300, width: 720, height: 40), origin: Point(x: 600, y: 4))
        ])
        #expect(!sideways.findings.contains { $0.rule == .textCut }, "\(sideways.text)")
        let squashed = try Self.audit([
            TickerWidget(
                name: "ticker", text: "Breaking news",
                frame: Rect(x: 0, y: 300, width: 720, height: 16), origin: Point(x: 600, y: 0))
        ])
        #expect(
            squashed.findings.contains { $0.rule == .textCut && $0.widget == "ticker" && $0.message.contains("bottom") },
            "\(squashed.text)")
    }

    @Test("an opaque panel above another widget's text covers it, naming both; a faint one does not")
    func coveredByPanel() throws {
        let label = CaptionWidget(name: "hostName", text: "Luna", frame: Rect(x: 100, y: 300, width: 200, height: 40))
        let report = try Self.audit([
            label,
            PanelWidget(
                name: "banner", frame: Rect(x: 90, y: 290, width: 300, height: 80),
                color: .black, level: 230),
        ])
        let finding = try #require(report.findings.first { $0.rule == .textCovered }, "\(report.text)")
        #expect(finding.widget == "hostName")
        #expect(finding.message.contains("'Luna'") && finding.message.contains("'banner'"), "\(finding.message)")
        #expect(finding.message.contains("25 of 25"), "\(finding.message)")

        let faint = try Self.audit([
            CaptionWidget(name: "hostName", text: "Luna", frame: Rect(x: 100, y: 300, width: 200, height: 40)),
            PanelWidget(
                name: "banner", frame: Rect(x: 90, y: 290, width: 300, height: 80),
                color: Color.black.withAlpha(0.3), level: 230),
        ])
        #expect(!faint.findings.contains { $0.rule == .textCovered }, "\(faint.text)")
    }

    @Test("a band of moving text over a lower widget's text covers it even when the band shows nothing there")
    func coveredByBand() throws {
        let list = CaptionWidget(name: "comments", text: "Hello everyone", frame: Rect(x: 20, y: 800, width: 400, height: 40))
        // The ticker's one line is far to the right of the comment: only its band covers it.
        let band = TickerWidget(
            name: "danmaku", text: "Hi", frame: Rect(x: 0, y: 700, width: 720, height: 300),
            origin: Point(x: 650, y: 0), level: 240)
        let report = try Self.audit([list, band])
        let finding = try #require(report.findings.first { $0.rule == .textCovered }, "\(report.text)")
        #expect(finding.widget == "comments")
        #expect(finding.message.contains("band") && finding.message.contains("'danmaku'"), "\(finding.message)")
    }

    @Test("the float layer's transient overlays (sheets, toasts) cover nothing")
    func floatLayerExempt() throws {
        let report = try Self.audit([
            CaptionWidget(name: "hostName", text: "Luna", frame: Rect(x: 100, y: 300, width: 200, height: 40)),
            PanelWidget(
                name: "sheet", frame: Rect(x: 0, y: 200, width: 720, height: 600),
                color: .black, level: 456),
        ])
        #expect(!report.findings.contains { $0.rule == .textCovered }, "\(report.text)")
    }
}
