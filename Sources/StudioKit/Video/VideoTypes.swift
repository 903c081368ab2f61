/// What a video file holds, as the player reports it once it is open.
package struct VideoInfo: Hashable, Sendable, CustomStringConvertible {
    /// The file's name (not its path: reports and display lists are the same on every machine).
    package var name: String
    /// The picture's size in pixels.
    package var width: Int
    package var height: Int
    /// Seconds (0 when the file does not say).
    package var duration: Double
    /// Frames a second (0 when the file does not say).
    package var frameRate: Double
    /// The codec's name ("h264").
    package var codec: String

    package init(name: String, width: Int, height: Int, duration: Double, frameRate: Double, codec: String) {
        self.name = name
        self.width = width
        self.height = height
        self.duration = duration
        self.frameRate = frameRate
        self.codec = codec
    }

    /// Wider than tall: a camera or a screen on its side, letterboxed in a portrait room.
    package var isLandscape: Bool { width > height }

    package var description: String {
        "\(name): \(width)x\(height) \(codec), \(String(format: "%.2f", duration)) s at \(String(format: "%.3g", frameRate)) fps"
    }
}

/// One decoded frame as the player hands it over: the picture and its time in the stream.
/// Transient: a log keeps its text, not its pixels.
package struct VideoFrame: Hashable, Sendable, TransientPayload {
    package var picture: Picture
    /// Seconds from the stream's start.
    package var time: Double

    package init(picture: Picture, time: Double) {
        self.picture = picture
        self.time = time
    }
}
