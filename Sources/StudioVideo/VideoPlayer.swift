import Foundation
import StudioKit

/// The video player: an I/O component that plays a file into the displayer. It hears only
/// `DriverControl`s (rooms, the loop's clock, `.video` play, pause, seek, rate, loop) and
/// says only `StudioNote`s through the inbox: ready, the frame to show, progress, buffering,
/// ended, failed.
///
/// Real-time runs decode on a thread of the player's own into a small queue of frames,
/// as video players do, and show each frame when the loop's clock reaches its time (the
/// loop takes it from the queue as its clock advances: `FrameSchedule`); a frame whose
/// time passed before it was shown is dropped and counted. Lockstep runs
/// (headless, tests, goldens) decode on the loop thread when the clock advances, so the
/// frame shown at simulated time t is always the stream's frame for t.
///
/// A player plays one channel (`VideoChannel`): it hears only that channel's controls and
/// sends that channel's notes. On the main channel each room entered plays the file from
/// its start; on another, only a room whose widgets ask for the stream (`.play`) plays it.
/// A room whose configuration names a file of its own asks for it (`VideoControl.open`) as
/// it loads. A file that cannot be played fails the rooms that play it with the channel's
/// `failed` note, and they keep their procedural picture. A player with no file of its own
/// plays only the rooms that name one.
package final class VideoPlayer: IOComponent {
    /// Frames decoded ahead at most: a sixth of a second at 30 fps, little memory.
    package static let queueCapacity = 5

    /// The stream it plays: it hears only this channel's controls.
    package let channel: VideoChannel
    private let mailbox = VideoMailbox()
    /// Lockstep: the player, run on the loop's thread. Real time: nil, the decoding thread owns it.
    private let lockstepCore: PlaybackCore?
    /// The decoded frames: the loop takes the one due from it as its clock advances.
    private let schedule: FrameSchedule
    /// The failure that keeps the file from playing, if any.
    package let failure: VideoError?

    /// Opens `path` (the failure, if any, is reported to each room, not thrown) and, unless
    /// `lockstep`, starts the decoding thread.
    ///
    /// - Parameter lead: seconds between the clock an advance brings and the frame that draws
    ///   what it sends (one loop step: a note reaches the widgets at the start of the next
    ///   frame), so that the frame drawn at simulated time t shows the stream at t, as a
    ///   player schedules its frames for the next vsync.
    ///   - path: the file every room plays (nil: only the rooms that name one play anything).
    ///   - channel: the stream it plays (the room's own by default).
    ///   - assets: the folder relative paths that rooms name are under.
    ///   - report: told once for each file that fails after the player is made: a file a
    ///     room's configuration names that cannot be opened, or any stream that errors
    ///     midway (on the decoding thread, in a window). `failure` gives the player's own
    ///     file's failure to open at once, so it is not told again.
    package init(
        path: String?, channel: VideoChannel = .main, inbox: Inbox<StudioNote>, lockstep: Bool,
        lead: Double = 1.0 / 60, maxSide: Int = 1280, loops: Bool = true, assets: URL? = nil,
        report: (@Sendable (VideoError) -> Void)? = nil
    ) {
        self.channel = channel
        // Lockstep runs must give the same pixels everywhere; a window takes the fastest conversion.
        let open: @Sendable (String) -> Result<VideoDecoder, Error> = { file in
            Result { try VideoDecoder(path: file, maxSide: maxSide, exact: lockstep) }
        }
        func makeCore() -> PlaybackCore {
            PlaybackCore(
                main: path.map(open), channel: channel, open: open, assets: assets, inbox: inbox, loops: loops,
                lead: lead.isFinite ? max(0, lead) : 0, queueCapacity: lockstep ? 0 : Self.queueCapacity,
                report: report)
        }
        // Each path makes its own: the one kept in `self` and the one handed to the thread
        // must be apart for the compiler to see that the thread's is its alone.
        if lockstep {
            let core = makeCore()
            (schedule, failure, lockstepCore) = (core.schedule, core.failure, core)
            return
        }
        let core = makeCore()
        (schedule, failure, lockstepCore) = (core.schedule, core.failure, nil)
        let mailbox = self.mailbox
        BackgroundThread.start(named: "video decode", owning: core) { core in
            BackgroundThread.yieldToTheLoop()
            while true {
                let (controls, clock) = mailbox.take(waiting: !core.hasWork, wantsClock: core.isPlayingAFile)
                for control in controls {
                    if control == .shutdown {
                        mailbox.finish()
                        return
                    }
                    core.apply(control)
                }
                if let clock { core.clock = clock }
                core.step()
            }
        }
    }

    /// Whether the current room plays a file (lockstep: read on the loop thread, which runs it).
    var isPlayingAFile: Bool { lockstepCore?.isPlayingAFile ?? false }

    /// Frames decoded ahead and waiting for their time.
    var framesQueued: Int { schedule.status.queued }

    deinit { mailbox.post(.shutdown) }

    /// Lockstep: applies `control` at once (an advance decodes up to the new time). Real
    /// time: queues it for the decoding thread and returns; `.shutdown` waits for the thread.
    package func handle(_ control: DriverControl) {
        if case .video(_, let other) = control, other != channel { return }
        if let core = lockstepCore {
            if case .advance(let t) = control { core.clock = t }
            core.apply(control)
            core.step()
            return
        }
        mailbox.post(control)
        // The frame due now is taken from the queue here, on the loop's thread, whether or
        // not the decoding thread runs.
        if case .advance(let t) = control { schedule.present(at: t, thread: "loop") }
        if control == .shutdown { mailbox.waitUntilFinished() }
    }
}

/// Controls for the decoding thread, and the latest clock, under one lock.
final class VideoMailbox: Sendable {
    private struct Box {
        var controls: [DriverControl] = []
        var clock: Double?
        var finished = false
        /// Whether the thread has a file to play: without one, the loop's clock changes
        /// nothing there, and waking it every frame would only cost the loop a system call.
        var wantsClock = true
    }

    private let box = Awaited(Box())

    func post(_ control: DriverControl) {
        // Advances only move the clock: the thread needs the latest, not each one.
        if case .advance(let t) = control {
            box.update { box in
                box.clock = t
                return box.wantsClock ? .one : .none
            }
        } else {
            box.update { box in
                box.controls.append(control)
                return .one
            }
        }
    }

    /// The controls waiting and the latest clock (nil: unchanged); with `waiting`, blocks
    /// until there is something it wants (`wantsClock`: a new clock counts).
    func take(waiting: Bool, wantsClock: Bool) -> ([DriverControl], Double?) {
        box.withLock { $0.wantsClock = wantsClock }
        return box.wait(until: { !waiting || !$0.controls.isEmpty || ($0.clock != nil && $0.wantsClock) }) { box in
            let taken = (box.controls, box.clock)
            box.controls.removeAll()
            box.clock = nil
            return taken
        }
    }

    func finish() {
        box.update { box in
            box.finished = true
            return .all
        }
    }

    func waitUntilFinished() {
        box.wait(until: { $0.finished }) { _ in }
    }
}
