/// What the video player is told, through the driver (`DriverControl.video`): the player
/// is an I/O component and hears nothing else.
public enum VideoControl: Hashable, Sendable {
    /// Play on; on a channel that plays only where asked, start the player's own file in
    /// the current room.
    case play
    case pause
    /// Show the frame at `seconds` from the start (a keyframe seek, then decoding forward).
    case seek(to: Double)
    /// Play at this many times real speed (clamped to 1/16...16).
    case rate(Double)
    /// Start again from the beginning at the end (a live room's stream loops; a playback stops).
    case loop(Bool)
    /// Play this file in the current room, from its start (a path; a relative one is under
    /// the player's Assets folder): a room whose configuration names its own video.
    case open(String)
}

/// Why the player is waiting: it has no frame due yet, or it is behind.
package enum VideoBuffering: String, Hashable, Sendable { case buffering, playing }

/// How the player is doing, as its progress notes say.
package struct VideoProgress: Hashable, Sendable {
    /// Seconds of the stream shown.
    package var time: Double
    /// Frames decoded but not shown because their time had passed (late), so far.
    package var dropped: Int
    /// Frames shown so far (with `dropped`, every frame whose time came).
    package var shown: Int
    /// Frames decoded and waiting in the queue, and the bytes their pictures hold.
    package var queued: Int
    package var queuedBytes: Int
    /// Milliseconds the last frame took to decode, and to convert for drawing.
    package var decodeMilliseconds: Double
    package var convertMilliseconds: Double

    package init(
        time: Double, dropped: Int, queued: Int, decodeMilliseconds: Double, convertMilliseconds: Double,
        shown: Int = 0, queuedBytes: Int = 0
    ) {
        self.time = time
        self.dropped = dropped
        self.shown = shown
        self.queued = queued
        self.queuedBytes = queuedBytes
        self.decodeMilliseconds = decodeMilliseconds
        self.convertMilliseconds = convertMilliseconds
    }
}

/// Which of a room's streams a player plays and a widget shows: the room's own (`main`, in
/// the displayer), or the other host's in a PK battle (`opponent`, in the split screen's
/// right half). Each channel has a player of its own and its own event keys, so the two
/// streams are decoded, paced and controlled apart. The main channel plays every room;
/// another plays only in a room whose widgets ask for it (`VideoControl.play` or `.open`),
/// so no room decodes a stream it does not show.
public enum VideoChannel: String, CaseIterable, Hashable, Sendable {
    case main, opponent

    /// The channel's requests and notes.
    package var keys: VideoKeys { self == .main ? .main : .opponent }
}

/// One channel's event keys: the requests its widgets make of its player, and the notes the
/// player sends back. The main channel's are the plain keys (`EventKey.videoFrame`); another
/// channel's have its name after a dot (`videoFrame.opponent`).
package struct VideoKeys: Sendable {
    /// A widget asks the player for something (the playback bar's pause or seek); the
    /// driver passes it on to its I/O components as `DriverControl.video`.
    package let request: EventKey<VideoControl>
    /// The player opened its file: size, duration, frame rate, codec.
    package let ready: EventKey<VideoInfo>
    /// The frame to show now.
    package let frame: EventKey<VideoFrame>
    /// Where playback is, about four times a second, with the player's counters.
    package let progress: EventKey<VideoProgress>
    /// The player started or stopped waiting for frames.
    /// - Unheard: the picture holds its last frame while the player waits; the event log and
    ///   a package's spinner hear it.
    package let buffering: EventKey<VideoBuffering>
    /// The stream reached its end (payload: its duration) and does not loop.
    /// - Unheard: the playback bar and the picture follow `progress`, which reaches the
    ///   duration; the event log and packages hear the end itself.
    package let ended: EventKey<Double>
    /// The video cannot be played (payload: the file and FFmpeg's reason); the room keeps
    /// its procedural picture and says the video is unavailable.
    package let failed: EventKey<String>

    private init(suffix: String) {
        request = EventKey("videoControlRequested" + suffix)
        ready = EventKey("videoReady" + suffix, note: .stream)
        frame = EventKey("videoFrame" + suffix, note: .stream)
        progress = EventKey("videoProgress" + suffix, note: .stream)
        buffering = EventKey("videoBuffering" + suffix, note: .stream)
        ended = EventKey("videoEnded" + suffix, note: .stream)
        failed = EventKey("videoFailed" + suffix, note: .stream)
    }

    static let main = VideoKeys(suffix: "")
    static let opponent = VideoKeys(suffix: "." + VideoChannel.opponent.rawValue)
}

// The main channel's keys by their own names, as most widgets use them.

extension EventKey where Payload == VideoControl {
    package static let videoControlRequested = VideoKeys.main.request
}

extension EventKey where Payload == VideoInfo {
    package static let videoReady = VideoKeys.main.ready
}

extension EventKey where Payload == VideoFrame {
    package static let videoFrame = VideoKeys.main.frame
}

extension EventKey where Payload == VideoProgress {
    package static let videoProgress = VideoKeys.main.progress
}

extension EventKey where Payload == VideoBuffering {
    package static let videoBuffering = VideoKeys.main.buffering
}

extension EventKey where Payload == Double {
    package static let videoEnded = VideoKeys.main.ended
}

extension EventKey where Payload == String {
    package static let videoFailed = VideoKeys.main.failed
}
