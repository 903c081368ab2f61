import Foundation
import StudioKit

/// What the player does, on the one thread that owns it: keeps the stream's time against
/// the loop's clock, decodes, queues and presents frames, and sends notes. It is not
/// Sendable: in real time the decoding thread owns it from the start (the player hands it
/// over, `BackgroundThread.start(named:owning:_:)`), in lockstep the loop thread. What the
/// loop reads in real time is apart: `schedule`, which locks, and `failure`, set once.
final class PlaybackCore {
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
    let schedule: FrameSchedule
    private var ended = false
    private var endedSent = false
    /// Lockstep: frames decoded on the way to the one due and never shown.
    private var skipped = 0
    private var lastProgress = -1.0
    private var failureSent: Set<Int> = []
    private let report: ((VideoError) -> Void)?
    /// The files whose failure `report` was told, so that each is told once however many rooms play it.
    private var reported: Set<String> = []

    init(
        main: Result<VideoDecoder, Error>?, channel: VideoChannel, open: @escaping (String) -> Result<VideoDecoder, Error>,
        assets: URL?, inbox: Inbox<StudioNote>, loops: Bool, lead: Double, queueCapacity: Int,
        report: ((VideoError) -> Void)? = nil
    ) {
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
            if room == info.id {
                room = nil
                schedule.start(room: nil)
            }
        case .video(let v, _):
            switch v {
            case .play:
                if !playing {
                    reanchor(at: streamTime)
                    playing = true
                }
            case .pause:
                if playing {
                    reanchor(at: streamTime)
                    playing = false
                }
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
            send(
                StudioNote(
                    keys.progress,
                    VideoProgress(
                        time: status.shownTime, dropped: skipped + status.dropped, queued: status.queued,
                        decodeMilliseconds: decoder.framesDecoded > 0 ? decoder.decodeSeconds / Double(decoder.framesDecoded) * 1000 : 0,
                        convertMilliseconds: decoder.lastConvertSeconds * 1000, shown: status.framesShown,
                        queuedBytes: status.queuedBytes), roomID: room))
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
            now - status.shownTime > 2 / max(1, decoder.info.frameRate)
        {
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
        inbox.tracer?.span(
            "decode frame", category: "video", since: begin, thread: "video decode",
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
