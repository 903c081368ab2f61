/// A width and height in logical pixels.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    /// The logical size of every studio: a portrait phone screen.
    public static let studio = Size(width: 720, height: 1280)

    public var description: String { "\(width.compact)x\(height.compact)" }

    /// Parses "WxH" (for example "720x1280"); nil when malformed or not positive.
    public init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
            w.isFinite, h.isFinite, w > 0, h > 0
        else { return nil }
        self.init(width: w, height: h)
    }
}
