import Dispatch
import StudioInspection
import Testing

@testable import StudioKit

/// The driver's reactions: close, room change, lite mode, notes from the inbox; what it
/// reacts to during dispatch takes effect in the update phase.
@Suite("Driver reactions")
struct LoopDriverLifecycleTests {
    @Test("the driver loads the studio of room position 0 when it is made")
    func startsLoaded() throws {
        let h = try DriverHarness()
        #expect(h.driver.studio.lifecycle == .loaded)
        #expect(h.driver.state.room.id == 0)
        #expect(!h.driver.isFinished)
    }

    @Test("Escape closes the studio: its lifecycle ends at left and the driver is finished")
    func escapeCloses() throws {
        var script = InputScript()
        script.key(.escape, at: 5)
        let h = try DriverHarness(script: script)
        try h.run(5)
        #expect(!h.driver.isFinished)
        try h.run(1)
        #expect(h.driver.state.isClosing)
        #expect(h.driver.studio.lifecycle == .left)
        #expect(h.driver.isFinished)
    }

    @Test("closing the window ends the studio the same way")
    func quitCloses() throws {
        var script = InputScript()
        script.quit(at: 3)
        let h = try DriverHarness(script: script)
        try h.run(4)
        #expect(h.driver.isFinished)
        #expect(h.driver.studio.lifecycle == .left)
    }

    @Test("run without a frame limit returns once the studio has closed")
    func runStopsWhenFinished() throws {
        var script = InputScript()
        script.key(.escape, at: 7)
        let h = try DriverHarness(script: script)
        try h.driver.run(frames: nil, paced: false) { h.clock.advance(by: 1.0 / 60.0) }
        #expect(h.backend.rendered.count == 8)
        #expect(h.driver.isFinished)
    }

    @Test("a committed vertical swipe starts a transition to room position 1 in the same frame")
    func upStartsATransition() throws {
        var script = InputScript()
        script.key(.up, at: 3)
        let h = try DriverHarness(script: script)
        try h.run(4)
        let transition = try #require(h.driver.state.transition)
        #expect(transition.direction == 1)
        #expect(h.driver.state.position == 1)
        #expect(h.driver.incoming === (try h.studio(1)))
        #expect(try h.studio(0).lifecycle == .leaving)
    }

    @Test("when the transition ends the new room is current and the old studio has left")
    func transitionCompletes() throws {
        var script = InputScript()
        script.key(.up, at: 3)
        let h = try DriverHarness(script: script)
        try h.run(4 + 30)
        #expect(h.driver.state.transition == nil)
        #expect(h.driver.incoming == nil)
        #expect(h.driver.state.room.id == 1)
        #expect(h.driver.studio === (try h.studio(1)))
        #expect(h.driver.studio.lifecycle == .loaded)
        #expect(try h.studio(0).lifecycle == .left)
        #expect(try h.studio(0).root.subtree().allSatisfy { !$0.isLoaded })
    }

    @Test("closing the window during a room transition leaves both studios")
    func quitDuringTransition() throws {
        var script = InputScript()
        script.key(.up, at: 2)
        script.quit(at: 5)
        let h = try DriverHarness(script: script)
        try h.driver.run(frames: 60, paced: false) { h.clock.advance(by: 1.0 / 60.0) }
        #expect(h.driver.isFinished)
        #expect(try h.studio(0).lifecycle == .left)
        let incoming = try h.studio(1)
        #expect(incoming.lifecycle == .left)
    }

    @Test("the loop tells its backend it stopped, once, whether its frames ran out or the window closed")
    func runStopsTheBackend() throws {
        let ranOut = try DriverHarness()
        try ranOut.driver.run(frames: 10, paced: false) { ranOut.clock.advance(by: 1.0 / 60.0) }
        #expect(ranOut.backend.stopCount == 1)
        #expect(ranOut.backend.presentCount == 10)
        var script = InputScript()
        script.quit(at: 3)
        let closed = try DriverHarness(script: script)
        try closed.driver.run(frames: nil, paced: false) { closed.clock.advance(by: 1.0 / 60.0) }
        #expect(closed.backend.stopCount == 1)
        // A decorator passes it on to the backend it wraps.
        let recording = RecordingBackend(base: closed.backend) { _ in }
        recording.stop()
        #expect(closed.backend.stopCount == 2)
    }

    @Test("a finger swiping up drags the room with it, then changes to the next room")
    func fingerSwipeChangesRoom() throws {
        var script = InputScript()
        script.pointer(.down, at: Point(x: 360, y: 1000), frame: 2)
        for (i, y) in [950.0, 850, 700, 550].enumerated() {
            script.pointer(.moved, at: Point(x: 360, y: y), frame: 3 + i)
        }
        script.pointer(.up, at: Point(x: 360, y: 550), frame: 7)
        let h = try DriverHarness(script: script)
        try h.run(7)
        #expect(h.driver.state.dragOffset < 0)
        #expect(h.driver.state.transition == nil)
        try h.run(2)
        #expect(h.driver.state.transition?.direction == 1)
        #expect(h.driver.state.dragOffset == 0)
        try h.run(30)
        #expect(h.driver.state.position == 1)
    }

    @Test("a swipe down goes to the previous room position")
    func downGoesBack() throws {
        var script = InputScript()
        script.key(.down, at: 2)
        let h = try DriverHarness(script: script)
        try h.run(40)
        #expect(h.driver.state.position == -1)
        #expect(h.driver.state.room.id == -1)
    }

    @Test("a room change requested during dispatch takes effect in the update phase")
    func reactionsWaitForTheUpdatePhase() throws {
        var script = InputScript()
        script.key(.up, at: 1)
        let h = try DriverHarness(script: script)
        try h.run(1)
        // Frame 1 runs without advancing the clock: dispatch happens, but no update step.
        try h.driver.runFrame()
        #expect(h.driver.state.transition == nil)
        #expect(h.driver.state.position == 0)
        try h.run(1)
        #expect(h.driver.state.transition != nil)
        #expect(h.driver.state.position == 1)
    }

    @Test("input does not reach a room while a transition is under way")
    func noInputDuringTransition() throws {
        var script = InputScript()
        script.key(.up, at: 2)
        script.key(.up, at: 5)
        script.key(.space, at: 6)
        let h = try DriverHarness(script: script)
        try h.run(40)
        #expect(h.driver.state.position == 1)
        #expect(h.provider.made.count == 2)
        #expect(try h.heartsSpawned(0) == 0)
        #expect(try h.heartsSpawned(1) == 0)
    }

    @Test("L and a horizontal swipe switch lite mode")
    func liteModeFollows() throws {
        var script = InputScript()
        script.key(.l, at: 2)
        script.key(.left, at: 10)
        script.key(.right, at: 20)
        let h = try DriverHarness(script: script)
        try h.run(3)
        #expect(h.driver.studio.isLiteMode)
        try h.run(8)
        #expect(!h.driver.studio.isLiteMode)
        try h.run(10)
        #expect(h.driver.studio.isLiteMode)
    }

    @Test("a note sent to the inbox from another thread is published in the next frame")
    func inboxNotesArePublished() throws {
        let h = try DriverHarness()
        let log = CallLog()
        let listener = LoggingListener("l", log: log)
        listener.listen(to: .tick, on: h.driver.studio.announcer)
        let inbox = h.driver.inbox
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { inbox.send(StudioNote(.tick, 7)) }
        group.wait()
        #expect(log.entries.isEmpty)
        try h.run(1)
        #expect(log.entries == ["l:tick"])
        #expect(listener.values(of: .tick) == [7])
    }

    @Test("a runaway event chain in a studio is stopped within the frame and logged")
    func runawaysAreLogged() throws {
        let h = try DriverHarness()
        let announcer = h.driver.studio.announcer
        let echo = LoggingListener("echo", log: CallLog()) { _ in announcer.publish(.ping) }
        echo.listen(to: .ping, on: announcer)
        announcer.publish(.ping)
        try h.run(1)
        #expect(announcer.pendingCount == 0)
        #expect(h.logged.count == 1)
        #expect(h.logged.first?.contains("runaway") == true)
    }

    @Test("a flood over the frame's event budget every frame is said once, and how often it recurred at the end")
    func recurringRunawaySaidOnce() throws {
        let h = try DriverHarness()
        let announcer = h.driver.studio.announcer
        for _ in 0..<5 {
            for _ in 0...announcer.maxDeliveriesPerFrame * 2 { announcer.publish(.ping) }
            try h.run(1)
        }
        #expect(h.logged.count == 1, "\(h.logged)")
        #expect(h.logged.first?.contains("events in one frame") == true)
        h.driver.shutdown()
        #expect(h.logged.count == 2)
        #expect(h.logged.last?.hasSuffix("more times after the first") == true, "\(h.logged)")
    }
}
