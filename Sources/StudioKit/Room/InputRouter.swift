/// A room's input: turns pointer and key input into gestures, and delivers each one.
///
/// Order for one pointer event, written down where it happens (`handlePointer`):
/// 1. on `down`, the first widget under the finger that drags there joins the arena with
///    its drag (`HitTester.dragTarget`), and the widgets that take a long press or a double
///    tap there join with those (`HitTester.gestureTarget`);
/// 2. feed the gesture router, which lets one recognizer win (the widget's drag, else a
///    swipe, else a long press, else a tap, held back while a double tap declared there is
///    possible; see `GestureRouter.handle`); the room also advances the router's clock
///    each step (`advance(to:)`), since a long press and a held tap are decided by
///    time passing;
/// 3. a drag goes to its widget's `handleDrag`, a long press to its widget's
///    `handleLongPress`, a double tap to its widget's `handleDoubleTap`; a tap goes to the top widget that claims it
///    (`HitTester.hitTest`: widgets may let taps through while keeping drags) and its
///    `handleTap`; if none claims it or it is not handled, the room was tapped
///    (`.roomTapped`, hearts); a swipe is announced by axis and handed back to the room,
///    which follows the finger as its gesture mapping says (`Room.follow(_:doing:)`).
/// Keys are equivalents: arrows = committed swipes, space = a tap in the middle,
/// L = lite toggle, Esc = close; while a text field has the focus (`textFocus`) keys and
/// typed text go to it instead.
public final class InputRouter {
    /// What a swipe along each axis does (from the configuration).
    package var mapping = GestureMapping()
    public let gestures: GestureRouter
    private unowned let room: Room
    private var root: Widget { room.root }
    private var environment: StudioEnvironment { room.environment }
    /// The widget whose drag joined the arena for the followed touch.
    private var dragTarget: Widget?
    /// The widget whose long press joined the arena for the followed touch.
    private var pressTarget: Widget?
    /// Where a tap held back for a double tap goes when it is delivered: what was under the
    /// finger when it lifted, not what is there by then (the room may have turned meanwhile).
    private weak var heldTapTarget: Widget?
    /// Where the followed touch went down.
    private var touchDown: Point?
    /// The latest pointer event's time and the step time it came at. Pointer times are the
    /// loop's clock, step times its simulated time, which falls behind when a stalled frame
    /// drops steps; the router keeps to the pointer clock, and a step advances it by as much
    /// as the step clock moved since that event.
    private var pointerClock: (event: Double, step: Double)?
    /// Where the mouse is over the room, as its last sample said (a hover, a press, a drag or
    /// its release); nil once it is off the room: on a letterbox bar, out of the window, or
    /// cancelled with the window's focus. Space sends its hearts from here.
    package private(set) var pointerOverRoom: Point?

    init(room: Room, config: GestureConfig?) {
        self.room = room
        gestures = GestureRouter(config: config ?? GestureConfig(viewport: room.environment.viewport))
    }

    /// Handles one input event. Events only queue announcements; they are delivered in the
    /// frame's dispatch phase.
    func handle(_ event: InputEvent) {
        let focus = textFocus.flatMap { $0.isLoaded && !$0.isHidden ? $0 : nil }
        switch event {
        case .pointer(let p): handlePointer(p)
        case .key(let k) where k.isDown:
            if let focus { focus.handleEditingKey(k.key) } else { handleKey(k.key) }
        case .text(let text): focus?.insertText(text)
        case .key, .quit: break
        }
    }

    /// The text field that typing goes to, if any.
    package private(set) weak var textFocus: (any TextEditingWidget)?

    /// Gives `widget` the text focus: typed text and keys go to it until it resigns.
    public func focusText(_ widget: any TextEditingWidget) { textFocus = widget }

    /// Takes the text focus back from `widget` (nothing happens if another field holds it).
    public func resignTextFocus(_ widget: any TextEditingWidget) {
        if textFocus === widget { textFocus = nil }
    }

    private func handlePointer(_ p: PointerEvent) {
        let onRoom = Rect(origin: .zero, size: environment.viewport).contains(p.position)
        pointerOverRoom = onRoom && p.phase != .cancelled ? p.position : nil
        guard p.phase != .hovered else { return }  // no touch: nothing to recognize
        pointerClock = (p.time, environment.time)
        var members = GestureMembers()
        if p.phase == .down, gestures.activeTouch == nil || gestures.activeTouch == p.id {
            touchDown = p.position
            let dragging = HitTester.dragTarget(root, at: p.position)
            dragTarget = dragging?.widget
            pressTarget = HitTester.gestureTarget(root, at: p.position) { $0.recognizesLongPress(at: $1) }
            members = GestureMembers(
                drag: dragging?.axes, dragName: dragTarget?.name, longPress: pressTarget?.name,
                doubleTap: doubleTapTarget(at: p.position)?.name)
        }
        let lifts = p.phase == .up && gestures.activeTouch == p.id
        let outputs = gestures.handle(p, members: members)
        // A tap is at the point its touch went down, and goes to what is there when it lifts;
        // only a lift that made a tap, or had it held for a double tap, needs the hit test.
        var lifted: (point: Point, target: Widget?)?
        if lifts, let down = touchDown, outputs.contains(.tap(down)) || gestures.isHoldingTap {
            lifted = (down, HitTester.hitTest(root, at: down))
        }
        deliver(outputs, lifted: lifted)
        if let lifted, gestures.isHoldingTap { heldTapTarget = lifted.target }
        if p.phase == .up || p.phase == .cancelled, gestures.activeTouch == nil {
            dragTarget = nil
            if let target = pressTarget, target.isLoaded { target.longPressTouchEnded() }
            pressTarget = nil
        }
    }

    /// Lets the gesture router's clock reach `time` (the room calls this at the start of
    /// every step): a finger resting on a widget wins its long press, and a tap held for a
    /// double tap that did not come is delivered.
    func advance(to time: Double) {
        deliver(gestures.advance(to: pointerClock.map { $0.event + time - $0.step } ?? time))
    }

    /// Delivers the router's outputs. A tap at the point of the finger that just lifted
    /// (`lifted`) goes to what is under it; any other tap is one held for a double tap that
    /// did not come, and goes to what was under it then (`heldTapTarget`).
    private func deliver(_ outputs: [GestureOutput], lifted: (point: Point, target: Widget?)? = nil) {
        for output in outputs {
            switch output {
            case .tap(let point):
                if let lifted, lifted.point == point {
                    tap(at: point, on: lifted.target)
                } else {
                    tap(at: point, on: heldTapTarget)
                }
            case .swipe(let info): announceSwipe(info)
            case .drag(let info): deliverDrag(info)
            case .longPress(let point):
                if let target = pressTarget, target.isLoaded, let local = target.transformToRoot.inverted?.apply(point) {
                    target.handleLongPress(at: local)
                }
            case .doubleTap(let point): doubleTap(at: point)
            }
        }
    }

    /// The widget that takes a double tap at `point`: the first under it that declares one.
    private func doubleTapTarget(at point: Point) -> Widget? {
        HitTester.gestureTarget(root, at: point) { $0.recognizesDoubleTap(at: $1) }
    }

    private func doubleTap(at point: Point) {
        guard let widget = doubleTapTarget(at: point), widget.isLoaded,
            let local = widget.transformToRoot.inverted?.apply(point)
        else { return }
        widget.handleDoubleTap(at: local)
    }

    private func deliverDrag(_ info: DragInfo) {
        guard let target = dragTarget, target.isLoaded, let toLocal = target.transformToRoot.inverted else { return }
        target.handleDrag(info.mapped { toLocal.apply($0) })
    }

    private func tap(at point: Point, on target: Widget?) {
        if let target, target.isLoaded, let local = target.transformToRoot.inverted?.apply(point),
            target.handleTap(at: local)
        {
            return
        }
        room.publish(.roomTapped, point)
    }

    private func announceSwipe(_ info: SwipeInfo) {
        switch info.axis {
        case .horizontal: room.publish(.horizontalSwipe, info)
        case .vertical: room.publish(.verticalSwipe, info)
        }
        room.follow(info, doing: mapping.action(for: info.axis))
    }

    private func handleKey(_ key: Key) {
        let size = environment.viewport
        switch key {
        // Hearts, whatever is there: from the pointer while it is over the room, as a tap
        // there would send them, else from the middle of the picture.
        case .space: tap(at: pointerOverRoom ?? Point(x: size.width / 2, y: size.height * 0.62), on: nil)
        case .left: announceSwipe(Self.keySwipe(.horizontal, -1, size))
        case .right: announceSwipe(Self.keySwipe(.horizontal, 1, size))
        case .up: announceSwipe(Self.keySwipe(.vertical, -1, size))
        case .down: announceSwipe(Self.keySwipe(.vertical, 1, size))
        case .l: room.toggleLiteMode()
        case .escape: room.requestClose()
        case .f1, .f2, .f3, .f4, .f5, .f6, .enter, .backspace, .other: break
        }
    }

    /// A committed swipe as a key press makes it: a third of the screen, ended.
    static func keySwipe(_ axis: SwipeAxis, _ direction: Double, _ size: Size) -> SwipeInfo {
        let extent = axis == .horizontal ? size.width : size.height
        return SwipeInfo(
            axis: axis, phase: .ended, start: Point(x: size.width / 2, y: size.height / 2),
            translation: direction * extent / 3, velocity: direction * 1000,
            progress: direction / 3, committed: true)
    }
}
