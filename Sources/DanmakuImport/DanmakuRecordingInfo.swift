/// What a recording says about itself: BililiveRecorder's `<BililiveRecorderRecordInfo>` and
/// `<BililiveRecorder version>`, or blrec's `<metadata>`. Every field is optional because
/// every field is missing in some file.
public struct DanmakuRecordingInfo: Sendable, Hashable {
    public var roomID: Int?
    /// The streamer's name.
    package var streamerName: String?
    /// The stream's title when recording started.
    public var title: String?
    /// When recording started, as written (ISO 8601 in both recorders).
    package var startTime: String?
    /// The recorder and its version, e.g. "BililiveRecorder 2.6.0".
    package var recorder: String?

    public init(
        roomID: Int? = nil, streamerName: String? = nil, title: String? = nil,
        startTime: String? = nil, recorder: String? = nil
    ) {
        self.roomID = roomID
        self.streamerName = streamerName
        self.title = title
        self.startTime = startTime
        self.recorder = recorder
    }
}
