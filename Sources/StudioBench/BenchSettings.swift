import Foundation
import StudioKit
import StudioProfiler
import Studios

/// The settings of one bench run: the scene, where it runs, and the stress knobs.
public struct BenchSettings {
    public var scene: BenchScene
    public var window = false
    /// In a window: present through the window's surface (see `FramePresenter`).
    package var software = false
    /// In a window: draw each frame behind the loop's next one (`SDLWindowBackend.drawsBehind`).
    package var drawsBehind = true
    package var paced = false
    public var kind = StudioKinds.audience
    public var room: Scheme?
    public var scenario: String?
    /// A danmaku file or live recording played as the rooms' chat (the recording scene makes
    /// one when none is given).
    package var feedFile: FeedFile?
    /// The recording scene: lines of the danmaku file it loads, and where to keep that file.
    package var fileLines = RecordingFiles.parseLines
    package var keepFile: URL?
    /// The viewer's danmaku settings, over the kind's configuration.
    package var danmakuSettings: DanmakuSettings?
    public var frames: Int?
    public var seconds: Double?
    package var commentsPerSecond: Double?
    package var heartsPerSecond: Double?
    package var giftsPerSecond: Double?
    public var danmaku: Int?
    package var widgetsMultiplier = 1
    package var keepSamples = false
    public var top = 8
    /// Frames run before measuring: caches fill, the full scene's barrage fills the screen.
    package var warmUp: Int
    /// The full and video scenes' warm-up, 30 s at 60 frames a second: long enough for the
    /// barrage to fill the screen and for the text and sprite caches to reach their steady
    /// state, where the masks and pictures of comments gone for 600 frames are being dropped
    /// as fast as new ones come. Measured from 600 frames, a soak counted that filling
    /// (about 8 MB in its first 15 s, flat after) as growth.
    package static let fullLoadWarmUp = 1_800
    public var seed: UInt64 = 1
    /// Bytes the renderer's layer surfaces may take; nil: the renderer's default; 0: every
    /// frame drawn whole, without surfaces.
    package var surfaceBudget: Int?
    public var assets: URL
    /// The widgets, kinds and rooms the app knows.
    public var catalog = Catalog.standard
    /// A video file the displayer plays (the video scene's stream), by name for the report.
    public var video: String?
    /// More I/O components for the driver (the command line's video player, which links
    /// FFmpeg, as this module does not).
    public var components: [(StudioDriver) -> IOComponent] = []
    /// One of `components` is the rooms' server (a live connection): nothing is simulated,
    /// as in `studio run --live`.
    package var liveServer = false

    /// The room scene of the audience studio, headless, with every knob at its default.
    public init(scene: BenchScene = .room, assets: URL) {
        self.scene = scene
        self.assets = assets
        warmUp = scene.keepsFullLoad ? Self.fullLoadWarmUp : 60
        if scene == .recording { kind = StudioKinds.audience }
    }

    /// The settings as the report shows them.
    package var description: [String: String] {
        var d: [String: String] = [
            "scene": scene.rawValue, "mode": window ? "window" : "headless",
            "paced": "\(paced)", "kind": kind.rawValue, "seed": "\(seed)",
        ]
        if software { d["software"] = "true" }
        if window { d["drawsBehind"] = "\(drawsBehind)" }
        if let room { d["room"] = room.description }
        if let scenario { d["scenario"] = scenario }
        if let feedFile { d["feedFile"] = feedFile.url.lastPathComponent }
        if let video { d["video"] = (video as NSString).lastPathComponent }
        if danmakuSettings != nil { d["danmakuSettings"] = "given" }
        if let commentsPerSecond { d["commentsPerSecond"] = "\(commentsPerSecond)" }
        if let heartsPerSecond { d["heartsPerSecond"] = "\(heartsPerSecond)" }
        if let giftsPerSecond { d["giftsPerSecond"] = "\(giftsPerSecond)" }
        if let danmaku { d["danmaku"] = "\(danmaku)" }
        if widgetsMultiplier != 1 { d["widgetsMultiplier"] = "\(widgetsMultiplier)" }
        if scene == .recording { d["fileLines"] = "\(fileLines)" }
        d["warmUpFrames"] = "\(warmUp)"
        if let surfaceBudget { d["surfaceBudget"] = surfaceBudget == 0 ? "off" : "\(surfaceBudget >> 20) MiB" }
        return d
    }
}
