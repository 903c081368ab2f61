import StudioKit

/// The in-window inspector (`studio run`), a `FrameOverlay`:
/// - F1: bounds of every widget (`BoundsOverlay`), a panel describing the widget under the
///   pointer (name, type, level, layer, frame), and the gesture trace: the last touch's
///   path and which recognizer won and why (`GestureRouter.lastResolution`); the window's
///   renderer also tints the tiles it drew again each frame, by how often (its repaint view);
/// - F3: the live exploded view (`ExplodedView`);
/// - F4: layer isolation, cycling all -> background -> displayer -> movable -> lite -> float -> all.
///
/// It takes only its own keys (F1, F3, F4; F2 belongs to the profiler HUD); pointer events
/// pass on to the studio untouched, the overlay only watches them.
package final class InspectorOverlay: FrameOverlay {
    /// The widgets' bounds, and the renderer's repaint view: F1 turns both on or off, and a
    /// tool (the DevTools page) may set each alone.
    package var showsBounds = false
    package var showsRepaints = false
    package private(set) var showsExploded = false
    /// The one layer shown alone, nil for all.
    package private(set) var isolatedLayer: LayerKind?
    /// The last pointer position seen (logical pixels).
    package private(set) var pointer: Point?
    /// The current or last touch's path, at most `maxPathPoints` long.
    package private(set) var touchPath: [Point] = []
    package var maxPathPoints = 240

    package init() {}

    package func handle(_ event: InputEvent, driver: StudioDriver) -> Bool {
        switch event {
        case .key(let k):
            guard k.isDown, !k.isRepeat else { return [.f1, .f3, .f4].contains(k.key) }
            switch k.key {
            case .f1:
                showsBounds.toggle()
                showsRepaints = showsBounds
            case .f3: showsExploded.toggle()
            case .f4: cycleIsolation()
            default: return false
            }
            return true
        case .pointer(let p):
            track(p)
            return false
        case .text, .quit:
            return false
        }
    }

    /// all -> background -> ... -> float -> all.
    package func cycleIsolation() {
        switch isolatedLayer {
        case nil: isolatedLayer = .background
        case .float?: isolatedLayer = nil
        case let kind?: isolatedLayer = LayerKind(rawValue: kind.rawValue + 1)
        }
    }

    /// Follows the pointer: where it is (hovering too) and the path of the touch in progress.
    package func track(_ p: PointerEvent) {
        pointer = p.position
        if p.phase == .down {
            touchPath = [p.position]
        } else if p.phase != .hovered, !touchPath.isEmpty, touchPath.count < maxPathPoints {
            touchPath.append(p.position)
        }
    }

    /// The widget under the pointer: the one a tap there would reach, so that a band that
    /// lets taps through (danmaku) names what lies beneath.
    package func hoveredWidget(in studio: Room) -> Widget? {
        pointer.flatMap { Self.widget(under: $0, in: studio) }
    }

    /// The widget a pointer at `pointer` is over, as `hoveredWidget(in:)` names it.
    package static func widget(under pointer: Point, in studio: Room) -> Widget? {
        if let target = HitTester.hitTest(studio.root, at: pointer) { return target }
        // Nothing takes a tap here: name what is seen, the bottom-most widget (the cover or
        // the video), not a full-screen overlay that lets everything through.
        return HitTester.candidates(studio.root, at: pointer).map(\.widget)
            .last { !($0 is LayerContainer) && $0 !== studio.root }
    }

    /// - Complexity: nothing when every mode is off; otherwise O(items + widgets).
    package func decorate(_ canvas: Canvas, driver: StudioDriver) {
        guard showsBounds || showsExploded || isolatedLayer != nil else { return }
        let studio = driver.studio
        let viewport = studio.environment.viewport
        var list = canvas.list
        if let isolatedLayer { list = list.filtered(to: [isolatedLayer]) }
        if showsExploded { list = ExplodedView.compose(list, viewport: viewport) }
        canvas.replaceList(with: list)
        if showsBounds, !showsExploded {
            let hovered = hoveredWidget(in: studio)
            BoundsOverlay.draw(studio, in: canvas, highlight: hovered)
            drawGestureTrace(studio, in: canvas)
            drawPanel(hovered, resolution: studio.gestures.lastResolution, viewport: viewport, in: canvas)
        }
        drawStatus(viewport: viewport, in: canvas)
    }

    private func drawGestureTrace(_ studio: Room, in canvas: Canvas) {
        let color = Color(r: 0, g: 230, b: 255)
        for (a, b) in zip(touchPath, touchPath.dropFirst()) { canvas.line(from: a, to: b, width: 4, color) }
        if let first = touchPath.first { canvas.fillCircle(center: first, radius: 8, color) }
        if let last = touchPath.last { canvas.stroke(.circle(center: last, radius: 12), color, width: 3) }
    }

    private func drawPanel(_ widget: Widget?, resolution: GestureResolution?, viewport: Size, in canvas: Canvas) {
        var lines: [String] = []
        if let widget {
            let layer = WidgetRecord.layer(of: widget)?.name ?? "root"
            lines.append("\(widget.name)  (\(String(describing: type(of: widget))))")
            lines.append(
                "level \(InspectionFormat.number(widget.level))  layer \(layer)"
                    + (widget.passesTouchesThrough ? "  penetrating" : ""))
            lines.append("frame \(ScreenRect(widget.transformToRoot.apply(widget.bounds)))")
        } else {
            lines.append(pointer == nil ? "move the pointer over a widget" : "no widget under the pointer")
        }
        lines.append("gesture: " + (resolution?.reason ?? "no touch decided yet"))
        if let resolution, !resolution.competitors.isEmpty {
            lines.append("competed: " + resolution.competitors.joined(separator: ", "))
        }
        let font = FontSpec.regular(20)
        let height = Double(lines.count) * 26 + 12
        // At the bottom, unless that would cover the widget it describes: then at the top.
        var panel = Rect(x: 12, y: viewport.height - height - 44, width: viewport.width - 24, height: height)
        if let widget, widget.transformToRoot.apply(widget.bounds).intersects(panel) {
            panel.origin.y = 56
        }
        canvas.fillRoundedRect(panel, radius: 10, Color(r: 0, g: 0, b: 0, a: 190))
        for (i, line) in lines.enumerated() {
            canvas.text(line, font: font, color: .white, at: Point(x: panel.minX + 12, y: panel.minY + 6 + Double(i) * 26))
        }
    }

    private func drawStatus(viewport: Size, in canvas: Canvas) {
        var parts: [String] = []
        if showsBounds { parts.append("F1 bounds") }
        if showsExploded { parts.append("F3 exploded") }
        parts.append("F4 layers: " + (isolatedLayer?.name ?? "all"))
        let text = "inspector  " + parts.joined(separator: "  |  ")
        canvas.fillRect(Rect(x: 0, y: 0, width: viewport.width, height: 30), Color(r: 0, g: 0, b: 0, a: 170))
        canvas.text(text, font: .bold(18), color: Color(r: 0, g: 230, b: 255), at: Point(x: 10, y: 4))
    }
}
