import ArgumentParser
import Foundation
import StudioAppCore
import StudioInspection
import StudioKit
import StudioSDL
import Studios

/// `studio audit`: the layering audit of one studio kind or of all ten.
struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract:
            "Audit studios' layering: levels vs layers, off-screen and safe area, overlaps, unreachable widgets, gestures, cut or covered text.",
        discussion: """
            Each studio runs headless in normal mode, for --frames frames or over each --scenario. The frame \
            rules (textCut, textCovered, textOverText, coversControl) are asked every --every frames, and a \
            finding names the first frame that shows it; the others once, at the end: levelOutsideLayer (a widget's \
            level outside its top-level ancestor's layer), offScreen (a visible frame past the 720x1280 screen), \
            unsafeArea (a widget taking touches in the top 40 px status bar or bottom 34 px home indicator), \
            overlap (two touch-taking widgets of one layer overlap), unreachable (no tap on a 5x5 grid of points \
            reaches the widget), gestureConflict (both swipe axes do the same, or a swipe is mapped while a \
            touch-taking widget above the video covers 90% of the screen), deadEnd (no swipe leaves the room), \
            dragConflict (a widget's drag always lost to one above it), smallTapTarget (taps on less than 44x44 px), \
            textCut (a text line, measured with the renderer's fonts, runs past its widget's frame or clip; text \
            fitted with "…" passes, and a widget declaring ScrollingText may run past along its scroll axis), \
            textCut also checks the pill or box a line is drawn on; textCovered (a text line, or a \
            danmaku comment, under a higher widget's fill, image or text at least 60% opaque, or under a danmaku \
            band; the float layer is left out), textOverText (text over another widget's text with no backing \
            85% opaque between, in every layer), coversControl (a widget that lets touches through draws over half \
            of a control), badImage (an image the studio draws is \
            missing, not a PNG, damaged or over 4096 pixels on a side; never excused). Deliberate exceptions are \
            declared in the studio's configuration as "auditExceptions": [{"rule", "widget", "reason"}]. Exits 1 on \
            findings, and with --all on a configuration file that cannot be loaded (the other kinds are still audited).
            """
    )

    @Option(help: "Studio kind: \(CommandCatalog.kindList).")
    var kind: RoomKind?

    @Flag(help: "Audit every studio kind.")
    var all = false

    @Option(
        help: ArgumentHelp(
            "A scenario (Assets/scenarios/*.jsonl) to play while auditing; repeat for more. Each kind is audited over each.",
            valueName: "file"))
    var scenario: [String] = []

    @Option(help: "Frames to run and audit (default: 90, or a scenario's length and 2 s more).")
    var frames: Int?

    @Option(help: "Ask the frame rules (text cut, covered or crossed, hidden controls) every this many frames.")
    var every: Int = 3

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @OptionGroup var assets: AssetsOption

    func validate() throws {
        if kind != nil, all { throw ValidationError("give --kind or --all, not both") }
        if kind == nil, !all { throw ValidationError("give --kind <kind> or --all") }
        if let frames {
            try OptionCheck.whole(frames, "--frames", in: OptionCheck.snapshotFrames, OptionCheck.snapshotFramesMeaning)
        }
        try OptionCheck.whole(every, "--every", in: 1...600, "frames between audited frames")
    }

    func run() throws {
        let reports: [AuditReport]
        // Bad configuration files: with --all each is a failure and the other kinds are
        // still audited; with --kind they are warnings unless the kind's own file is bad.
        var badFiles: [ConfigError] = []
        do {
            let assetsURL = try assets.locate()
            let folder = try CommandCatalog.current.loader.loadEach(path: StudioConfigLoader.studiosFolder(inAssets: assetsURL).path)
            var kinds = all ? CommandCatalog.current.kindNames : [kind!]
            if all {
                badFiles = folder.problems
                for problem in badFiles { printError("\(problem); this file is skipped") }
                kinds.removeAll { folder.problem(forKind: $0) != nil }
            } else {
                let own = folder.problem(forKind: kind!)
                warnSkipped(folder.problems.filter { $0 != own })
            }
            let fonts = try FontLibrary()
            // The text rules measure with the renderer's font engine, as the window draws.
            let audit = LayeringAudit(measurer: TTFTextMeasurer(fonts: fonts))
            let scenarios = try scenario.map { try Scenario.load(path: $0, vocabulary: CommandCatalog.current.scenarioActions) }
            let runs: [Scenario?] = scenarios.isEmpty ? [nil] : scenarios
            reports = try kinds.flatMap { kind in
                try runs.map { script in
                    var spec = SceneSpec(kind: kind, frames: 0)
                    spec.script = script
                    _ = try spec.scheme(in: CommandCatalog.current)
                    let runner = try StudioScene(spec, assets: assetsURL, fonts: fonts)
                    let exceptions = runner.app.configs.configs[kind]?.auditExceptions ?? []
                    let length = frames ?? script.map { Int(clamping: (($0.duration + 2) * 60).rounded(.up)) } ?? 90
                    var report = try audit.run(
                        kind: kind, exceptions: exceptions, frames: length, every: every,
                        studio: { runner.driver.studio }, advance: { try runner.run(frames: 1) })
                    report.scenario = script?.file
                    // Findings rather than an error: `--all` still audits every studio, and the
                    // JSON report lists them. Never excused: no studio means to show a placeholder.
                    report.findings += runner.imageProblems(assets: assetsURL).map(\.auditFinding)
                    return report
                }
            }
        } catch {
            printError("\(error)")
            throw ExitCode(1)
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(reports), as: UTF8.self))
        } else {
            for r in reports { print(r.text) }
            let failed = reports.filter { !$0.passed }.count
            print(
                (failed == 0 ? "audit: \(reports.count) studio(s) pass" : "audit: \(failed) of \(reports.count) studio(s) have findings")
                    + (badFiles.isEmpty ? "" : "; \(badFiles.count) configuration file(s) cannot be loaded"))
        }
        if !badFiles.isEmpty || reports.contains(where: { !$0.passed }) { throw ExitCode(1) }
    }
}
