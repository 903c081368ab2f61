import StudioKit

/// The profiling HUD (F2 toggles it): drawn over the room as display-list items after the
/// five layers. While shown it measures every widget (a `WidgetCostProbe` on the studio's
/// environment); hidden it costs one check per frame.
package final class HUDOverlay: FrameOverlay {
    package private(set) var model = HUDModel()
    package var isVisible: Bool
    /// The widgets listed; 0 hides the list.
    package var topCount = 5
    /// Fills the counters the core cannot know (widgets of a kind, the backend's text cache).
    package var counterSource: ((StudioDriver, inout FrameCounters) -> Void)?
    package let probe = WidgetCostProbe()
    private var seenFrames = 0
    private var probedStudio: ObjectIdentifier?
    /// The costliest widget since the last frame was recorded: the probe sees a frame's
    /// widgets before the driver records its timing, so it is given to the next one recorded.
    private var pendingCostliest: (name: String, seconds: Double)?

    package init(visible: Bool = false, counterSource: ((StudioDriver, inout FrameCounters) -> Void)? = nil) {
        isVisible = visible
        self.counterSource = counterSource
    }

    package func handle(_ event: InputEvent, driver: StudioDriver) -> Bool {
        guard case .key(let k) = event, k.key == .f2 else { return false }
        if k.isDown && !k.isRepeat { setVisible(!isVisible, driver: driver) }
        return true
    }

    package func setVisible(_ visible: Bool, driver: StudioDriver) {
        isVisible = visible
        if !visible {
            if driver.studio.environment.probe === probe { driver.studio.environment.probe = nil }
            probedStudio = nil
        }
    }

    package func decorate(_ canvas: Canvas, driver: StudioDriver) {
        guard isVisible else { return }
        observe(driver)
        HUDPainter(model: model, topCount: topCount).draw(in: canvas, viewport: driver.studio.environment.viewport)
    }

    /// Takes in the frames recorded since the last call, and keeps the probe on the studio.
    func observe(_ driver: StudioDriver) {
        let recorder = driver.recorder
        if recorder.recordedCount > seenFrames {
            let fresh = min(recorder.recordedCount - seenFrames, HUDModel.historyLength)
            for t in recorder.latest(fresh) { model.record(t) }
            model.setCostliestOfLatest(pendingCostliest)
            seenFrames = recorder.recordedCount
            probe.frameEnded()
        }
        pendingCostliest = probe.takeCostliest()
        let studioID = ObjectIdentifier(driver.studio)
        if probedStudio != studioID {
            probe.reset()
            driver.studio.environment.probe = probe
            probedStudio = studioID
        }
        if probe.frames >= 30 {
            model.topWidgets = probe.top(topCount)
            probe.reset()
            model.counters.widgets = driver.studio.root.subtree().count
        }
        counterSource?(driver, &model.counters)
    }
}
