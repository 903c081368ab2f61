import StudioFeed
import StudioInspection
import StudioKit

/// The event log's part on the loop thread: it watches the announcer's deliveries, the
/// server's notes and the input, and hands each frame's entries to the bridge in one call.
///
/// What it does per event is what a log must: an entry that keeps the payload as it is
/// (made into text later, on the server's thread, only for a page that asks). Input also
/// becomes the scenario line that replays it (`ScenarioWriter`).
final class DevToolsLogCollector {
    private let bridge: DevToolsBridge
    private var batch: [DevToolsLogEntry] = []
    private var inputLines: [(time: Double, text: String)] = []
    private var writer = ScenarioWriter()
    /// The announcer being watched (the current room's; a new room has its own).
    private weak var watched: Announcer?
    /// Notes handed to the room this frame, in order; `matched` of them were delivered.
    private var notes: [EventPayload] = []
    private var matched = 0
    /// The driver whose frame and clock stamp the entries.
    private weak var driver: StudioDriver?
    private var frame: Int { driver?.recorder.recordedCount ?? 0 }
    private var time: Double { driver?.clock.now() ?? 0 }

    init(bridge: DevToolsBridge) {
        self.bridge = bridge
    }

    deinit { watched?.monitor = nil }

    /// Watches `driver`'s current room, if it is not watched yet.
    func follow(_ driver: StudioDriver) {
        self.driver = driver
        let announcer = driver.studio.announcer
        guard announcer !== watched else { return }
        watched?.monitor = nil
        watched = announcer
        announcer.monitor = { [unowned self] payload, reached in self.delivered(payload, reached) }
    }

    func noteArrived(_ note: StudioNote) {
        notes.append(note.event)
    }

    func input(_ event: InputEvent) {
        if case .pointer(let p) = event, p.phase == .hovered { return }
        let stamp: Double
        if case .pointer(let p) = event { stamp = p.time } else { stamp = time }
        batch.append(
            DevToolsLogEntry(frame: frame, time: stamp, source: .input, name: Self.name(of: event), detail: Self.detail(of: event)))
        if let line = writer.line(for: event, at: stamp) { inputLines.append((writer.lastTime, line)) }
    }

    /// A delivery: a note's when it is the next note handed to the room (notes are delivered
    /// in the order they came, and what their listeners publish is queued after them).
    private func delivered(_ payload: EventPayload, _ reached: Int) {
        var source = DevToolsLogEntry.Source.event
        if matched < notes.count, notes[matched] == payload {
            matched += 1
            source = .note
        }
        batch.append(
            DevToolsLogEntry(frame: frame, time: time, source: source, name: payload.name.rawValue, payload: payload, listeners: reached))
    }

    /// After the frame: notes the room held back are logged as such (and, rarely, one whose
    /// delivery the announcer's per-frame bound deferred), and the frame's entries go to the
    /// bridge.
    func frameEnded() {
        for note in notes[matched...] {
            batch.append(DevToolsLogEntry(frame: frame, time: time, source: .held, name: note.name.rawValue, payload: note, listeners: 0))
        }
        notes.removeAll(keepingCapacity: true)
        matched = 0
        bridge.appendLog(batch, inputLines: inputLines, time: time, frame: frame)
        batch.removeAll(keepingCapacity: true)
        inputLines.removeAll(keepingCapacity: true)
    }

    static func name(of event: InputEvent) -> String {
        switch event {
        case .pointer(let p): "pointer \(p.phase.rawValue)"
        case .key(let k): k.isDown ? "key down" : "key up"
        case .text: "text"
        case .quit: "quit"
        }
    }

    static func detail(of event: InputEvent) -> String {
        switch event {
        case .pointer(let p): "(\(InspectionFormat.number(p.position.x)), \(InspectionFormat.number(p.position.y))) id \(p.id)"
        case .key(let k): k.key.rawValue + (k.isRepeat ? " (repeat)" : "")
        case .text(let text): text
        case .quit: "the window closed"
        }
    }
}
