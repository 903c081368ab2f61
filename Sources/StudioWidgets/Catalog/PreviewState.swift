import StudioDomain
import StudioKit

/// One named state of a catalog widget, as `studio preview` and `studio gallery` show it and
/// a golden pins it: the options a configuration entry would give the widget, and the room
/// data that brings it there, as scenario lines (comments, gifts, taps, keys, at their
/// times), after `frames` frames of 1/60 s.
///
/// A widget declares its states in code (`CatalogWidget.previewStates`) or in the assets'
/// `previews.json`; every widget also has the state `default`, built with no options and
/// fed nothing.
public struct PreviewState: Hashable, Sendable {
    public var name: String
    public var options: [String: JSONValue]
    /// Scenario lines (JSON Lines, the vocabulary of `--scenario` files), played from the
    /// room's start; times are seconds.
    public var scenario: [String]
    public var frames: Int
    /// Where the state was declared, for errors: the file (nil for a state declared in
    /// code) and the key path in it (`previews.cheer[0]`).
    public var file: String?
    package var keyPath: String?

    /// The state every widget has: no options, no room data.
    public static let `default` = PreviewState("default")

    /// Frames a state runs unless it says: long enough for an entry animation to settle.
    public static let defaultFrames = 30

    public init(
        _ name: String, options: [String: JSONValue] = [:], scenario: [String] = [], frames: Int = PreviewState.defaultFrames,
        file: String? = nil, keyPath: String? = nil
    ) {
        self.name = name
        self.file = file
        self.keyPath = keyPath
        self.options = options
        self.scenario = scenario
        self.frames = frames
    }
}
