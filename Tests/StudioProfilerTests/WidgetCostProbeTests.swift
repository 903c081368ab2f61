import StudioKit
import Testing

@testable import StudioProfiler

@Suite struct WidgetCostProbeTests {
    @Test func topNOrdersByUpdatePlusDraw() {
        let probe = WidgetCostProbe()
        let a = Widget(name: "a", level: 0), b = Widget(name: "b", level: 0), c = Widget(name: "c", level: 0)
        probe.record(a, .update, seconds: 0.001)
        probe.record(a, .draw, seconds: 0.001)  // a: 2 ms
        probe.record(b, .draw, seconds: 0.003)  // b: 3 ms
        probe.record(c, .update, seconds: 0.0005)  // c: 0.5 ms
        probe.record(c, .update, seconds: 0.0005)  // c: 1 ms
        probe.frameEnded()
        probe.frameEnded()
        let top = probe.top(2)
        #expect(top.map(\.name) == ["b", "a"])
        #expect(abs(top[1].updateSeconds - 0.001) < 1e-12 && abs(top[1].drawSeconds - 0.001) < 1e-12)
        #expect(abs(top[0].totalPerFrame - 0.0015) < 1e-12)
        #expect(probe.top(10).map(\.name) == ["b", "a", "c"])
        #expect(probe.top(0).isEmpty)
        probe.reset()
        #expect(probe.top(3).isEmpty)
    }

    @Test func probeOnAStudioMeasuresItsWidgets() throws {
        let driver = try StudioDriver(provider: OneRoomProvider(), backend: ScriptedBackend(), clock: ManualClock())
        let probe = WidgetCostProbe()
        driver.studio.environment.probe = probe
        try driver.runFrame()
        #expect(probe.costs.contains { $0.name == "box" && $0.drawSeconds > 0 })
    }

    @Test func rasterGoesToTheWidgetsThatDrewTheItems() {
        let probe = WidgetCostProbe()
        let a = Widget(name: "a", level: 0), b = Widget(name: "b", level: 0), quiet = Widget(name: "quiet", level: 0)
        probe.record(a, items: 0..<2)
        probe.record(b, items: 2..<3)
        probe.record(quiet, .draw, seconds: 0.000_001)
        // Item 3 is an overlay's, drawn by no widget; item 9 is past the list (not counted).
        probe.recordRaster(itemNanos: [1_000, 2_000, 5_000, 7_000])
        probe.record(a, items: 8..<10)
        probe.recordRaster(itemNanos: [1, 1, 1])
        probe.frameEnded()
        let costs = Dictionary(uniqueKeysWithValues: probe.costs.map { ($0.name, $0) })
        #expect(costs["a"]?.rasterSeconds == 3e-6)
        #expect(costs["b"]?.rasterSeconds == 5e-6)
        #expect(costs["quiet"]?.rasterSeconds == 0)
        #expect(probe.top(1).first?.name == "b", "raster counts in the total")
        #expect(probe.takeCostliest()?.name == "b")
        // A frame's items are forgotten when it ends: the next frame's raster goes by its own.
        probe.record(b, items: 0..<1)
        probe.frameEnded()
        probe.recordRaster(itemNanos: [4_000])
        #expect(probe.costs.first { $0.name == "b" }?.rasterSeconds == 5e-6)
    }

    @Test("the n costliest since the last call, costliest first, ties in the order first seen; each call starts anew")
    func costliestFew() {
        let probe = WidgetCostProbe()
        let widgets = ["a", "b", "c", "d", "e"].map { Widget(name: $0, level: 0) }
        for (widget, seconds) in zip(widgets, [0.002, 0.005, 0.001, 0.005, 0]) { probe.record(widget, .update, seconds: seconds) }
        let top = probe.takeCostliest(3)
        #expect(top.map(\.name) == ["b", "d", "a"])
        #expect(top.map(\.seconds) == [0.005, 0.005, 0.002])
        #expect(probe.takeCostliest(3).isEmpty, "nothing recorded since")
        probe.record(widgets[4], .draw, seconds: 0.001)
        #expect(probe.takeCostliest(10).map(\.name) == ["e"], "a widget that recorded nothing is left out")
    }
}
