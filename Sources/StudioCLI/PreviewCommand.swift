import ArgumentParser
import Foundation
import StudioAppCore
import StudioKit
import StudioSDL
import Studios

/// `studio preview`: one catalog widget alone, in one of its states, to a PNG or live in a
/// window.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Show one widget alone, in one of its states, in a window or to PNG.",
        discussion: """
            A state is the options a configuration entry would give the widget and the room data \
            that brings it there (scenario lines), declared by the widget type (previewStates) or \
            in the assets' previews.json; every widget has the state 'default'. The state runs in \
            a room that lists the widget (the audience room when none does), deterministically, \
            then the widget is shown alone, cropped to its frame and whatever it draws past it. \
            --out writes a PNG at --scale pixels per studio pixel; without it a window shows the \
            widget live, scaled to fit (Left and Right go through the states, Esc closes). \
            --list prints every widget with its states.
            """
    )

    @Option(help: "The widget's catalog name (studio preview --list shows them).")
    var widget: String?

    @Option(help: "The state to show.")
    var state = PreviewState.default.name

    @Option(help: "Options over the state's, as a JSON object: '{\"color\": \"#F5C542\"}'.")
    var options: String?

    @Option(help: "What is behind the widget: neutral (a checkerboard) or room (the room it ran in).")
    var background = PreviewBackground.neutral.rawValue

    @Option(help: "Pixels per studio pixel in the PNG, 1 to 8.")
    var scale = 1

    @Option(help: "The PNG to write; without it, a window shows the widget.")
    var out: String?

    @Flag(help: "List the catalog's widgets and their states.")
    var list = false

    @Option(help: "Seed for everything random.")
    var seed: UInt64 = 1

    @OptionGroup var assets: AssetsOption

    func validate() throws {
        try OptionCheck.whole(scale, "--scale", in: 1...8, "pixels per studio pixel")
        guard PreviewBackground(rawValue: background) != nil else {
            throw ValidationError(
                "--background must be one of \(PreviewBackground.allCases.map(\.rawValue).joined(separator: ", ")) (got '\(background)')")
        }
        if !list, widget == nil { throw ValidationError("give --widget NAME, or --list to see the widgets") }
    }

    func run() throws {
        try reportingErrors {
            if let out { try OutputFile.check(out, "--out") }
            let assetsURL = try assets.locate()
            let previews = try WidgetPreviews(catalog: CommandCatalog.current, assets: assetsURL)
            if list {
                for name in previews.widgets {
                    print("\(name): \(try previews.states(of: name).map(\.name).joined(separator: ", "))")
                }
                return
            }
            guard let widget else { return }
            var chosen = try previews.state(state, of: widget)
            if let options {
                chosen.options.merge(try Self.parseOptions(options), uniquingKeysWith: { _, new in new })
                chosen.file = "--options"
                chosen.keyPath = "\(widget).\(chosen.name)"
            }
            let fonts = try FontLibrary()
            if let out {
                let preview = try previews.run(widget, state: chosen, measurer: TTFTextMeasurer(fonts: fonts), seed: seed)
                let picture = try PreviewPicture(
                    preview, background: PreviewBackground(rawValue: background)!, scale: scale,
                    frames: try PreviewFrames(fonts: fonts, assets: assetsURL))
                try OutputFile.naming("--out") { try picture.target.writePNG(to: out) }
                printNote(
                    "\(widget) (\(preview.type)), state '\(chosen.name)': \(picture.crop.width.compact)x\(picture.crop.height.compact) "
                        + "at (\(picture.crop.minX.compact), \(picture.crop.minY.compact)), level \(preview.widget.level) "
                        + "in the \(preview.layer.name) layer; written to \(out)")
                return
            }
            try PreviewWindow(previews: previews, widget: widget, first: chosen, seed: seed, assets: assetsURL).run()
        }
    }

    /// `--options`: a JSON object.
    static func parseOptions(_ text: String) throws -> [String: JSONValue] {
        let value: JSONValue
        do {
            value = try ConfigJSONReader.parse(Array(text.utf8)).value
        } catch {
            throw ValidationError("--options is not JSON: column \(error.column): \(error.reason)")
        }
        guard case .object(let object) = value else {
            throw ValidationError("--options must be a JSON object of the widget's options (got \(value.kindDescription))")
        }
        return object
    }
}

/// A window that shows a widget's preview live, scaled to fit, stepping the state's room
/// 1/60 s a frame; Left and Right go through the widget's states, Esc closes.
struct PreviewWindow {
    let previews: WidgetPreviews
    let widget: String
    let first: PreviewState
    let seed: UInt64
    let assets: URL

    func run() throws {
        let backend = try SDLWindowBackend(
            options: .init(title: "LiveStudio preview", assetsDirectory: assets.path))
        var states = try previews.states(of: widget)
        if !states.contains(first) { states.insert(first, at: 0) }
        var index = states.firstIndex(of: first) ?? 0
        var preview = try previews.run(widget, state: states[index], measurer: backend.textMeasurer, seed: seed)
        backend.setTitle("\(widget): \(states[index].name) - LiveStudio preview")
        let start = Date()
        var frame = 0
        while true {
            for event in backend.pollInput(now: Date().timeIntervalSince(start)) {
                switch event {
                case .quit, .key(KeyEvent(.escape)): return
                case .key(KeyEvent(.right)), .key(KeyEvent(.left)):
                    let step = event == .key(KeyEvent(.right)) ? 1 : states.count - 1
                    index = (index + step) % states.count
                    preview = try previews.run(widget, state: states[index], measurer: backend.textMeasurer, seed: seed)
                    backend.setTitle("\(widget): \(states[index].name) - LiveStudio preview")
                default: break
                }
            }
            try preview.scene.run(frames: 1)
            try backend.render(try Self.compose(preview))
            try backend.present()
            frame += 1
            // Paced to 60 frames a second on the real clock, as the room's own loop is.
            let due = start.addingTimeInterval(Double(frame) / 60)
            let wait = due.timeIntervalSinceNow
            if wait > 0 { Thread.sleep(forTimeInterval: wait) }
        }
    }

    /// The widget, scaled to fit two thirds of the studio, centred over a checkerboard.
    static func compose(_ preview: WidgetPreview) throws -> DisplayList {
        let box = preview.frameOnScreen.insetBy(dx: -8, dy: -8)
        let scale = max(1, min(6, min(Size.studio.width * 2 / 3 / max(box.width, 1), Size.studio.height * 2 / 3 / max(box.height, 1))))
        let dx = (Size.studio.width - box.width * scale) / 2, dy = (Size.studio.height - box.height * scale) / 2
        let place = Transform.translation(-box.minX, -box.minY).then(.scale(scale, scale)).then(.translation(dx, dy))
        let widgetList = try preview.list()
        var out = DisplayList()
        out.beginLayer(preview.layer)
        out.append(DrawItem(.fill(.rect(Rect(origin: .zero, size: .studio)), Color(r: 24, g: 24, b: 28))))
        for item in PreviewPicture.overChecker(widgetList, area: box, layer: preview.layer).items {
            out.append(DrawItem(item.command, transform: item.transform.then(place)))
        }
        out.endLayer()
        return out
    }
}
