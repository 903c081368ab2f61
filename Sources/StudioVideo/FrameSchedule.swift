import Foundation
import StudioKit

/// The decoded frames waiting for their time, and what was shown of them. The decoding
/// thread fills it; whichever thread reaches a frame's time first presents it: the loop at
/// each advance of its clock, or the decoding thread between two decodes.
///
/// The loop presents without waiting for the decoding thread, as a player's renderer takes
/// its frame from the decoder's queue at each vsync. The decoding thread is a batch thread
/// that may sit in the middle of a decode, or wait for a core, for longer than a video
/// frame lasts while the loop and the rasterizer's workers keep both cores busy; a frame
/// already decoded and due meanwhile would otherwise be shown late, or dropped.
///
/// Every access is under one lock. Notes are sent under it too, so two threads presenting
/// at once cannot send frames out of order.
final class FrameSchedule: Sendable {
    /// A frame and the loop clock (seconds) from which it is due.
    private struct Entry {
        var frame: VideoFrame
        var due: Double
    }

    private struct Queue {
        var entries: [Entry] = []
        var room: Int?
        var shown: Picture.Identity?
        var shownTime = -1.0
        var dropped = 0
        var framesShown = 0
        var buffering = false
    }

    private let keys: VideoKeys
    private let inbox: Inbox<StudioNote>
    private let queue = Locked(Queue())

    init(keys: VideoKeys, inbox: Inbox<StudioNote>) {
        self.keys = keys
        self.inbox = inbox
    }

    /// What the decoding thread needs to know of the presenting side.
    struct Status {
        /// Frames decoded and waiting, and the bytes of their pictures.
        var queued: Int
        var queuedBytes: Int
        /// The frame shown last, and its stream time (-1: none yet).
        var shown: Picture.Identity?
        var shownTime: Double
        /// Frames that were due before another and never shown, and frames shown.
        var dropped: Int
        var framesShown: Int
        var buffering: Bool
    }

    var status: Status {
        queue.withLock { q in
            Status(
                queued: q.entries.count,
                queuedBytes: q.entries.reduce(0) { $0 + $1.frame.picture.width * $1.frame.picture.height * 4 },
                shown: q.shown, shownTime: q.shownTime, dropped: q.dropped, framesShown: q.framesShown,
                buffering: q.buffering)
        }
    }

    /// A stream starts in `room` (nil: none plays): what was queued or shown is forgotten.
    func start(room: Int?) {
        queue.withLock { q in
            q.room = room
            q.entries.removeAll()
            q.shown = nil
        }
    }

    /// Forgets the frames queued (a seek, a failure).
    func clear() {
        queue.withLock { $0.entries.removeAll() }
    }

    /// Queues `frame`, due from loop clock `due` (-infinity: at once; infinity: paused).
    func append(_ frame: VideoFrame, due: Double) {
        queue.withLock { $0.entries.append(Entry(frame: frame, due: due)) }
    }

    /// Works out every queued frame's due clock again from its stream time (play, pause or
    /// rate changed how stream time maps to the loop's clock).
    func reschedule(_ due: (Double) -> Double) {
        queue.withLock { q in
            for i in q.entries.indices { q.entries[i].due = due(q.entries[i].frame.time) }
        }
    }

    /// How early a frame may be shown. A 30 fps stream's frames fall due on every other
    /// step of a 60 Hz loop, exactly on the step's clock but for rounding: without it, a
    /// frame whose due clock rounds a hair past its step waits for the next, and when that
    /// one comes two steps at once (the loop catching up), it is passed over for the frame
    /// after it and counted dropped, though it was never late.
    static let tolerance = 0.001

    /// Shows the last frame due at loop clock `clock`; those due before it were never shown
    /// and count as dropped. A frame already shown is not sent again.
    func present(at clock: Double, thread: String) {
        queue.withLock { q in
            var latest: VideoFrame?
            while let first = q.entries.first, first.due <= clock + Self.tolerance {
                if latest != nil { q.dropped += 1 }
                latest = q.entries.removeFirst().frame
            }
            guard let frame = latest, let room = q.room else { return }
            q.shownTime = frame.time
            guard frame.picture.identity != q.shown else { return }
            q.shown = frame.picture.identity
            q.framesShown += 1
            if q.buffering {
                q.buffering = false
                inbox.send(StudioNote(keys.buffering, .playing, roomID: room), thread: thread)
            }
            inbox.send(StudioNote(keys.frame, frame, roomID: room), thread: thread)
        }
    }

    /// The stream waits for frames: says so once, until a frame is shown.
    func startBuffering(thread: String) {
        queue.withLock { q in
            guard !q.buffering, let room = q.room else { return }
            q.buffering = true
            inbox.send(StudioNote(keys.buffering, .buffering, roomID: room), thread: thread)
        }
    }
}
