import RoomFixtures
import Foundation
import StudioInspection
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Danmaku keep-out zones")
struct DanmakuKeepOutTests {
    /// The audience room as shipped, with its band moved up to the default top (180), where
    /// it would cross the LIVE timer, the host card's shadow and the lucky box.
    static func audience(top: Double = 180, height: Double = 720) throws -> ConfiguredStudioFixture {
        var config = try ConfiguredStudioFixture.shippedConfig(StudioKinds.audience)
        let i = try #require(config.widgets.firstIndex { $0.name == "danmaku" })
        config.widgets[i].options = ["top": .number(top), "height": .number(height)]
        return try ConfiguredStudioFixture(config: config)
    }

    /// The keep-out widgets' rectangles in studio coordinates.
    static func keepOutRects(_ f: ConfiguredStudioFixture) throws -> [String: Rect] {
        let video = try #require(f.widget("video", as: VideoPlayerWidget.self))
        let host = try #require(f.widget("hostInfo"))
        let box = try #require(f.widget("activityIcon"))
        let button = try #require(f.widget("danmakuButton"))
        let rotate = try #require(f.widget("rotateButton"))
        let gifts = try #require(f.widget("giftCombo", as: GiftComboWidget.self))
        return [
            "LIVE timer": video.transformToRoot.apply(video.overlayKeepOutRect),
            "host card": host.parent!.transformToRoot.apply(host.frame),
            "lucky box": box.parent!.transformToRoot.apply(box.frame),
            "弹 button": button.parent!.transformToRoot.apply(button.frame),
            "rotate button": rotate.parent!.transformToRoot.apply(rotate.frame),
            "gift track": gifts.parent!.transformToRoot.apply(
                gifts.overlayKeepOutRect.offsetBy(
                    dx: gifts.frame.minX,
                    dy: gifts.frame.minY)),
        ]
    }

    static func feed(_ danmaku: DanmakuWidget, step: Int, _ random: inout SeededRandom) {
        guard step % 4 == 0 else { return }
        let roll = random.unit()
        let mode: DanmakuMode = roll < 0.1 ? .top : roll < 0.2 ? .reverse : .scroll
        let text = roll < 0.15 ? "hi" : DanmakuLaneTests.randomText(&random)
        danmaku.enqueue(DanmakuItem(text: text, mode: mode, size: random.unit() < 0.2 ? .large : .normal))
    }

    @Test("the shipped kinds keep the danmaku off the LIVE timer, the host card, the lucky box and the controls")
    func shippedFlags() throws {
        for kind in StudioKinds.all {
            let config = try ConfiguredStudioFixture.shippedConfig(kind)
            for name in ["video", "hostInfo", "activityIcon"] {
                guard let entry = config.entry(named: name) else { continue }
                #expect(entry.keepOut == true, "\(kind): \(name)")
            }
        }
        let f = try Self.audience()
        #expect(f.widget("video")?.keepsOverlaysOut == true)
        #expect(f.widget("hostInfo")?.keepsOverlaysOut == true)
        #expect(f.widget("activityIcon")?.keepsOverlaysOut == true)
        #expect(f.widget("commentList")?.keepsOverlaysOut == false)
        // Controls and the gift track keep it out by themselves, whatever a file says.
        for name in ["danmakuButton", "rotateButton", "giftCombo"] { #expect(f.widget(name)?.keepsOverlaysOut == true, "\(name)") }
    }

    @Test(
        "in every shipped kind, over a busy minute, no comment crosses a control or the gift track",
        arguments: StudioKinds.all)
    func shippedKindsKeepControlsClear(kind: RoomKind) throws {
        let f = try ConfiguredStudioFixture(kind: kind)
        guard let danmaku = f.widget("danmaku", as: DanmakuWidget.self) else { return }
        var controls: [String: Rect] = [:]
        for name in ["danmakuButton", "rotateButton"] {
            if let w = f.widget(name), !w.isHidden { controls[name] = w.parent!.transformToRoot.apply(w.frame) }
        }
        if let gifts = f.widget("giftCombo", as: GiftComboWidget.self) {
            controls["gift track"] = gifts.parent!.transformToRoot.apply(
                gifts.overlayKeepOutRect.offsetBy(
                    dx: gifts.frame.minX,
                    dy: gifts.frame.minY))
        }
        var random = SeededRandom(seed: 5)
        var seen = 0
        for step in 0..<(60 * 60) {
            Self.feed(danmaku, step: step, &random)
            f.step()
            for item in danmaku.onScreenItems where item.mode.isMoving || item.mode == .top || item.mode == .bottom {
                let box = danmaku.transformToRoot.apply(item.frame)
                seen += 1
                for (name, rect) in controls
                where item.mode.isMoving
                    ? box.minY < rect.maxY && box.maxY > rect.minY
                    : box.intersects(rect)
                {
                    Issue.record("\(kind), step \(step): '\(item.text)' crosses the \(name) \(rect)")
                    return
                }
            }
        }
        #expect(seen > 0, "\(kind): no comment was shown")
    }

    @Test("no moving comment's lanes cross a keep-out widget, and a fixed one never covers one")
    func movingLanesAvoidKeepOut() throws {
        let f = try Self.audience()
        let danmaku = try #require(f.widget("danmaku", as: DanmakuWidget.self))
        let rects = try Self.keepOutRects(f)
        var random = SeededRandom(seed: 11)
        var lanesUsed = Set<Int>()
        for step in 0..<(12 * 60) {
            Self.feed(danmaku, step: step, &random)
            f.step()
            for item in danmaku.onScreenItems {
                let box = danmaku.transformToRoot.apply(item.frame)
                for (name, rect) in rects {
                    if item.mode.isMoving {
                        try #require(
                            !(box.minY < rect.maxY && box.maxY > rect.minY),
                            "step \(step): '\(item.text)' in lanes \(item.lane)+\(item.laneSpan) crosses the \(name) \(rect)")
                    } else {
                        try #require(!box.intersects(rect), "step \(step): '\(item.text)' covers the \(name)")
                    }
                }
                lanesUsed.insert(item.lane)
            }
            try #require(DanmakuLaneTests.violations(danmaku).isEmpty)
        }
        // Lanes 0 to 4 cross the timer or the box, 10 to 13 the gift track and the buttons
        // beside it; the ones between and below fill.
        #expect(lanesUsed.contains(5) && lanesUsed.contains(9) && lanesUsed.contains(14))
        #expect(danmaku.onScreenItems.contains { $0.mode.isMoving })
    }

    @Test("a keep-out widget that is hidden frees its lanes at the next step")
    func hiddenWidgetFreesLanes() throws {
        let f = try Self.audience()
        let danmaku = try #require(f.widget("danmaku", as: DanmakuWidget.self))
        f.step()
        #expect(danmaku.keepOut.rects.count == 6)
        try #require(f.widget("activityIcon")).isHidden = true
        f.step()
        #expect(danmaku.keepOut.rects.count == 5)
        // The timer still holds lane 0, the box held lanes 1 to 4: now free.
        for i in 0..<4 { danmaku.enqueue(DanmakuItem(text: "row \(i)")) }
        f.step()
        #expect(Set(danmaku.onScreenItems.map(\.lane)) == [1, 2, 3, 4])
    }

    @Test("the movable layer's keep-out widgets stop counting once lite mode has slid it away; the video's timer still counts")
    func liteMode() throws {
        let f = try Self.audience()
        let danmaku = try #require(f.widget("danmaku", as: DanmakuWidget.self))
        f.step()
        #expect(danmaku.keepOut.rects.count == 6)
        f.studio.setLiteMode(true)
        f.run(seconds: 1)
        let video = try #require(f.widget("video", as: VideoPlayerWidget.self))
        let timer = danmaku.transformToRoot.inverted!.apply(video.transformToRoot.apply(video.overlayKeepOutRect))
        // The timer, and the lite layer's two buttons, which stay on screen in lite mode.
        #expect(danmaku.keepOut.rects.count == 3)
        #expect(danmaku.keepOut.rects.contains { $0.contains(timer) })
        f.studio.setLiteMode(false)
        f.run(seconds: 1)
        #expect(danmaku.keepOut.rects.count == 6)
    }

    @Test("the LIVE timer's keep-out area holds its badge and its clock as the video draws them")
    func timerAreaMatchesTheDrawing() throws {
        let f = try Self.audience()
        f.run(seconds: 1)
        let video = try #require(f.widget("video", as: VideoPlayerWidget.self))
        let area = video.transformToRoot.apply(video.overlayKeepOutRect)
        let measurer = ApproximateTextMeasurer()
        var found = 0
        for item in f.draw().items(in: .displayer) {
            guard case .text(let text, let font, _, let origin, let alignment) = item.command,
                text == "LIVE" || text.contains(":")
            else { continue }
            let size = measurer.measure(text, font: font)
            let x = alignment == .center ? origin.x - size.width / 2 : origin.x
            let box = item.transform.apply(Rect(x: x, y: origin.y, width: size.width, height: font.size))
            #expect(area.contains(box), "'\(text)' at \(box) outside \(area)")
            found += 1
        }
        #expect(found == 3)  // LIVE, the clock's shadow and the clock
    }

    @Test("the keepOut key of a configuration entry sets the flag, and must be true or false")
    func configurationKey() throws {
        let text = """
            { "kind": "audience", "title": "Live", "widgets": [
              { "widget": "video", "level": 110 },
              { "widget": "hostInfo", "level": 210 },
              { "widget": "commentList", "level": 250, "keepOut": true },
              { "widget": "danmaku", "level": 240, "keepOut": false } ] }
            """
        let config = try StudioConfigLoader().load(bytes: Array(text.utf8), file: "audience.json")
        #expect(config.entry(named: "commentList")?.keepOut == true)
        #expect(config.entry(named: "video")?.keepOut == nil)
        let widgets = try config.makeWidgets(catalog: .standard())
        #expect(widgets.first { $0.name == "commentList" }?.keepsOverlaysOut == true)
        #expect(widgets.first { $0.name == "video" }?.keepsOverlaysOut == false)
        let bad = text.replacingOccurrences(of: "\"keepOut\": true", with: "\"keepOut\": \"yes\"")
        #expect {
            _ = try StudioConfigLoader().load(bytes: Array(bad.utf8), file: "audience.json")
        } throws: { error in
            "\(error)".contains("widgets[2].keepOut") && "\(error)".contains("must be true or false")
        }
    }

    @Test("the audit flags a control in the band that lets the danmaku over it, and passes it once it keeps it out")
    func auditFlagsControlsUnderTheBand() throws {
        var config = try ConfiguredStudioFixture.shippedConfig(StudioKinds.audience)
        let i = try #require(config.widgets.firstIndex { $0.name == "danmakuButton" })
        config.widgets[i].keepOut = false
        let open = try ConfiguredStudioFixture(config: config)
        open.run(seconds: 1)
        let findings = LayeringAudit().run(open.studio, kind: StudioKinds.audience).findings
        let finding = try #require(findings.first { $0.rule == .overlayOverControl })
        #expect(finding.widget == "danmakuButton")
        #expect(finding.message.contains("inside the band of 'danmaku'") && finding.message.contains("keepOut"), "\(finding)")
        let shipped = try ConfiguredStudioFixture(kind: StudioKinds.audience)
        shipped.run(seconds: 1)
        #expect(!LayeringAudit().run(shipped.studio, kind: StudioKinds.audience).findings.contains { $0.rule == .overlayOverControl })
    }
}
