import StudioKit
import Testing

@testable import StudioProfiler

@Suite struct HUDOverlayTests {
    @Test func hiddenUntilF2ThenDrawsOnTop() throws {
        let backend = ScriptedBackend(keeping: .last)
        let clock = ManualClock()
        let driver = try StudioDriver(provider: OneRoomProvider(), backend: backend, clock: clock)
        let hud = HUDOverlay { _, counters in counters.danmakuOnScreen = 42 }
        driver.overlays.append(hud)
        clock.advance(by: 1.0 / 60)
        try driver.runFrame()
        let roomOnly = backend.rendered.last!.count
        backend.queue([.key(KeyEvent(.f2))])
        for _ in 0..<40 {
            clock.advance(by: 1.0 / 60)
            try driver.runFrame()
        }
        #expect(hud.isVisible)
        let items = backend.rendered.last!.items
        #expect(items.count > roomOnly + 40)
        // The HUD comes after the room: its items follow the five layers.
        let floatEnd = backend.rendered.last!.layerRanges[.float]?.upperBound ?? 0
        #expect(items.count > floatEnd)
        let texts = items[floatEnd...].compactMap { item -> String? in
            if case .text(let s, _, _, _, _) = item.command { return s } else { return nil }
        }
        #expect(texts.contains { $0.contains("fps") })
        #expect(texts.contains { $0.contains("danmaku 42") })
        #expect(texts.contains("phases (ms)") && texts.contains("layers (ms)"))
        #expect(texts.contains("16.7 ms"))
        #expect(texts.contains("box"))  // top widgets
        #expect(hud.model.recorded >= 39)
        // The raster workers' utilisation and the slowest of the frames seen (the widget that
        // cost it the most shows when the probe saw that frame: see the model's test).
        #expect(
            texts.contains { $0.hasPrefix("raster workers") && $0.contains("% busy") && $0.contains("slowest") },
            "\(texts)")
        // F2 again hides it and takes the probe off the studio.
        backend.queue([.key(KeyEvent(.f2))])
        clock.advance(by: 1.0 / 60)
        try driver.runFrame()
        #expect(!hud.isVisible)
        #expect(driver.studio.environment.probe == nil)
        #expect(backend.rendered.last!.count == roomOnly)
    }

    @Test("the slowest frame keeps its costliest widget; a probe's costliest is per window of calls")
    func slowestFrameNamesItsWidget() {
        var model = HUDModel()
        for (i, ms) in [2.0, 9.0, 3.0].enumerated() {
            var t = FrameTiming(index: i)
            t[.render] = ms / 1000
            model.record(t)
            model.setCostliestOfLatest(("widget\(i)", ms / 2000))
        }
        #expect(model.slowest?.busy == 0.009)
        #expect(model.slowest?.widget?.name == "widget1")
        final class Token {}
        let (a, b) = (Token(), Token())
        let probe = WidgetCostProbe()
        probe.record(id: ObjectIdentifier(a), name: "a", .update, seconds: 0.001)
        probe.record(id: ObjectIdentifier(b), name: "b", .draw, seconds: 0.003)
        #expect(probe.takeCostliest()?.name == "b")
        #expect(probe.takeCostliest() == nil, "a new window starts empty")
    }

    @Test func modelKeepsLast300AndMarksSlowFrames() {
        var model = HUDModel()
        for i in 0..<400 {
            var t = FrameTiming(index: i)
            t[.update] = i % 10 == 0 ? 0.020 : 0.005
            model.record(t)
        }
        #expect(model.orderedHistory.count == 300)
        #expect(model.slowFrames == 30)
        #expect(abs(model.fps - 1 / 0.0065) < 1)
    }
}
