import Foundation
import StudioKit
import Testing

@testable import StudioVideo

/// The queue between the decoding thread and the loop: frames shown when their clock comes,
/// the ones passed over counted, paused frames held, buffering said once.
@Suite struct FrameScheduleTests {
    func frame(_ time: Double) -> VideoFrame {
        VideoFrame(
            picture: Picture(width: 2, height: 2, identity: .init(source: 1, frame: Int(time * 30))) { _ in },
            time: time)
    }

    func notes(_ inbox: Inbox<StudioNote>) -> [StudioNote] {
        var notes: [StudioNote] = []
        inbox.drain(into: &notes)
        return notes
    }

    @Test("the last frame due is shown, those due before it are dropped, nothing is shown before its time or twice")
    func presents() {
        let inbox = Inbox<StudioNote>()
        let schedule = FrameSchedule(keys: VideoChannel.main.keys, inbox: inbox)
        schedule.start(room: 5)
        for t in [0.0, 1.0 / 30, 2.0 / 30, 3.0 / 30] { schedule.append(frame(t), due: t) }
        schedule.present(at: -0.01, thread: "loop")
        #expect(notes(inbox).isEmpty)
        schedule.present(at: 0.07, thread: "loop")
        let shown = notes(inbox)
        #expect(shown.compactMap { $0.value(.videoFrame)?.time } == [2.0 / 30])
        #expect(shown.allSatisfy { $0.roomID == 5 })
        #expect(schedule.status.dropped == 2 && schedule.status.queued == 1 && schedule.status.framesShown == 1)
        #expect(schedule.status.queuedBytes == 2 * 2 * 4, "one 2x2 frame waits")
        #expect(abs(schedule.status.shownTime - 2.0 / 30) < 1e-12)
        schedule.present(at: 0.07, thread: "video decode")
        #expect(notes(inbox).isEmpty)
        // A frame due a rounding error after the clock is shown on that step, not the next.
        schedule.present(at: 3.0 / 30 - 1e-12, thread: "loop")
        #expect(notes(inbox).compactMap { $0.value(.videoFrame)?.time } == [3.0 / 30])
        // Every frame whose time came is shown or dropped, once.
        #expect(schedule.status.framesShown == 2 && schedule.status.dropped == 2)
    }

    @Test("paused frames wait (due at infinity) until rescheduled; a new stream forgets the queue")
    func pauseAndStart() {
        let inbox = Inbox<StudioNote>()
        let schedule = FrameSchedule(keys: VideoChannel.opponent.keys, inbox: inbox)
        schedule.start(room: 1)
        schedule.append(frame(0.5), due: .infinity)
        schedule.present(at: 1e9, thread: "loop")
        #expect(notes(inbox).isEmpty)
        schedule.reschedule { $0 + 1 }
        schedule.present(at: 1.5, thread: "loop")
        // The opponent's channel has its own keys: nothing on the main channel's.
        let sent = notes(inbox)
        #expect(sent.compactMap { $0.value(VideoChannel.opponent.keys.frame)?.time } == [0.5])
        #expect(sent.compactMap { $0.value(.videoFrame) }.isEmpty)
        schedule.append(frame(0.6), due: 0)
        schedule.start(room: 2)
        #expect(schedule.status.queued == 0)
        // No room: nothing is sent.
        schedule.start(room: nil)
        schedule.append(frame(0.7), due: 0)
        schedule.present(at: 1, thread: "loop")
        #expect(notes(inbox).isEmpty)
    }

    @Test("buffering is said once, and playing again just before the next frame")
    func buffering() {
        let inbox = Inbox<StudioNote>()
        let schedule = FrameSchedule(keys: VideoChannel.main.keys, inbox: inbox)
        schedule.start(room: 3)
        schedule.startBuffering(thread: "video decode")
        schedule.startBuffering(thread: "video decode")
        #expect(notes(inbox).compactMap { $0.value(.videoBuffering) } == [.buffering])
        schedule.append(frame(1), due: 0)
        schedule.present(at: 0, thread: "loop")
        let sent = notes(inbox)
        #expect(sent.compactMap { $0.value(.videoBuffering) } == [.playing])
        #expect(sent.last?.value(.videoFrame)?.time == 1)
        #expect(!schedule.status.buffering)
    }
}
