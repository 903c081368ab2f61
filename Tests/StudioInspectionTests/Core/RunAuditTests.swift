import StudioInspection
import Testing

@testable import StudioKit

/// A label on a pill: the pill `pillWidth` wide, the text after 12 px, both at the widget's
/// top left.
private final class PillWidget: Widget {
    var text: String
    let pillWidth: Double
    init(name: String, text: String, pillWidth: Double, frame: Rect) {
        self.text = text
        self.pillWidth = pillWidth
        super.init(name: name, level: 220, frame: frame)
    }
    override func draw(in canvas: Canvas) {
        canvas.fillRoundedRect(Rect(x: 0, y: 0, width: pillWidth, height: 32), radius: 16, Color(r: 200, g: 40, b: 80, a: 255))
        canvas.text(text, font: .regular(20), color: .white, at: Point(x: 12, y: 4))
    }
}

/// A banner: a backing of `backing` opacity and a line of text on it, shown while `isShown`.
/// Touches pass through, as a banner's do.
private final class BannerWidget: Widget {
    var isShown = true
    let backing: UInt8
    let line: String
    init(name: String, line: String, backing: UInt8, frame: Rect, level: Double = 420) {
        self.backing = backing
        self.line = line
        super.init(name: name, level: level, frame: frame)
        passesTouchesThrough = true
    }
    override func draw(in canvas: Canvas) {
        guard isShown else { return }
        canvas.fillRoundedRect(bounds, radius: 12, Color(r: 16, g: 16, b: 24, a: backing))
        canvas.text(line, font: .regular(20), color: .white, at: Point(x: 10, y: 8))
    }
}

/// A control with a label, which takes taps everywhere on it.
private final class ButtonWidget: Widget {
    let label: String
    init(name: String, label: String, frame: Rect) {
        self.label = label
        super.init(name: name, level: 230, frame: frame)
    }
    override func draw(in canvas: Canvas) {
        canvas.fillRoundedRect(bounds, radius: 8, Color(r: 60, g: 60, b: 60, a: 255))
        canvas.text(label, font: .regular(20), color: .white, at: Point(x: 10, y: 10))
    }
    override func handleTap(at point: Point) -> Bool { true }
}

@Suite("The run audit: a whole run, text in its pill, text over text, banners over controls")
struct RunAuditTests {
    static func studio(_ widgets: [Widget]) throws -> Room {
        let studio = InteractionAuditTests.studio()
        for w in widgets { try studio.add(w) }
        return studio
    }

    // The approximate measurer: 0.55 em per Latin character, so 20 px text is 11 px a
    // character and 24 px tall.

    @Test("text that runs out of the pill it is drawn on is cut, though it stays in its frame; fitted to the pill it passes")
    func pill() throws {
        // "Co-streaming" is 12 characters, 132 px, from x 12: past a 120 px pill, inside a
        // 300 px frame.
        let pill = PillWidget(name: "badge", text: "Co-streaming", pillWidth: 120, frame: Rect(x: 100, y: 300, width: 300, height: 48))
        let report = LayeringAudit().run(try Self.studio([pill]), kind: "test")
        let finding = try #require(report.findings.first { $0.rule == .textCut }, "\(report.text)")
        #expect(finding.widget == "badge")
        #expect(finding.message.contains("past the right of the box it is drawn on 100,300 120x32"), "\(finding.message)")
        #expect(finding.rect == ScreenRect(Rect(x: 112, y: 304, width: 132, height: 24)))

        let fitted = PillWidget(name: "badge", text: "Co-streaming", pillWidth: 156, frame: Rect(x: 100, y: 300, width: 300, height: 48))
        let after = LayeringAudit().run(try Self.studio([fitted]), kind: "test")
        #expect(!after.findings.contains { $0.rule == .textCut }, "\(after.text)")
    }

    @Test("a banner's text over a card's text with a see-through backing is text over text, naming both and the crossing")
    func textOverText() throws {
        let card = PillWidget(name: "card", text: "Happy birthday!", pillWidth: 300, frame: Rect(x: 100, y: 300, width: 300, height: 48))
        let banner = BannerWidget(
            name: "banner", line: "Leo sent Rocket", backing: 190, frame: Rect(x: 100, y: 296, width: 300, height: 48))
        let report = LayeringAudit().run(try Self.studio([card, banner]), kind: "test")
        let finding = try #require(report.findings.first { $0.rule == .textOverText }, "\(report.text)")
        #expect(finding.widget == "banner")
        #expect(finding.other == "card")
        #expect(finding.message.contains("'Leo sent Rocket' is drawn over text 'Happy birthday!'"), "\(finding.message)")
        #expect(finding.rect != nil)

        // A backing 92% opaque hides the card's line: nothing reads through the banner's.
        let solid = BannerWidget(
            name: "banner", line: "Leo sent Rocket", backing: 235, frame: Rect(x: 100, y: 296, width: 300, height: 48))
        let after = LayeringAudit().run(try Self.studio([card, solid]), kind: "test")
        #expect(!after.findings.contains { $0.rule == .textOverText }, "\(after.text)")
    }

    @Test("a banner that lets taps through and hides a control is found; one beside it is not")
    func coversControl() throws {
        let button = ButtonWidget(name: "follow", label: "Follow", frame: Rect(x: 100, y: 300, width: 120, height: 60))
        let over = BannerWidget(name: "banner", line: "", backing: 255, frame: Rect(x: 80, y: 290, width: 200, height: 80))
        let report = LayeringAudit().run(try Self.studio([button, over]), kind: "test")
        let finding = try #require(report.findings.first { $0.rule == .coversControl }, "\(report.text)")
        #expect(finding.widget == "banner")
        #expect(finding.other == "follow")
        #expect(finding.message.contains("while taps there still reach it"))

        let beside = BannerWidget(name: "banner", line: "", backing: 255, frame: Rect(x: 300, y: 290, width: 200, height: 80))
        let after = LayeringAudit().run(try Self.studio([button, beside]), kind: "test")
        #expect(!after.findings.contains { $0.rule == .coversControl }, "\(after.text)")
    }

    @Test("a run audit finds what one frame shows, names its first frame and counts the frames, once per pair")
    func overTime() throws {
        let card = PillWidget(name: "card", text: "Happy birthday!", pillWidth: 300, frame: Rect(x: 100, y: 300, width: 300, height: 48))
        let banner = BannerWidget(
            name: "banner", line: "Leo sent Rocket", backing: 190, frame: Rect(x: 100, y: 296, width: 300, height: 48))
        banner.isShown = false
        let studio = try Self.studio([card, banner])
        // The last frame alone shows nothing wrong.
        #expect(LayeringAudit().run(studio, kind: "test").passed)

        var frame = 0
        let report = LayeringAudit().run(
            kind: "test", frames: 60, every: 2, studio: { studio },
            advance: {
                frame += 1
                banner.isShown = (20..<30).contains(frame)
            })
        let found = report.findings.filter { $0.rule == .textOverText }
        #expect(found.count == 1, "\(report.text)")
        #expect(found.first?.frame == 20)
        #expect(found.first?.frames == 5)
        #expect(found.first?.description.contains("first at frame 20 (0.33 s), in 5 sampled frame(s)") == true)
    }

    @Test("a layer in transit (sliding for lite mode) is left out: its text crosses the fixed layers on its way")
    func layerInTransit() throws {
        let card = PillWidget(name: "card", text: "Happy birthday!", pillWidth: 300, frame: Rect(x: 100, y: 300, width: 300, height: 48))
        let banner = BannerWidget(
            name: "banner", line: "Leo sent Rocket", backing: 190, frame: Rect(x: 100, y: 296, width: 300, height: 40), level: 320)
        let studio = try Self.studio([card, banner])
        #expect(LayeringAudit().run(studio, kind: "test").findings.contains { $0.rule == .textOverText })
        studio.layer(.movable).transform = .translation(200, 0)
        #expect(!LayeringAudit().run(studio, kind: "test").findings.contains { $0.rule == .textOverText })
    }
}
