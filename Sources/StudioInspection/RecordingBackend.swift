import StudioKit

/// A backend decorator that writes every input event the driver polls, with the frame
/// number, to `sink` (one `InputRecording` line per event). Frames are counted by polls:
/// the driver polls once per frame.
public final class RecordingBackend: Backend {
    public let base: Backend
    /// Receives each recorded line (without a newline).
    public let sink: (String) -> Void
    /// The frame the next poll belongs to.
    public private(set) var frame = 0

    public init(base: Backend, sink: @escaping (String) -> Void) {
        self.base = base
        self.sink = sink
    }

    public func pollInput(now: Double) -> [InputEvent] {
        let events = base.pollInput(now: now)
        for e in events { sink(InputRecording.line(RecordedInput(frame: frame, event: e))) }
        frame += 1
        return events
    }

    public func render(_ list: DisplayList) throws { try base.render(list) }
    public func present() throws { try base.present() }
    public func stop() { base.stop() }
    public var textMeasurer: TextMeasurer { base.textMeasurer }
}

/// A backend decorator that adds recorded events at their frames to the base's input: the
/// replay side of `RecordingBackend`.
public final class ReplayBackend: Backend {
    public let base: Backend
    private var pending: [RecordedInput]
    private var next = 0
    public private(set) var frame = 0

    public init(base: Backend, recording: [RecordedInput]) {
        self.base = base
        pending = recording
    }

    public func pollInput(now: Double) -> [InputEvent] {
        var events = base.pollInput(now: now)
        while next < pending.count, pending[next].frame <= frame {
            events.append(pending[next].event)
            next += 1
        }
        frame += 1
        return events
    }

    public func render(_ list: DisplayList) throws { try base.render(list) }
    public func present() throws { try base.present() }
    public func stop() { base.stop() }
    public var textMeasurer: TextMeasurer { base.textMeasurer }
}
