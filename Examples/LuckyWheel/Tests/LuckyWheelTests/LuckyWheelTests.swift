import Foundation
import LuckyWheel
import StudioCLI
import StudioKit
import StudioTesting
import Studios
import Testing

/// The example package, tested with LiveStudio's own tools: behaviour driven by a scenario
/// as a user would, previews, and the bench scene through the package's own `lucky-studio`
/// command line (its goldens and audit are `LuckyWheelGoldenTests`).
@Suite("The lucky wheel, a widget and a kind from outside LiveStudio")
struct LuckyWheelTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let spin = package.appendingPathComponent("Scenarios/spin.jsonl").path
    static let catalog = Catalog.standard + LuckyWheel.catalog

    /// The room after `frames` frames. The images and standard kinds come from LiveStudio's
    /// Assets, found as its tools find them; the wheel's configuration is this package's.
    func scene(frames: Int = 90, mode: SceneMode = .normal, scenario: String? = nil) throws -> StudioScene {
        try StudioScene(kind: LuckyWheelRoom.kind, catalog: Self.catalog, frames: frames, mode: mode, scenario: scenario)
    }

    func wheel(_ scene: StudioScene) throws -> LuckyWheelWidget {
        try #require(scene.driver.studio.root.first(named: LuckyWheelWidget.catalogName) as? LuckyWheelWidget)
    }

    @Test("the catalog adds the widget, the kind and its room without a conflict")
    func catalog() {
        #expect(Self.catalog.problems().isEmpty)
        #expect(Self.catalog.widgets.module(of: LuckyWheelWidget.catalogName) == "LuckyWheel")
        #expect(Self.catalog.kinds.registration(for: LuckyWheelRoom.kind)?.module == "LuckyWheel")
        #expect(Self.catalog.rooms.last?.kind == LuckyWheelRoom.kind)
    }

    @Test("the cheer button, added to a room, toasts when tapped")
    func cheer() throws {
        let scene = try scene(frames: 10)
        try scene.driver.studio.add(CheerWidget())
        let center = Point(x: 52, y: 932)
        scene.input.queue([.pointer(PointerEvent(.down, at: center, time: scene.clock.now()))])
        try scene.run(frames: 2)
        scene.input.queue([.pointer(PointerEvent(.up, at: center, time: scene.clock.now()))])
        try scene.run(frames: 20)
        let texts = scene.displayList.items(in: .float).compactMap { item -> String? in
            if case .text(let text, _, _, _, _) = item.command { return text }
            return nil
        }
        #expect(texts.contains("Cheers! 0 follows"), "\(texts)")
    }

    @Test("the package's own feed raises the jackpot every 10 s of the room's time, and the room posts it")
    func jackpotFeed() throws {
        let scene = try scene(frames: 60 * 21)
        let room = try #require(scene.part(LuckyWheelRoom.self))
        #expect(room.jackpot == 1_200, "two raises in 21 s")
        let chat = scene.displayList.items.compactMap { item -> String? in
            if case .text(let text, _, _, _, _) = item.command { return text }
            return nil
        }
        #expect(chat.contains("Jackpot: 1200!"), "\(chat)")
    }

    @Test("the cheer button alone, in each of its states")
    func cheerPreviews() throws {
        try assertPreviews(of: CheerWidget.catalogName, catalog: Self.catalog)
    }

    @Test("lite mode takes the wheel away with the movable layer")
    func lite() throws {
        let scene = try scene(mode: .lite)
        try assertGolden(scene, named: "luckyWheel-lite")
        #expect(scene.displayList.items(in: .movable).isEmpty)
    }

    @Test("a fling spins the wheel clockwise; when it stops the studio toasts the prize it stopped on")
    func flingWinsAPrize() throws {
        let scene = try scene(frames: 40, scenario: Self.spin)
        let wheel = try wheel(scene)
        #expect(wheel.isSpinning)
        #expect(wheel.angle > 0)
        try scene.run(frames: 420)  // to t = 7.7 s, before the scenario's tap
        let studio = try #require(scene.part(LuckyWheelRoom.self))
        #expect(!wheel.isSpinning)
        #expect(wheel.spins == 1)
        #expect(studio.won == [wheel.prizeAtPointer])
        try assertGolden(scene, named: "luckyWheel-won")
    }

    @Test("a tap on the wheel spins it again, and the badge counts both prizes")
    func tapSpinsAgain() throws {
        let scene = try scene(frames: 500, scenario: Self.spin)  // the tap is at t = 8 s
        let wheel = try wheel(scene)
        let studio = try #require(scene.part(LuckyWheelRoom.self))
        #expect(wheel.spins == 1)
        #expect(wheel.isSpinning)
        try scene.run(frames: 600)
        #expect(wheel.spins == 2)
        #expect(studio.won.count == 2)
        #expect(studio.won.last == wheel.prizeAtPointer)
    }

    @Test("a sideways swipe off the wheel still toggles lite mode: the wheel takes only touches on its disc")
    func swipeOffTheWheel() throws {
        let scene = try scene(frames: 10)
        let wheel = try wheel(scene)
        // Left of the wheel's disc, inside its square's corner row: not the wheel's.
        scene.input.queue([.pointer(PointerEvent(.down, at: Point(x: 150, y: 440), time: scene.clock.now()))])
        for step in 1...6 {
            try scene.run(frames: 1)
            scene.input.queue([.pointer(PointerEvent(.moved, at: Point(x: 150 + Double(step) * 60, y: 442), time: scene.clock.now()))])
        }
        try scene.run(frames: 1)
        scene.input.queue([.pointer(PointerEvent(.up, at: Point(x: 520, y: 442), time: scene.clock.now()))])
        try scene.run(frames: 40)
        #expect(scene.driver.studio.isLiteMode)
        #expect(!wheel.isSpinning)
        #expect(wheel.angle == 0)
    }

    @Test("the bench scene runs through the package's own command line and lists the wheel's cost")
    func bench() throws {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("lucky-bench-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: report) }
        let result = try Self.luckyStudio([
            "bench", "--kind", LuckyWheelRoom.kind.rawValue, "--scenario", Self.spin,
            "--frames", "120", "--top", "40", "--report", report.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        #expect(json["frames"] as? Int == 120)
        let widgets = (json["topWidgets"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(widgets.contains(LuckyWheelWidget.catalogName))
    }

    @Test("the package profiles its room in-process, with the report studio bench gives")
    func benchInProcess() throws {
        var settings = BenchSettings(scene: .room, assets: try AssetLocator.locate())
        settings.catalog = .standard + LuckyWheel.catalog
        settings.kind = LuckyWheelRoom.kind
        settings.scenario = Self.spin
        settings.frames = 120
        settings.top = 40
        let report = try Bench.run(settings)
        #expect(report.frames == 120)
        let wheel = try #require(report.topWidgets.first { $0.name == LuckyWheelWidget.catalogName })
        // The spinning wheel is drawn again every frame: its pixels cost raster time too. The
        // widgets are timed in one frame in seven, which the percentiles leave out.
        #expect(wheel.frames == report.profiledFrames && wheel.drawSeconds > 0 && wheel.rasterSeconds > 0)
    }

    @Test("an unknown kind on the package's command line lists the kinds, the wheel's among them")
    func unknownKind() throws {
        let result = try Self.luckyStudio(["snapshot", "--kind", "lucky", "--out", "/dev/null"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("unknown studio kind 'lucky'"))
        #expect(result.stderr.contains(LuckyWheelRoom.kind.rawValue))
        #expect(result.stderr.hasPrefix("lucky-studio: error:"), "the package's tool speaks in its own name: \(result.stderr)")
    }

    @Test("the package's command line gives its own name, with LiveStudio's version beside it")
    func identity() throws {
        let result = try Self.luckyStudio(["--version"], keepOutput: true)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("lucky-studio (LiveStudio "), "\(result.stdout)")
    }

    static var luckyStudioBinary: URL {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        var binary = dir.appendingPathComponent("lucky-studio")
        for _ in 0..<4 where !FileManager.default.isExecutableFile(atPath: binary.path) {
            dir = dir.deletingLastPathComponent()
            binary = dir.appendingPathComponent("lucky-studio")
        }
        return binary
    }

    /// Runs the built `lucky-studio` (next to this test bundle) and waits for it.
    /// Standard output is kept only when `keepOutput` (a bench prints more than a pipe holds).
    static func luckyStudio(_ arguments: [String], keepOutput: Bool = false) throws -> (status: Int32, stderr: String, stdout: String) {
        let process = Process()
        process.executableURL = luckyStudioBinary
        process.arguments = arguments
        let errors = Pipe()
        let output = Pipe()
        process.standardError = errors
        process.standardOutput = keepOutput ? output : FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let out = keepOutput ? String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) : ""
        process.waitUntilExit()
        return (process.terminationStatus, text, out)
    }
}
