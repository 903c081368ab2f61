import Foundation
import StudioDevTools
import StudioInspection
import StudioKit
import StudioSDL
import Studios

extension RunCommand {
    /// With `--devtools`: the DevTools overlay on `driver`, and its server listening on
    /// 127.0.0.1, its address printed on standard output as `DevTools: http://…`. Without it,
    /// nothing: no port is opened.
    ///
    /// - Parameter scenario: the run's scenario, whose server lines a saved log copies.
    /// - Throws: `DevToolsError` naming `--devtools-port` when the server cannot listen.
    /// - Parameters:
    ///   - rasterizer: the renderer whose caches the memory chart shows.
    ///   - inspector: the window's, whose bounds and repaint view the page toggles.
    func startDevTools(
        on driver: StudioDriver, scenario: Scenario?, assets: URL, rasterizer: DisplayListRasterizer,
        inspector: InspectorOverlay? = nil
    ) throws -> DevToolsServer? {
        guard devtools else { return nil }
        let replay = DevToolsReplay(flags: Self.replayFlags(CommandLine.arguments)) { time in
            scenario?.serverLines(upTo: time) ?? []
        }
        let bridge = DevToolsBridge(replay: replay)
        let overlay = DevToolsOverlay(bridge: bridge)
        // Screenshots are rasterized as `studio snapshot` renders, with fonts of their own
        // (loaded at the first one), on the loop thread.
        var fonts: FontLibrary?
        overlay.screenshot = { list, transparent in
            let library = try fonts ?? FontLibrary()
            fonts = library
            let target = try OffscreenTarget(fonts: library, assetsDirectory: assets.path, background: transparent ? .clear : .black)
            try target.render(list)
            return try target.pngData()
        }
        overlay.widgetOptions = DevToolsConfiguredOptions(catalog: CommandCatalog.current.widgets)
        overlay.inspector = inspector
        overlay.caches = { [unowned rasterizer] in
            [
                DevToolsSnapshot.Cache(name: "layer surfaces", bytes: rasterizer.surfaceBytes, budget: rasterizer.surfaceBudget),
                DevToolsSnapshot.Cache(name: "sprites", bytes: rasterizer.spriteBytes, budget: rasterizer.spriteBudget),
                DevToolsSnapshot.Cache(name: "text", bytes: rasterizer.textCache.bytes, budget: rasterizer.textCache.byteBudget),
                DevToolsSnapshot.Cache(
                    name: "images", bytes: rasterizer.imageCache.decodedBytes, budget: rasterizer.imageCache.decodedBudget),
            ]
        }
        driver.overlays.append(overlay)
        let server = try DevToolsServer(bridge: bridge, port: UInt16(clamping: devtoolsPort ?? 0))
        let url = try server.start()
        // Written straight to the descriptor: a script reading the line gets it now, not when
        // a buffer fills.
        FileHandle.standardOutput.write(Data("DevTools: \(url.absoluteString)\n".utf8))
        return server
    }

    /// The flags `studio run` was given, without those a replay of its log gives otherwise:
    /// the DevTools' own, `--scenario` (the log is the scenario), and the run's outputs
    /// (`--record`, `--state-out`, `--screenshot`, `--recordings`).
    static func replayFlags(_ arguments: [String]) -> [String] {
        // The run's own outputs are left out as well: a replay given them would write over
        // what this run wrote.
        let valued: Set = ["--devtools-port", "--scenario", "--record", "--state-out", "--screenshot", "--recordings"]
        var flags: [String] = []
        var rest = arguments.drop { $0 != "run" }.dropFirst()[...]
        while let argument = rest.popFirst() {
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            if valued.contains(name) {
                if !argument.contains("=") { _ = rest.popFirst() }
            } else if argument != "--devtools" {
                flags.append(argument)
            }
        }
        return flags
    }
}
