/// The draw phase: the display list of the rooms on screen (the current one, the incoming one
/// during a change, a neighbour's peek during a drag), layer by layer, then the overlays.
extension StudioDriver {
    /// Builds the display list of the current state again, without stepping, rendering or
    /// input (what the draw phase does; for benchmarks and inspection).
    /// - Complexity: O(visible widgets), as the draw phase.
    @discardableResult
    package func redraw() -> FrameTiming {
        var timing = FrameTiming(index: state.frame)
        drawList(&timing)
        return timing
    }

    func drawList(_ timing: inout FrameTiming) {
        var begin = tracer != nil ? Tracer.now() : 0
        // Releasing the last frame's items is part of drawing this one.
        canvas.reset()
        tracer?.span("clear list", category: "loop", since: begin, thread: "loop")
        if !overlays.isEmpty {
            begin = tracer != nil ? Tracer.now() : 0
            for overlay in overlays { overlay.willDraw(driver: self) }
            tracer?.span("overlays before drawing", category: "loop", since: begin, thread: "loop")
        }
        drawScene(&timing)
        begin = tracer != nil ? Tracer.now() : 0
        for overlay in overlays { overlay.decorate(canvas, driver: self) }
        if !overlays.isEmpty { tracer?.span("overlays", category: "loop", since: begin, thread: "loop") }
        timing.drawItems = canvas.list.count
    }

    private func drawScene(_ timing: inout FrameTiming) {
        let height = studio.environment.viewport.height
        let viewport = Rect(origin: .zero, size: studio.environment.viewport)
        let offset = state.transition?.outgoingOffset(height: height) ?? state.dragOffset
        let direction = state.transition?.direction ?? (offset < 0 ? 1 : -1)
        for kind in LayerKind.allCases {
            let start = timer.now()
            let traceBegin = tracer != nil ? Tracer.now() : 0
            defer {
                timing.setDrawTime(timer.now() - start, of: kind)
                tracer?.span("draw \(kind)", category: "layer", since: traceBegin, thread: "loop")
            }
            canvas.beginLayer(kind)
            studio.stack.drawLayerTree(kind, in: canvas, dy: offset)
            if let incoming {
                incoming.stack.drawLayerTree(kind, in: canvas, dy: offset + Double(direction) * height)
            } else if kind == .background, offset != 0, provider.hasRoom(at: state.position + direction) {
                drawPeek(
                    of: provider.room(at: state.position + direction),
                    dy: offset + Double(direction) * height, viewport: viewport)
            }
            canvas.endLayer()
        }
    }

    /// While a finger drags, the neighbouring room shows its cover and title.
    private func drawPeek(of room: RoomInfo, dy: Double, viewport: Rect) {
        canvas.withState(transform: .translation(0, dy)) {
            canvas.image(room.cover, in: viewport)
            canvas.fillRect(viewport, Color(r: 0, g: 0, b: 0, a: 110))
            canvas.text(
                room.title, font: .bold(40), color: .white,
                at: Point(x: viewport.midX, y: viewport.midY - 24), alignment: .center)
        }
    }
}
