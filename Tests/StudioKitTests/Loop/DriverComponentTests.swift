import Testing

@testable import StudioKit

/// An I/O component that records the controls it gets and, on `advance`, sends one note.
private final class RecordingComponent: IOComponent {
    let inbox: Inbox<StudioNote>
    private(set) var controls: [DriverControl] = []
    var noteRoomID: Int?

    init(inbox: Inbox<StudioNote>) { self.inbox = inbox }

    func handle(_ control: DriverControl) {
        controls.append(control)
        if case .advance = control { inbox.send(StudioNote(.componentPing, roomID: noteRoomID)) }
    }
}

@Suite("driver and its I/O components")
struct DriverComponentTests {
    @Test("a component hears the room entered, simulated time once per frame, and the room left")
    func controlsInOrder() throws {
        var script = InputScript()
        script.key(.up, at: 3)
        let h = try DriverHarness(script: script)
        let c = RecordingComponent(inbox: h.driver.inbox)
        h.driver.add(c)
        try h.run(40)
        let kinds = c.controls.map { control -> String in
            switch control {
            case .roomEntered(let r): "enter \(r.id)"
            case .roomLeft(let r): "leave \(r.id)"
            case .advance: "advance"
            case .video(let v, let channel): "video \(v) on \(channel)"
            case .shutdown: "shutdown"
            }
        }
        let marks = kinds.filter { $0 != "advance" }
        #expect(marks == ["enter 0", "leave 0", "enter 1"])
        #expect(kinds.filter { $0 == "advance" }.count == 39)
        h.driver.shutdown()
        #expect(c.controls.last == .shutdown)
    }

    @Test("advance carries the loop's simulated time, which only grows")
    func advanceTimes() throws {
        let h = try DriverHarness()
        let c = RecordingComponent(inbox: h.driver.inbox)
        h.driver.add(c)
        try h.run(10)
        let times = c.controls.compactMap { control -> Double? in
            if case .advance(let t) = control { return t } else { return nil }
        }
        #expect(times == times.sorted())
        #expect(abs(times.last! - h.driver.loop.simulatedTime) < 1e-12)
    }

    @Test("notes for the current room are published; notes for another room are dropped and counted")
    func staleNotesDropped() throws {
        let h = try DriverHarness()
        let counter = LoggingListener("counter", log: CallLog())
        counter.listen(to: .componentPing, on: h.driver.studio.announcer)
        let c = RecordingComponent(inbox: h.driver.inbox)
        h.driver.add(c)
        c.noteRoomID = 0
        try h.run(5)
        let announced = counter.received.count
        #expect(announced >= 3)
        c.noteRoomID = 99
        try h.run(5)
        #expect(counter.received.count == announced + 1)  // the one sent in the last frame of the first run
        #expect(h.driver.staleNotes >= 4)
    }

    @Test("a connection change from a component lands in the driver's value state")
    func connectionInState() throws {
        let h = try DriverHarness()
        h.driver.inbox.send(StudioNote(.connectionChanged, ConnectionState.disconnected(retryIn: 2, attempt: 1)))
        try h.run(2)
        #expect(h.driver.state.connection == .disconnected(retryIn: 2, attempt: 1))
    }
}

private extension EventKey where Payload == NoPayload {
    static let componentPing = EventKey("componentPing")
}
