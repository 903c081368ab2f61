import ArgumentParser
import Foundation
import StudioAppCore
import StudioInspection
import StudioKit
import StudioSDL
import Studios

/// `studio dump`: the widget tree of a studio as indented text or JSON.
struct DumpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract:
            "Print a studio's session state and widget tree: type, name, level, layer, screen frame, hidden, alpha, penetration, concealment, subscriptions.",
        discussion: """
            The studio runs headless (deterministic) for --frames frames (or --at-time seconds) first, playing \
            --scenario if given; frames are in screen coordinates. The session line (JSON: the "session" object \
            beside the root widget's fields) gives the current room's id and kind, its position in the session, \
            lite mode, the live state, whether a recording is paused, the video's rotation, the video file shown \
            (or "unavailable"), the hearts sent and the toast on screen; a value the room does not have is left out.
            """
    )

    @Option(help: "Studio kind: \(CommandCatalog.kindList) (default audience).")
    var kind: RoomKind?

    @Option(help: "Open this room instead: studio://room/<id>?type=<kind>.")
    var room: String?

    @OptionGroup var time: SceneTimeOptions

    @Option(help: "Seed for everything random.")
    var seed: UInt64 = 1

    @Option(help: "normal, lite or landscape.")
    var mode: String = "normal"

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @OptionGroup var assets: AssetsOption

    func validate() throws {
        if kind != nil, room != nil { throw ValidationError("give --kind or --room, not both") }
    }

    func run() throws {
        try reportingErrors {
            print(try output(), terminator: "")
        }
    }

    /// What the command prints: the session and the tree, as text or JSON. Image problems
    /// are warned about on standard error as it runs.
    func output() throws -> String {
        let assetsURL = try assets.locate()
        var spec = SceneSpec(
            kind: room == nil ? (kind ?? StudioKinds.audience) : nil, room: room, seed: seed,
            frames: time.frameCount, scenario: time.scenario, mode: try SceneMode.parse(mode))
        _ = try spec.scheme(in: CommandCatalog.current)
        try time.configure(&spec, assets: assetsURL)
        defer { reportFeedFile(spec.feedFile) }
        let runner = try StudioScene(spec, assets: assetsURL, fonts: try FontLibrary())
        warnSkipped(runner.app.configs.problems)
        // The tree does not depend on the images, so the dump stands; a window would
        // show placeholders for these.
        for problem in runner.imageProblems(assets: assetsURL) { printWarning(problem.description) }
        let studio = runner.driver.studio
        let record = WidgetRecord(of: studio.root, announcer: studio.announcer)
        let session = SessionState(runner.driver)
        return json ? try DumpDocument(tree: record, session: session).json() : session.text + TreeDump.text(record)
    }
}
