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
    package var keys: VideoKeys {
        switch self {
        case .main: .main
        case .opponent: .opponent
        }
    }
}

/// One channel's event keys: the requests its widgets make of its player, and the notes the
/// player sends back. Every key is declared on `EventKey` by its own name, the opponent's
/// with `.opponent` after the main one's (`videoFrame.opponent`); a channel's set is chosen
/// by `VideoChannel.keys`, so a widget that shows either stream names the member once
/// (`channel.keys.frame`).
package struct VideoKeys: Sendable {
    /// A widget asks the player for something (`videoControlRequested`).
    package let request: EventKey<VideoControl>
    /// The player opened its file (`videoReady`).
    package let ready: EventKey<VideoInfo>
    /// The frame to show now (`videoFrame`).
    package let frame: EventKey<VideoFrame>
    /// Where playback is (`videoProgress`).
    package let progress: EventKey<VideoProgress>
    /// The player started or stopped waiting for frames (`videoBuffering`).
    package let buffering: EventKey<VideoBuffering>
    /// The stream reached its end (`videoEnded`).
    package let ended: EventKey<Double>
    /// The video cannot be played (`videoFailed`).
    package let failed: EventKey<String>

    static let main = VideoKeys(
        request: .videoControlRequested, ready: .videoReady, frame: .videoFrame, progress: .videoProgress,
        buffering: .videoBuffering, ended: .videoEnded, failed: .videoFailed)
    static let opponent = VideoKeys(
        request: .opponentVideoControlRequested, ready: .opponentVideoReady, frame: .opponentVideoFrame,
        progress: .opponentVideoProgress, buffering: .opponentVideoBuffering, ended: .opponentVideoEnded,
        failed: .opponentVideoFailed)
}

extension EventKey where Payload == VideoControl {
    /// A widget asks the player for something (the playback bar's pause or seek); the
    /// driver passes it on to its I/O components as `DriverControl.video`.
    package static let videoControlRequested = EventKey("videoControlRequested")
    /// `videoControlRequested` for the opponent's stream.
    package static let opponentVideoControlRequested = EventKey("videoControlRequested.opponent")
}

extension EventKey where Payload == VideoInfo {
    /// The player opened its file: size, duration, frame rate, codec.
    package static let videoReady = EventKey("videoReady", note: .stream)
    /// `videoReady` for the opponent's stream.
    /// - Unheard: the split screen's half shows the opponent's frames as they come and needs
    ///   no size or duration first; the event log hears it.
    package static let opponentVideoReady = EventKey("videoReady.opponent", note: .stream)
}

extension EventKey where Payload == VideoFrame {
    /// The frame to show now.
    package static let videoFrame = EventKey("videoFrame", note: .stream)
    /// `videoFrame` for the opponent's stream.
    package static let opponentVideoFrame = EventKey("videoFrame.opponent", note: .stream)
}

extension EventKey where Payload == VideoProgress {
    /// Where playback is, about four times a second, with the player's counters.
    package static let videoProgress = EventKey("videoProgress", note: .stream)
    /// `videoProgress` for the opponent's stream.
    package static let opponentVideoProgress = EventKey("videoProgress.opponent", note: .stream)
}

extension EventKey where Payload == VideoBuffering {
    /// The player started or stopped waiting for frames.
    /// - Unheard: the picture holds its last frame while the player waits; the event log and
    ///   a package's spinner hear it.
    package static let videoBuffering = EventKey("videoBuffering", note: .stream)
    /// `videoBuffering` for the opponent's stream.
    /// - Unheard: as `videoBuffering`.
    package static let opponentVideoBuffering = EventKey("videoBuffering.opponent", note: .stream)
}

extension EventKey where Payload == Double {
    /// The stream reached its end (payload: its duration) and does not loop.
    /// - Unheard: the playback bar and the picture follow `progress`, which reaches the
    ///   duration; the event log and packages hear the end itself.
    package static let videoEnded = EventKey("videoEnded", note: .stream)
    /// `videoEnded` for the opponent's stream.
    /// - Unheard: as `videoEnded`.
    package static let opponentVideoEnded = EventKey("videoEnded.opponent", note: .stream)
}

extension EventKey where Payload == String {
    /// The video cannot be played (payload: the file and FFmpeg's reason); the room keeps
    /// its procedural picture and says the video is unavailable.
    package static let videoFailed = EventKey("videoFailed", note: .stream)
    /// `videoFailed` for the opponent's stream.
    package static let opponentVideoFailed = EventKey("videoFailed.opponent", note: .stream)
}
