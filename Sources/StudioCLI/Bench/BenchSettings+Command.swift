import Foundation
import StudioBench
import StudioKit
import StudioProfiler
import Studios

extension BenchSettings {
    /// The settings `studio bench` was given, parsed and checked.
    init(command c: BenchCommand, assets: URL) throws {
        self.init(scene: try BenchScene.parse(c.scene), assets: assets)
        window = c.window
        software = c.software
        drawsBehind = !c.drawInFront
        // The peer scene runs vsync off, frames back to back; elsewhere a window paces by default.
        paced = scene == .danmaku ? false : (c.paced || (c.window && !c.unpaced))
        kind = c.kind
        room = try c.room.map(Scheme.init(parsing:))
        if let k = room?.kind {
            try BenchKnobs.check("kind", k.rawValue, in: CommandCatalog.current.kindNames.map(\.rawValue))
            kind = k
        }
        scenario = c.scenario
        feedFile = try c.feed.load()
        fileLines = c.fileLines ?? fileLines
        keepFile = c.keepFile.map { URL(fileURLWithPath: $0) }
        danmakuSettings = try c.danmakuSettings.settings()
        frames = c.frames
        seconds = c.seconds
        commentsPerSecond = c.commentsPerSecond
        heartsPerSecond = c.heartsPerSecond
        giftsPerSecond = c.giftsPerSecond
        danmaku = c.danmaku
        widgetsMultiplier = c.widgetsMultiplier
        keepSamples = c.trace != nil
        top = c.top
        warmUp = c.warmUp ?? warmUp
        seed = c.seed
        surfaceBudget = c.surfaceBudget.map { $0 << 20 }
        catalog = CommandCatalog.current
        video = c.videos.video
        if video == nil, scene == .video {
            let demo = assets.deletingLastPathComponent().appendingPathComponent("out/clips/demo.mp4").path
            guard FileManager.default.fileExists(atPath: demo) else {
                throw BenchKnobError(
                    "the video scene plays a file: give --video FILE, or run make clips to make \(demo) "
                        + "(ffmpeg's testsrc2 at 720x1280, H.264)")
            }
            video = demo
        }
        try c.videos.requirePlayable(main: video)
        components += c.videos.players(main: video, lockstep: !window, assets: assets)
    }
}
