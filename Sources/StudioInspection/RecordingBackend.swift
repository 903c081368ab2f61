import StudioKit

/// A backend decorator that writes every input event the driver polls, with the frame
/// number, to `sink` (one `InputRecording` line per event). Frames are counted by polls:
/// the driver polls once per frame.
package final class RecordingBackend: Backend {
    package let base: Backend
    /// Receives each recorded line (without a newline).
    package let sink: (String) -> Void
    /// The frame the next poll belongs to.
    package private(set) var frame = 0

    package init(base: Backend, sink: @escaping (String) -> Void) {
        self.base = base
        self.sink = sink
    }

    package func pollInput(now: Double) -> [InputEvent] {
        let events = base.pollInput(now: now)
        for e in events { sink(InputRecording.line(RecordedInput(frame: frame, event: e))) }
        frame += 1
        return events
    }

    package func render(_ list: DisplayList) throws { try base.render(list) }
    package func present() throws { try base.present() }
    package func stop() { base.stop() }
    package var textMeasurer: TextMeasurer { base.textMeasurer }
}

/// A backend decorator that adds recorded events at their frames to the base's input: the
/// replay side of `RecordingBackend`.
package final class ReplayBackend: Backend {
    package let base: Backend
    private var pending: [RecordedInput]
    private var next = 0
    package private(set) var frame = 0

    package init(base: Backend, recording: [RecordedInput]) {
        self.base = base
        pending = recording
    }

    package func pollInput(now: Double) -> [InputEvent] {
        var events = base.pollInput(now: now)
        while next < pending.count, pending[next].frame <= frame {
            events.append(pending[next].event)
            next += 1
        }
        frame += 1
        return events
    }

    package func render(_ list: DisplayList) throws { try base.render(list) }
    package func present() throws { try base.present() }
    package func stop() { base.stop() }
    package var textMeasurer: TextMeasurer { base.textMeasurer }
}
