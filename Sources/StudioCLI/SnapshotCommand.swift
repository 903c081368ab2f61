import ArgumentParser
import Foundation
import StudioAppCore
import StudioInspection
import StudioKit
import StudioSDL
import Studios

/// `studio snapshot`: any studio, at any simulated time, in any mode, whole, layer by layer,
/// with bounds or exploded, offscreen to PNG. Deterministic: the same arguments give the
/// same bytes.
struct SnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Render a studio offscreen to PNG (whole, one layer, exploded, or with widget bounds).",
        discussion: """
            Runs headless and deterministically (a manual clock advanced 1/60 s per frame, the feed in \
            lockstep) for --frames frames (or --at-time seconds), then renders the last frame into a \
            720x1280 PNG. --layer renders one layer alone on a transparent background (RGBA PNG). \
            --exploded draws the five layers pulled apart into the same 720x1280 image: each layer on a \
            tinted plate, squashed and sheared, bottom (background) to top (float), labelled with its \
            name, level range and item count. --bounds outlines every visible widget with its name and \
            level: solid in its layer's color when it takes touches, dashed violet when touches pass \
            through it. --replay FILE --at FRAME feeds a recording of `studio run --record` and renders \
            frame FRAME (0-based, as the recording numbers frames).
            """
    )

    @Option(help: "Studio kind: \(CommandCatalog.kindList).")
    var kind: RoomKind?

    @Option(help: "Open this room instead: studio://room/<id>?type=<kind>.")
    var room: String?

    @Option(help: "Seed for everything random.")
    var seed: UInt64 = 1

    @OptionGroup var time: SceneTimeOptions

    @Option(help: "normal, lite or landscape.")
    var mode: String = "normal"

    @Option(help: "Render one layer alone: \(LayerKind.allCases.map(\.name).joined(separator: ", ")).")
    var layer: String?

    @Flag(help: "Render the exploded view of the five layers.")
    var exploded = false

    @Flag(help: "Overlay every widget's bounds with its name and level.")
    var bounds = false

    @Option(help: "Replay input recorded with `studio run --record`.")
    var replay: String?

    @Option(help: "With --replay: the frame to render (0-based).")
    var at: Int?

    @Option(help: "The PNG to write.")
    var out: String

    @OptionGroup var assets: AssetsOption

    func validate() throws {
        if kind != nil, room != nil { throw ValidationError("give --kind or --room, not both") }
        if [layer != nil, exploded, bounds].filter({ $0 }).count > 1 {
            throw ValidationError("choose one of --layer, --exploded, --bounds")
        }
        if (replay == nil) != (at == nil) { throw ValidationError("--replay and --at go together") }
        try OptionCheck.whole(at, "--at", in: 0...InputLimits.maxSnapshotFrames - 1, "a frame number of the recording, at most an hour in")
    }

    func run() throws {
        try reportingErrors {
            // Before the rendering: a missing folder or an unwritable file is refused now.
            try OutputFile.check(out, "--out")
            let assetsURL = try assets.locate()
            var spec = SceneSpec(
                kind: kind, room: room, seed: seed, frames: time.frameCount, scenario: time.scenario,
                mode: try SceneMode.parse(mode))
            _ = try spec.scheme(in: CommandCatalog.current)
            try time.configure(&spec, assets: assetsURL)
            let view: SceneView = try layer.map { .layer(try LayerKind.parse($0)) } ?? (exploded ? .exploded : bounds ? .bounds : .frame)
            if let replay, let at {
                spec.replay = try InputRecording.load(path: replay)
                spec.frames = at + 1
            }
            let fonts = try FontLibrary()
            let runner = try StudioScene(spec, assets: assetsURL, fonts: fonts)
            warnSkipped(runner.app.configs.problems)
            // A picture with placeholders would be a wrong picture: refuse it, first by the
            // images' headers, then by what the render could not decode.
            let unusable = runner.imageProblems(assets: assetsURL)
            guard unusable.isEmpty else { throw UnusableImagesError(problems: unusable) }
            let target = try SceneRenderer(fonts: fonts, assets: assetsURL).render(view, of: runner)
            let undecoded = target.rasterizer.imageCache.failures
            guard undecoded.isEmpty else { throw UnusableImagesError(problems: undecoded) }
            try OutputFile.naming("--out") { try target.writePNG(to: out) }
            let what: String
            switch view {
            case .frame: what = "the frame"
            case .layer(let kind): what = "the \(kind.name) layer"
            case .exploded: what = "the exploded view"
            case .bounds: what = "the frame with widget bounds"
            }
            print("wrote \(out): \(what) of \(runner.driver.studio.room.kind) after \(spec.frames) frames, \(target.width)x\(target.height) PNG")
            reportFeedFile(spec.feedFile)
        }
    }
}
