/// What the video player is told, through the driver (`DriverControl.video`): the player
/// is an I/O component and hears nothing else.
public enum VideoControl: Hashable, Sendable {
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
public enum VideoBuffering: String, Hashable, Sendable { case buffering, playing }

/// How the player is doing, as its progress notes say.
public struct VideoProgress: Hashable, Sendable {
    /// Seconds of the stream shown.
    public var time: Double
    /// Frames decoded but not shown because their time had passed (late), so far.
    public var dropped: Int
    /// Frames decoded and waiting in the queue.
    public var queued: Int
    /// Milliseconds the last frame took to decode, and to convert for drawing.
    public var decodeMilliseconds: Double
    public var convertMilliseconds: Double

    public init(time: Double, dropped: Int, queued: Int, decodeMilliseconds: Double, convertMilliseconds: Double) {
        self.time = time
        self.dropped = dropped
        self.queued = queued
        self.decodeMilliseconds = decodeMilliseconds
        self.convertMilliseconds = convertMilliseconds
    }
}

extension EventKey where Payload == VideoControl {
    /// A widget asks the video player for something (the playback bar's pause or seek); the
    /// driver passes it on to its I/O components.
    public static let videoControlRequested = EventKey("videoControlRequested")
}

extension EventKey where Payload == VideoInfo {
    /// The player opened its file: size, duration, frame rate, codec.
    public static let videoReady = EventKey("videoReady")
}

extension EventKey where Payload == VideoFrame {
    /// The frame to show now.
    public static let videoFrame = EventKey("videoFrame")
}

extension EventKey where Payload == VideoProgress {
    /// Where playback is, about four times a second, with the player's counters.
    public static let videoProgress = EventKey("videoProgress")
}

extension EventKey where Payload == VideoBuffering {
    /// The player started or stopped waiting for frames.
    public static let videoBuffering = EventKey("videoBuffering")
}

extension EventKey where Payload == Double {
    /// The stream reached its end (payload: its duration) and does not loop.
    public static let videoEnded = EventKey("videoEnded")
}

extension EventKey where Payload == String {
    /// The video cannot be played (payload: the file and FFmpeg's reason); the room keeps
    /// its procedural picture and says the video is unavailable.
    public static let videoFailed = EventKey("videoFailed")
}
