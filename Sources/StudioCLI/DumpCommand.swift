import ArgumentParser
import Foundation
import StudioKit
import StudioSDL
import Studios

/// `studio dump`: the widget tree of a studio as indented text or JSON.
struct DumpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Print a studio's widget tree: type, name, level, layer, screen frame, hidden, alpha, penetration, concealment, subscriptions.",
        discussion: "The studio runs headless (deterministic) for --frames frames first; frames are in screen coordinates."
    )

    @Option(help: "Studio kind: \(StudioKinds.all.joined(separator: ", ")) (default audience).")
    var kind: String?

    @Option(help: "Open this room instead: studio://room/<id>?type=<kind>.")
    var room: String?

    @Option(help: "Frames to run before dumping.")
    var frames: Int = 90

    @Option(help: "Seed for everything random.")
    var seed: UInt64 = 1

    @Option(help: "normal, lite or landscape.")
    var mode: String = "normal"

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Option(help: "The Assets folder.")
    var assets: String?

    func validate() throws {
        if kind != nil, room != nil { throw ValidationError("give --kind or --room, not both") }
        try OptionCheck.whole(frames, "--frames", in: OptionCheck.snapshotFrames, OptionCheck.snapshotFramesMeaning)
    }

    func run() throws {
        do {
            let assetsURL = try AssetLocator.locate(explicit: assets)
            let spec = SceneSpec(kind: room == nil ? (kind ?? StudioKinds.audience) : nil, room: room, seed: seed,
                                 frames: frames, mode: try SceneMode.parse(mode))
            _ = try spec.scheme()
            let runner = try SceneRunner(spec, assets: assetsURL, fonts: try FontLibrary())
            // The tree does not depend on the images, so the dump stands; a window would
            // show placeholders for these.
            for problem in runner.imageProblems { printWarning(problem.description) }
            let studio = runner.driver.studio
            let record = WidgetRecord(of: studio.root, announcer: studio.announcer)
            print(json ? try TreeDump.json(record) : TreeDump.text(record), terminator: "")
        } catch let error as ExitCode {
            throw error
        } catch {
            printError("\(error)")
            throw ExitCode(1)
        }
    }
}
