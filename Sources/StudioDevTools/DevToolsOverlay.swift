import Foundation
import StudioInspection
import StudioKit
import StudioProfiler

/// The DevTools' part on the loop thread, as a frame overlay: just before each frame is drawn
/// it applies the commands the page sent and puts back the edits it holds
/// (`DevToolsHeldEdits`), so that an edit shows in the frame after its request; after the
/// frame is drawn it outlines the selected widget over the room and, every `snapshotFrames`
/// frames or after a command, hands the bridge a new snapshot.
///
/// Recording the tree costs about as much as `studio dump` (microseconds per widget), so
/// it is done a few times a second, not every frame; the frames' timings are read from the
/// driver's recorder, which keeps them anyway.
package final class DevToolsOverlay: FrameOverlay {
    package let bridge: DevToolsBridge
    /// Frames between snapshots (6 a second at 60 fps).
    package var snapshotFrames = 10
    /// Most frames one snapshot carries.
    package static let maxFrames = 120
    /// Most replies each snapshot carries, and the most characters of each.
    static let maxReplies = 16
    static let maxReplyLength = 240
    /// The outline's color: the page's selection color.
    package static let outlineColor = Color(r: 0, g: 200, b: 255)

    private var selected: [Int]?
    /// The layers the page turned off, the one it shows alone, and the exploded view.
    private var hiddenLayers: Set<LayerKind> = []
    private var isolated: LayerKind?
    private var exploded = false
    private var layerItems: [LayerKind: Int] = [:]
    private let log: DevToolsLogCollector
    /// Widget costs, measured while the page asks (`profile`): a probe on the room, and the
    /// costliest widgets of each recent frame by its index.
    private var profiling = false
    private let probe = WidgetCostProbe()
    private var frameWidgets: [Int: [DevToolsSnapshot.WidgetTime]] = [:]
    /// The process's resident memory, read once a second.
    private var memory: ResidentMemory?
    private var serial = 0
    private var frames = 0
    private var seenTimings = 0
    private var replies: [DevToolsSnapshot.Reply] = []
    private var held = DevToolsHeldEdits()
    /// Whether this frame applied a command (its snapshot then goes out at once).
    private var appliedCommands = false
    /// The last pointer position over the room (logical pixels).
    private var pointer: Point?

    /// Makes a PNG of a display list (the frame, or one layer on a transparent background
    /// when `transparent`), on the loop thread; without it, screenshots are refused. The app
    /// gives it, since the rasterizer is not this module's.
    package var screenshot: ((DisplayList, _ transparent: Bool) throws -> [UInt8])?
    /// The renderer's caches, read with the resident memory once a second; the app gives it,
    /// since the renderer is not this module's. Nil: the memory has no caches.
    package var caches: (() -> [DevToolsSnapshot.Cache])?
    private var cacheReadings: [DevToolsSnapshot.Cache]?
    /// The window's inspector, whose widget bounds and repaint view the page turns on and
    /// off; nil where there is none (a headless room), and the page's toggles are refused.
    package weak var inspector: InspectorOverlay?
    /// A widget's own options, shown and set from the page; nil: only the properties every
    /// widget has.
    package var widgetOptions: DevToolsWidgetOptions?

    package init(bridge: DevToolsBridge) {
        self.bridge = bridge
        log = DevToolsLogCollector(bridge: bridge)
    }

    /// Logs the input, and follows the pointer, so that the page can show the widget under it.
    package func handle(_ event: InputEvent, driver: StudioDriver) -> Bool {
        log.follow(driver)
        log.input(event)
        if case .pointer(let p) = event { pointer = p.position }
        return false
    }

    public func noteArrived(_ note: StudioNote, driver: StudioDriver) {
        log.follow(driver)
        log.noteArrived(note)
    }

    package func willDraw(driver: StudioDriver) {
        let studio = driver.studio
        let dropped = held.follow(studio)
        if dropped > 0 { reply("the room changed: \(dropped == 1 ? "the edit" : "\(dropped) edits") of the last room let go") }
        let commands = bridge.takeCommands()
        for command in commands { apply(command, to: studio) }
        appliedCommands = !commands.isEmpty || dropped > 0
        held.reapply(in: studio)
    }

    package func decorate(_ canvas: Canvas, driver: StudioDriver) {
        frames += 1
        log.follow(driver)
        takeScreenshots(of: canvas.list)
        let publishes = appliedCommands || frames % snapshotFrames == 0 || serial == 0
        appliedCommands = false
        // Counted only for a snapshot, from the room's own list, before the page's layer
        // settings filter it.
        if publishes { for kind in LayerKind.allCases { layerItems[kind] = canvas.list.layerRanges[kind]?.count ?? 0 } }
        showLayers(canvas, viewport: driver.studio.environment.viewport)
        measureWidgets(driver)
        if let selected, let widget = Self.widget(at: selected, in: driver.studio.root) {
            let frame = widget.transformToRoot.apply(widget.bounds)
            if !frame.isEmpty { canvas.stroke(.rect(frame), Self.outlineColor, width: 3) }
        }
        if publishes { publish(driver) }
        log.frameEnded()
    }

    /// While profiling, keeps the probe on the room and takes this frame's costliest widgets
    /// (their update and draw, which ran before the overlays). Another tool's probe (the F2
    /// HUD's) is left alone, and nothing is measured meanwhile.
    private func measureWidgets(_ driver: StudioDriver) {
        let environment = driver.studio.environment
        guard profiling else {
            if environment.probe === probe { environment.probe = nil }
            return
        }
        guard environment.probe === probe else {
            if environment.probe == nil {
                probe.reset()
                environment.probe = probe
            }
            return
        }
        let index = driver.recorder.recordedCount
        frameWidgets[index] = probe.takeCostliest(5).map { DevToolsSnapshot.WidgetTime(name: $0.name, seconds: $0.seconds) }
        frameWidgets[index - 2 * Self.maxFrames] = nil
        probe.frameEnded()
    }

    /// The screenshots the page asked for, of the frame as the room drew it (what the window
    /// shows, without DevTools' own outline). One costs the frame it is taken in a render.
    private func takeScreenshots(of list: DisplayList) {
        for request in bridge.takeScreenshotRequests() {
            guard let screenshot else {
                bridge.deliverScreenshot(request.id, .failure(DevToolsError("this run cannot make screenshots")))
                continue
            }
            do {
                let shown = request.layer.map { list.filtered(to: [$0]) } ?? list
                bridge.deliverScreenshot(request.id, .success(try screenshot(shown, request.layer != nil)))
            } catch {
                bridge.deliverScreenshot(request.id, .failure(DevToolsError("the screenshot failed: \(error)")))
            }
        }
    }

    /// Shows the layers as the page asked.
    private func showLayers(_ canvas: Canvas, viewport: Size) {
        guard !hiddenLayers.isEmpty || isolated != nil || exploded else { return }
        let shown = isolated.map { [$0] } ?? Set(LayerKind.allCases).subtracting(hiddenLayers)
        guard shown.count < LayerKind.allCases.count || exploded else { return }
        var list = canvas.list.filtered(to: shown)
        if exploded { list = ExplodedView.compose(list, viewport: viewport) }
        canvas.replaceList(with: list)
    }

    private func publish(_ driver: StudioDriver) {
        serial += 1
        if memory == nil || frames % 60 < snapshotFrames {
            memory = ResidentMemory.current()
            cacheReadings = caches?()
        }
        let recorder = driver.recorder
        let fresh = min(recorder.recordedCount - seenTimings, Self.maxFrames)
        seenTimings = recorder.recordedCount
        let recent = recorder.latest(fresh)
        let studio = driver.studio
        let selectedWidget = selected.flatMap { Self.widget(at: $0, in: studio.root) }
        bridge.publish(
            DevToolsSnapshot(
                serial: serial, frame: recorder.recordedCount, kind: studio.room.kind.rawValue,
                // Without each widget's subscriptions (the costliest part of a record):
                // only the selected widget's are shown.
                tree: WidgetRecord(of: studio.root, announcer: nil),
                selected: selected,
                selectedFrame: selectedWidget.map { ScreenRect($0.frame) },
                selectedSubscriptions: selectedWidget.map { studio.announcer.subscriptions(of: $0).map(\.rawValue).sorted() },
                selectedOptions: selectedWidget.flatMap { widgetOptions?.options(of: $0, in: studio) },
                hovered: pointer.flatMap { InspectorOverlay.widget(under: $0, in: studio) }.map(Self.path(of:)),
                frames: recent.map { timing in
                    var frame = DevToolsSnapshot.Frame(timing)
                    frame.widgets = frameWidgets[timing.index]
                    return frame
                },
                replies: replies,
                edits: held.edits.map { DevToolsSnapshot.Edit(name: $0.name, property: $0.property, value: $0.value) },
                layers: LayerKind.allCases.map { kind in
                    DevToolsSnapshot.Layer(
                        name: kind.name, items: layerItems[kind] ?? 0, shown: !hiddenLayers.contains(kind),
                        drawMs: recent.isEmpty ? 0 : recent.reduce(0) { $0 + $1.drawTime(of: kind) } / Double(recent.count) * 1000)
                },
                isolated: isolated?.name, exploded: exploded,
                bounds: inspector?.showsBounds, repaints: inspector?.showsRepaints, profiling: profiling,
                topWidgets: profiling
                    ? probe.top(8).map { DevToolsSnapshot.WidgetTime(name: $0.name, seconds: $0.updatePerFrame + $0.drawPerFrame) } : nil,
                memory: memory.map {
                    DevToolsSnapshot.Memory(
                        residentMB: Double($0.residentBytes) / 1e6, peakMB: Double($0.peakBytes) / 1e6, caches: cacheReadings)
                }))
    }

    /// Says what a command did (or why not) in the next snapshot.
    private func reply(_ text: String) {
        // A reply repeats what the command named; cut, it keeps every snapshot's replies
        // within `maxReplies` short lines however long a name or value was sent.
        let text = text.count > Self.maxReplyLength ? "\(text.prefix(Self.maxReplyLength))… (\(text.count) characters)" : text
        replies.append(DevToolsSnapshot.Reply(number: (replies.last?.number ?? 0) + 1, text: text))
        if replies.count > Self.maxReplies { replies.removeFirst() }
    }

    /// Applies one command, and says what it did (or why not) in the next snapshot.
    func apply(_ command: DevToolsCommand, to studio: Room) {
        switch command.command {
        case "deselect":
            selected = nil
            return reply("deselected")
        case "layer", "isolate", "exploded":
            return reply(applyLayers(command))
        case "profile":
            guard case .bool(let on)? = command.value else { return reply("refused profile: \"value\" must be true or false") }
            profiling = on
            frameWidgets.removeAll()
            return reply(on ? "measuring widget costs" : "stopped measuring widget costs")
        case "bounds", "repaint":
            guard case .bool(let on)? = command.value else {
                return reply("refused \(command.command): \"value\" must be true or false")
            }
            guard let inspector else {
                return reply("refused \(command.command): the widget bounds and the repaint view are the window's (run without --headless)")
            }
            if command.command == "bounds" { inspector.showsBounds = on } else { inspector.showsRepaints = on }
            let what = command.command == "bounds" ? "the widget bounds" : "the repaint view"
            return reply(on ? "showing \(what)" : "hid \(what)")
        case "reset":
            let edits = held.releaseAll()
            guard !edits.isEmpty else { return reply("reset: no edits to undo") }
            let undone = edits.map { undo($0, in: studio) }
            return reply("reset \(edits.count == 1 ? "1 edit" : "\(edits.count) edits"): " + undone.joined(separator: "; "))
        case "undo":
            guard let name = command.name, let property = command.property else {
                return reply("refused undo: give the \"name\" and \"property\" of an edit")
            }
            guard let edit = held.release(property, of: name) else { return reply("refused undo: \(property) of \(name) is not edited") }
            return reply(undo(edit, in: studio))
        default:
            break
        }
        guard let path = command.path, let name = command.name else {
            return reply("refused \(command.command): a command needs \"path\" and \"name\" (see docs/DEVTOOLS.md)")
        }
        guard let widget = Self.widget(at: path, in: studio.root), widget.name == name else {
            return reply("refused \(command.command) \(name): the tree changed since the page's snapshot; select it again")
        }
        switch command.command {
        case "select":
            selected = path
            reply("selected \(name)")
        case "set":
            let property = command.property ?? "(no property)"
            let original = original(property, of: widget, in: studio)
            let said = DevToolsEdits.set(property, of: widget, to: command.value, in: studio, options: widgetOptions)
            reply(said)
            if !said.hasPrefix("refused"), let value = command.value { held.hold(property, of: name, value: value, original: original) }
            // A new level can move the widget in the tree, and a new option build it again:
            // the selection follows it, by name.
            if selected == path { selected = studio.root.first(named: name).map(Self.path(of:)) }
        default:
            reply(
                "refused \(command.command): the commands are select, deselect, set, undo, reset, layer, isolate, exploded, bounds, repaint and profile"
            )
        }
    }

    /// What `property` of `widget` is now, to go back to: one every widget has, or one of its
    /// own options (as its configuration gives it; nil where it gives none and the option has
    /// its default).
    private func original(_ property: String, of widget: Widget, in studio: Room) -> DevToolsValue? {
        if let value = DevToolsHeldEdits.current(property, of: widget) { return value }
        guard let json = widgetOptions?.options(of: widget, in: studio)?[property] else { return nil }
        return try? JSONDecoder().decode(DevToolsValue.self, from: Data(json.utf8))
    }

    /// Puts `edit`'s widget back as it was before the edit; what it did.
    private func undo(_ edit: DevToolsHeldEdits.Edit, in studio: Room) -> String {
        guard let widget = studio.root.first(named: edit.name) else {
            return "let go of \(edit.property) of \(edit.name), which this room no longer has"
        }
        guard let original = edit.original else {
            return widgetOptions?.unset(edit.property, of: widget, in: studio) ?? "let go of \(edit.property) of \(edit.name)"
        }
        let said = DevToolsEdits.set(edit.property, of: widget, to: original, in: studio, options: widgetOptions)
        return said.hasPrefix("refused") ? said : "undid \(edit.property) of \(edit.name)"
    }

    /// A command about the layers; what it did, or why not.
    func applyLayers(_ command: DevToolsCommand) -> String {
        let names = LayerKind.allCases.map(\.name).joined(separator: ", ")
        let layer = command.layer.flatMap(LayerKind.init(name:))
        if let name = command.layer, layer == nil { return "refused \(command.command) \(name): the layers are \(names)" }
        switch (command.command, layer, command.value) {
        case ("layer", let kind?, .bool(let shown)?):
            if shown { hiddenLayers.remove(kind) } else { hiddenLayers.insert(kind) }
            return "\(shown ? "showed" : "hid") the \(kind.name) layer"
        case ("layer", _, _):
            return "refused layer: give \"layer\" (\(names)) and \"value\" true or false"
        case ("isolate", let kind, _):
            isolated = kind
            return kind.map { "showing the \($0.name) layer alone" } ?? "showing every layer"
        case ("exploded", _, .bool(let on)?):
            exploded = on
            return on ? "exploded view on" : "exploded view off"
        default:
            return "refused exploded: \"value\" must be true or false"
        }
    }

    /// `widget`'s place in its tree: child indices from the root.
    static func path(of widget: Widget) -> [Int] {
        var path: [Int] = []
        var node = widget
        while let parent = node.parent, let index = parent.children.firstIndex(where: { $0 === node }) {
            path.append(index)
            node = parent
        }
        return path.reversed()
    }

    /// The widget at `path` (child indices from `root`), if the tree still has one there.
    static func widget(at path: [Int], in root: Widget) -> Widget? {
        var node = root
        for index in path {
            guard node.children.indices.contains(index) else { return nil }
            node = node.children[index]
        }
        return node
    }
}
