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
public final class VideoPlayer: IOComponent {
    /// Frames decoded ahead at most: a sixth of a second at 30 fps, little memory.
    public static let queueCapacity = 5

    /// The stream it plays: it hears only this channel's controls.
    public let channel: VideoChannel
    private let mailbox = VideoMailbox()
    private let core: PlaybackCore
    private let lockstepCore: PlaybackCore?
    private var thread: Thread?

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
    public init(path: String?, channel: VideoChannel = .main, inbox: Inbox<StudioNote>, lockstep: Bool,
                lead: Double = 1.0 / 60, maxSide: Int = 1280, loops: Bool = true, assets: URL? = nil,
                report: (@Sendable (VideoError) -> Void)? = nil) {
        self.channel = channel
        // Lockstep runs must give the same pixels everywhere; a window takes the fastest conversion.
        let open = { (file: String) in Result { try VideoDecoder(path: file, maxSide: maxSide, exact: lockstep) } }
        let core = PlaybackCore(main: path.map(open), channel: channel, open: open, assets: assets, inbox: inbox, loops: loops,
                                lead: lead.isFinite ? max(0, lead) : 0, queueCapacity: lockstep ? 0 : Self.queueCapacity,
                                report: report)
        self.core = core
        if lockstep {
            lockstepCore = core
            return
        }
        lockstepCore = nil
        let mailbox = self.mailbox
        let thread = Thread {
            ThreadNaming.nameCurrentThread("video decode")
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
        thread.start()
        self.thread = thread
    }

    /// Whether the current room plays a file (lockstep: read on the loop thread, which runs it).
    var isPlayingAFile: Bool { lockstepCore?.isPlayingAFile ?? false }

    /// Frames decoded ahead and waiting for their time.
    var framesQueued: Int { core.framesQueued }

    /// The failure that keeps the file from playing, if any.
    public var failure: VideoError? { core.failure }

    deinit { mailbox.post(.shutdown) }

    /// Lockstep: applies `control` at once (an advance decodes up to the new time). Real
    /// time: queues it for the decoding thread and returns; `.shutdown` waits for the thread.
    public func handle(_ control: DriverControl) {
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
        if case .advance(let t) = control { core.presentDue(at: t) }
        if control == .shutdown { mailbox.waitUntilFinished() }
    }
}

/// Controls for the decoding thread, and the latest clock, under one lock.
final class VideoMailbox: @unchecked Sendable {
    // @unchecked: every access holds `condition`.
    private let condition = NSCondition()
    private var controls: [DriverControl] = []
    private var clock: Double?
    private var finished = false
    /// Whether the thread has a file to play: without one, the loop's clock changes nothing
    /// there, and waking it every frame would only cost the loop a system call.
    private var wantsClock = true

    func post(_ control: DriverControl) {
        condition.lock()
        // Advances only move the clock: the thread needs the latest, not each one.
        if case .advance(let t) = control {
            clock = t
            if wantsClock { condition.signal() }
        } else {
            controls.append(control)
            condition.signal()
        }
        condition.unlock()
    }

    /// The controls waiting and the latest clock (nil: unchanged); with `waiting`, blocks
    /// until there is something it wants (`wantsClock`: a new clock counts).
    func take(waiting: Bool, wantsClock: Bool) -> ([DriverControl], Double?) {
        condition.lock()
        defer { condition.unlock() }
        self.wantsClock = wantsClock
        while waiting, controls.isEmpty, clock == nil || !self.wantsClock { condition.wait() }
        let taken = (controls, clock)
        controls.removeAll()
        clock = nil
        return taken
    }

    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    func waitUntilFinished() {
        condition.lock()
        while !finished { condition.wait() }
        condition.unlock()
    }
}

/// What the player does, on whichever thread runs it (one at a time): keeps the stream's
/// time against the loop's clock, decodes, queues and presents frames, and sends notes.
/// `@unchecked Sendable`: one thread at a time uses it: the decoding thread, which owns it
/// once started, or the loop thread in lockstep. `failure` reads only immutable state, and
/// `presentDue`, which the loop calls in real time, only the schedule, which locks.
final class PlaybackCore: @unchecked Sendable {
    /// The player's own file, opened once; and the one the current room plays (its own,
    /// when its configuration names one).
    private let main: Result<VideoDecoder, Error>?
    private let keys: VideoKeys
    /// Whether each room entered plays `main` (the main channel), or only a room that asks.
    private let playsEveryRoom: Bool
    private var decoderResult: Result<VideoDecoder, Error>?
    private var roomFile: String?
    private let open: (String) -> Result<VideoDecoder, Error>
    private let assets: URL?
    private let inbox: Inbox<StudioNote>
    private let queueCapacity: Int
    private var loops: Bool
    private let lead: Double
    /// The loop's clock (simulated seconds), as the last advance said.
    var clock = 0.0
    private var room: Int?
    private var playing = true
    private var rate = 1.0
    /// The stream time at `anchorClock`; the stream moves at `rate` from there while playing.
    private var anchorStream = 0.0
    private var anchorClock = 0.0
    /// Added to decoded frames' times: the durations of the loops played so far.
    private var loopOffset = 0.0
    /// The frames decoded ahead and what was shown (in lockstep, a frame is shown as it is decoded).
    private let schedule: FrameSchedule
    private var ended = false
    private var endedSent = false
    /// Lockstep: frames decoded on the way to the one due and never shown.
    private var skipped = 0
    private var lastProgress = -1.0
    private var failureSent: Set<Int> = []
    private let report: ((VideoError) -> Void)?
    /// The files whose failure `report` was told, so that each is told once however many rooms play it.
    private var reported: Set<String> = []

    init(main: Result<VideoDecoder, Error>?, channel: VideoChannel, open: @escaping (String) -> Result<VideoDecoder, Error>,
         assets: URL?, inbox: Inbox<StudioNote>, loops: Bool, lead: Double, queueCapacity: Int,
         report: ((VideoError) -> Void)? = nil) {
        self.main = main
        keys = channel.keys
        schedule = FrameSchedule(keys: channel.keys, inbox: inbox)
        playsEveryRoom = channel == .main
        decoderResult = playsEveryRoom ? main : nil
        self.open = open
        self.assets = assets
        failure = Self.failure(of: main)
        self.report = report
        if let failure { reported.insert(failure.file) }
        self.inbox = inbox
        self.loops = loops
        self.lead = lead
        self.queueCapacity = queueCapacity
    }

    /// Why the file every room plays cannot play (set once, at init: the loop thread reads it).
    let failure: VideoError?

    private static func failure(of result: Result<VideoDecoder, Error>?) -> VideoError? {
        if case .failure(let e)? = result { return e as? VideoError ?? VideoError(file: "?", reason: "\(e)") }
        return nil
    }

    private var decoder: VideoDecoder? { try? decoderResult?.get() }
    private var isLockstep: Bool { queueCapacity == 0 }

    /// True while a room plays a file (one that opened).
    var isPlayingAFile: Bool { decoder != nil && room != nil }

    /// True while the thread has more to do than wait for the next control: frames to
    /// decode into a queue with room.
    var hasWork: Bool { isPlayingAFile && !ended && schedule.status.queued < queueCapacity }

    /// The stream's time in the frame that draws what is sent now.
    private var streamTime: Double { playing ? anchorStream + (clock + lead - anchorClock) * rate : anchorStream }

    /// The stream is at `stream` in the frame that draws what is sent now, and moves on from there.
    private func reanchor(at stream: Double) {
        anchorStream = stream
        anchorClock = clock + lead
    }

    /// The loop clock from which the frame at stream time `time` is due: when `streamTime`
    /// reaches it (never while paused).
    private func due(_ time: Double) -> Double {
        playing ? anchorClock - lead + (time - anchorStream) / rate : .infinity
    }

    var framesQueued: Int { schedule.status.queued }

    /// Real time, on the loop's thread: shows the frame due at the loop's clock `clock`.
    func presentDue(at clock: Double) {
        schedule.present(at: clock, thread: "loop")
    }

    func apply(_ control: DriverControl) {
        switch control {
        case .roomEntered(let info):
            room = info.id
            roomFile = nil
            schedule.start(room: nil)
            decoderResult = playsEveryRoom ? main : nil
            if playsEveryRoom { start(info.id) }
        case .video(.play, _) where decoderResult == nil && main != nil:
            // A channel that plays only where asked starts its own file in the room that asks.
            guard let room else { return }
            decoderResult = main
            start(room)
        case .video(.open(let file), _):
            guard let room, file != roomFile else { return }
            roomFile = file
            let path = file.hasPrefix("/") ? file : assets.map { $0.appendingPathComponent(file).path } ?? file
            // A room's file must be one of the Assets' own, however its links turn.
            if let assets, let problem = FileProblem.outside(path, folder: assets.path) {
                decoderResult = .failure(VideoError(file: path, reason: problem))
            } else {
                decoderResult = open(path)
            }
            if let failure = Self.failure(of: decoderResult) { tell(failure) }
            failureSent.remove(room)
            start(room)
        case .roomLeft(let info):
            if room == info.id { room = nil; schedule.start(room: nil) }
        case .video(let v, _):
            switch v {
            case .play:
                if !playing { reanchor(at: streamTime); playing = true }
            case .pause:
                if playing { reanchor(at: streamTime); playing = false }
            case .seek(let seconds):
                restart(at: seconds.isFinite ? max(0, seconds) : 0)
            case .rate(let r):
                reanchor(at: streamTime)
                rate = r.isFinite ? min(16, max(1.0 / 16, r)) : 1
            case .loop(let on):
                loops = on
            case .open:
                break
            }
            // Play, pause and rate change when each queued frame is due.
            schedule.reschedule(due)
        case .advance, .shutdown:
            break
        }
    }

    /// Plays the current file in `room` from its start, or says why it cannot.
    private func start(_ room: Int) {
        schedule.start(room: room)
        guard let decoder else {
            if let failure = Self.failure(of: decoderResult), !failureSent.contains(room) {
                failureSent.insert(room)
                send(StudioNote(keys.failed, failure.description, roomID: room))
            }
            return
        }
        send(StudioNote(keys.ready, decoder.info, roomID: room))
        playing = true
        restart(at: 0)
        // The stream starts with the room: at simulated time t in it, it shows its time t.
        anchorClock = clock
        schedule.reschedule(due)
    }

    /// Shows the frame at `seconds` at once (paused or not) and plays on from there.
    private func restart(at seconds: Double) {
        guard let decoder, room != nil else { return }
        let duration = decoder.info.duration
        let target = duration > 0 ? min(seconds, duration) : seconds
        schedule.clear()
        ended = false
        endedSent = false
        loopOffset = 0
        reanchor(at: target)
        do {
            if let frame = try decoder.frame(at: target) { present(frame) }
        } catch {
            fail(error)
        }
    }

    /// Presents what is due at the clock, and (real time) decodes ahead into the queue.
    func step() {
        guard let decoder, let room else { return }
        let now = streamTime
        if isLockstep {
            lockstepStep(decoder, room: room, now: now)
        } else {
            realTimeStep(decoder, room: room, now: now)
        }
        if clock - lastProgress >= 0.25 || lastProgress > clock {
            lastProgress = clock
            let status = schedule.status
            send(StudioNote(keys.progress, VideoProgress(
                time: status.shownTime, dropped: skipped + status.dropped, queued: status.queued,
                decodeMilliseconds: decoder.framesDecoded > 0 ? decoder.decodeSeconds / Double(decoder.framesDecoded) * 1000 : 0,
                convertMilliseconds: decoder.lastConvertSeconds * 1000, shown: status.framesShown), roomID: room))
        }
    }

    private func lockstepStep(_ decoder: VideoDecoder, room: Int, now: Double) {
        guard playing, !ended else { return }
        let duration = decoder.info.duration
        var t = now
        if duration > 0, t >= duration {
            if loops { t = t.truncatingRemainder(dividingBy: duration) } else { return end(room, duration: duration) }
        }
        let begin = inbox.tracer != nil ? Tracer.now() : 0
        defer { inbox.tracer?.span("decode frame", category: "video", since: begin, thread: "loop") }
        do {
            let before = decoder.framesDecoded
            if let frame = try decoder.frame(at: t) {
                // Frames decoded on the way and never shown were late for this clock.
                if frame.picture.identity != schedule.status.shown { skipped += max(0, decoder.framesDecoded - before - 1) }
                present(frame)
            }
        } catch {
            fail(error)
        }
    }

    private func realTimeStep(_ decoder: VideoDecoder, room: Int, now: Double) {
        // Present what came due while this thread was decoding (the loop does at its advances).
        schedule.present(at: clock, thread: "video decode")
        let status = schedule.status
        if playing, !ended, status.queued == 0, status.shownTime >= 0,
           now - status.shownTime > 2 / max(1, decoder.info.frameRate) {
            schedule.startBuffering(thread: "video decode")
        }
        if ended, status.queued == 0, !endedSent, now >= status.shownTime {
            end(room, duration: decoder.info.duration)
        }
        // Decode ahead: one frame a step, so controls are never held up long.
        guard !ended, status.queued < queueCapacity else { return }
        let begin = inbox.tracer != nil ? Tracer.now() : 0
        do {
            if let frame = try decoder.next() {
                let time = frame.time + loopOffset
                schedule.append(VideoFrame(picture: frame.picture, time: time), due: due(time))
            } else if loops, decoder.info.duration > 0 {
                loopOffset += decoder.info.duration
                try decoder.seek(to: 0)
            } else {
                ended = true
            }
        } catch {
            fail(error)
        }
        inbox.tracer?.span("decode frame", category: "video", since: begin, thread: "video decode",
                           args: "\"queued\":\(schedule.status.queued)")
    }

    /// Shows `frame` at once (a seek's target, a lockstep frame).
    private func present(_ frame: VideoFrame) {
        schedule.append(frame, due: -.infinity)
        schedule.present(at: clock, thread: isLockstep ? "loop" : "video decode")
    }

    private func end(_ room: Int, duration: Double) {
        ended = true
        guard !endedSent else { return }
        endedSent = true
        send(StudioNote(keys.ended, duration, roomID: room))
    }

    private func fail(_ error: Error) {
        ended = true
        schedule.clear()
        let failure = error as? VideoError ?? VideoError(file: decoder?.path ?? "?", reason: "\(error)")
        tell(failure)
        guard let room else { return }
        send(StudioNote(keys.failed, failure.description, roomID: room))
    }

    /// Tells `report` of a file's failure, once for each file.
    private func tell(_ failure: VideoError) {
        guard let report, reported.insert(failure.file).inserted else { return }
        report(failure)
    }

    private func send(_ note: StudioNote) { inbox.send(note, thread: isLockstep ? "loop" : "video decode") }
}
