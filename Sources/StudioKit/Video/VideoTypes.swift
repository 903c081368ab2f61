/// What a video file holds, as the player reports it once it is open.
public struct VideoInfo: Hashable, Sendable, CustomStringConvertible {
    /// The file's name (not its path: reports and display lists are the same on every machine).
    public var name: String
    /// The picture's size in pixels.
    public var width: Int
    public var height: Int
    /// Seconds (0 when the file does not say).
    public var duration: Double
    /// Frames a second (0 when the file does not say).
    public var frameRate: Double
    /// The codec's name ("h264").
    public var codec: String

    public init(name: String, width: Int, height: Int, duration: Double, frameRate: Double, codec: String) {
        self.name = name
        self.width = width
        self.height = height
        self.duration = duration
        self.frameRate = frameRate
        self.codec = codec
    }

    /// Wider than tall: a camera or a screen on its side, letterboxed in a portrait room.
    public var isLandscape: Bool { width > height }

    public var description: String {
        "\(name): \(width)x\(height) \(codec), \(String(format: "%.2f", duration)) s at \(String(format: "%.3g", frameRate)) fps"
    }
}

/// One decoded frame as the player hands it over: the picture and its time in the stream.
public struct VideoFrame: Hashable, Sendable {
    public var picture: Picture
    /// Seconds from the stream's start.
    public var time: Double

    public init(picture: Picture, time: Double) {
        self.picture = picture
        self.time = time
    }
}
