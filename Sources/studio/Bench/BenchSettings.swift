import Foundation
import StudioKit
import StudioProfiler
import Studios

/// The parsed, checked settings of one `studio bench` run.
struct BenchSettings {
    var scene: BenchScene
    var window: Bool
    /// In a window: present through SDL's software renderer.
    var software: Bool
    var paced: Bool
    var kind: String
    var room: Scheme?
    var scenario: String?
    var frames: Int?
    var seconds: Double?
    var commentsPerSecond: Double?
    var heartsPerSecond: Double?
    var giftsPerSecond: Double?
    var danmaku: Int?
    var widgetsMultiplier: Int
    var keepSamples: Bool
    var top: Int
    /// Frames run before measuring: caches fill, the full scene's barrage fills the screen.
    var warmUp: Int
    var seed: UInt64
    var assets: URL

    init(command c: BenchCommand, assets: URL) throws {
        scene = try BenchScene.parse(c.scene)
        window = c.window
        software = c.software
        // The peer scene runs vsync off, frames back to back; elsewhere a window paces by default.
        paced = scene == .danmaku ? false : (c.paced || (c.window && !c.unpaced))
        kind = c.kind
        room = try c.room.map(Scheme.init(parsing:))
        if let k = room?.kind { try BenchKnobs.check("kind", k, in: StudioKinds.all); kind = k }
        scenario = c.scenario
        frames = c.frames
        seconds = c.seconds
        commentsPerSecond = c.commentsPerSecond
        heartsPerSecond = c.heartsPerSecond
        giftsPerSecond = c.giftsPerSecond
        danmaku = c.danmaku
        widgetsMultiplier = c.widgetsMultiplier
        keepSamples = c.trace != nil
        top = c.top
        warmUp = c.warmUp ?? (scene == .full ? 600 : 60)
        seed = c.seed
        self.assets = assets
    }

    /// The settings as the report shows them.
    var description: [String: String] {
        var d: [String: String] = ["scene": scene.rawValue, "mode": window ? "window" : "headless",
                                   "paced": "\(paced)", "kind": kind, "seed": "\(seed)"]
        if software { d["software"] = "true" }
        if let room { d["room"] = room.description }
        if let scenario { d["scenario"] = scenario }
        if let commentsPerSecond { d["commentsPerSecond"] = "\(commentsPerSecond)" }
        if let heartsPerSecond { d["heartsPerSecond"] = "\(heartsPerSecond)" }
        if let giftsPerSecond { d["giftsPerSecond"] = "\(giftsPerSecond)" }
        if let danmaku { d["danmaku"] = "\(danmaku)" }
        if widgetsMultiplier != 1 { d["widgetsMultiplier"] = "\(widgetsMultiplier)" }
        d["warmUpFrames"] = "\(warmUp)"
        return d
    }
}
