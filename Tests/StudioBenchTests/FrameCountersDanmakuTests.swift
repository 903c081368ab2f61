import StudioBench
import StudioKit
import StudioProfiler
import Studios
import Testing

@Suite("Danmaku counters for the bench and the HUD")
struct FrameCountersDanmakuTests {
    @Test("the counters are set from the barrages each time, never added to what they held")
    func setNotAdded() {
        let widget = DanmakuWidget()
        widget.enqueue(DanmakuItem(text: "hello"))
        var counters = FrameCounters()
        counters.danmakuMerged = 500
        counters.danmakuOnScreen = 7
        counters.setDanmaku(from: [widget])
        #expect(counters.danmakuMerged == widget.stats.merged && counters.danmakuOnScreen == widget.stats.onScreen)
        counters.setDanmaku(from: [widget, widget])
        #expect(counters.danmakuOnScreen == 2 * widget.stats.onScreen && counters.danmakuBlocked == 0)
        counters.setDanmaku(from: [DanmakuWidget]())
        #expect(counters.danmakuOnScreen == 0 && counters.danmakuMerged == 0 && counters.danmakuOverDensity == 0)
    }
}
