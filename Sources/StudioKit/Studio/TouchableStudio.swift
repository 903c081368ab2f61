/// The touchable studio: turns pointer and key input into the studio's gestures.
///
/// Order for one pointer event, written down where it happens (`handlePointer`):
/// 1. on `down`, hit-test from the top layer down (see `HitTester`) and remember the widget
///    under the finger;
/// 2. feed the gesture router, which lets one recognizer win (tap xor swipe);
/// 3. a tap goes to the remembered widget's `handleTap`; if none takes it, the room was
///    tapped (`.roomTapped`, hearts); a swipe is announced by axis and handed to
///    `swipe(_:action:)`, where the core business studio follows the finger; a touch that
///    went down on a `DragOwningWidget` (or inside one) swipes nothing: the widget owns it.
/// Keys are equivalents: arrows = committed swipes, space = a tap in the middle,
/// L = lite toggle, Esc = close.
open class TouchableStudio: BaseBusinessStudio {
    public var gestureMapping = GestureMapping()
    public let gestures: GestureRouter
    /// Taps on the room so far (each sends hearts).
    public private(set) var heartsSent = 0
    private var touchTarget: Widget?
    /// True while the followed touch began on a `DragOwningWidget`.
    private var touchOwnedByWidget = false

    public init(room: RoomInfo, environment: StudioEnvironment, gestureConfig: GestureConfig? = nil) {
        gestures = GestureRouter(config: gestureConfig ?? GestureConfig(viewport: environment.viewport))
        super.init(room: room, environment: environment)
    }

    /// Handles one input event. Events only queue announcements; they are delivered in the
    /// frame's dispatch phase.
    public func handleInput(_ event: InputEvent) {
        guard lifecycle == .loaded else { return }
        switch event {
        case .pointer(let p): handlePointer(p)
        case .key(let k) where k.isDown: handleKey(k.key)
        case .key, .text, .quit: break  // no studio has a text field yet
        }
    }

    private func handlePointer(_ p: PointerEvent) {
        if p.phase == .down {
            touchTarget = HitTester.hitTest(root, at: p.position)
            touchOwnedByWidget = Self.ownsDrags(touchTarget)
        }
        for output in gestures.handle(p) {
            switch output {
            case .tap(let point): tap(at: point)
            case .swipe(let info) where !touchOwnedByWidget: announceSwipe(info)
            case .swipe: break
            }
        }
        if p.phase == .up || p.phase == .cancelled {
            touchTarget = nil
            touchOwnedByWidget = false
        }
    }

    /// Whether `widget` or one of its ancestors owns the drags that start on it.
    private static func ownsDrags(_ widget: Widget?) -> Bool {
        var node = widget
        while let n = node {
            if n is DragOwningWidget { return true }
            node = n.parent
        }
        return false
    }

    private func tap(at point: Point) {
        if let target = touchTarget, target.isLoaded,
           let local = target.transformToRoot.inverted?.apply(point),
           target.handleTap(at: local) {
            return
        }
        heartsSent += 1
        announcer.post(.roomTapped, sender: self, .point(point))
    }

    private func announceSwipe(_ info: SwipeInfo) {
        announcer.post(info.axis == .horizontal ? .horizontalSwipe : .verticalSwipe, sender: self, .swipe(info))
        swipe(info, action: gestureMapping.action(for: info.axis))
    }

    private func handleKey(_ key: Key) {
        let size = environment.viewport
        switch key {
        case .space: tap(at: Point(x: size.width / 2, y: size.height * 0.62))
        case .left: announceSwipe(Self.keySwipe(.horizontal, -1, size))
        case .right: announceSwipe(Self.keySwipe(.horizontal, 1, size))
        case .up: announceSwipe(Self.keySwipe(.vertical, -1, size))
        case .down: announceSwipe(Self.keySwipe(.vertical, 1, size))
        case .l: toggleLiteMode()
        case .escape: requestClose()
        case .f1, .f2, .f3, .f4, .f5, .other: break
        }
    }

    /// A committed swipe as a key press makes it: a third of the screen, ended.
    static func keySwipe(_ axis: SwipeAxis, _ direction: Double, _ size: Size) -> SwipeInfo {
        let extent = axis == .horizontal ? size.width : size.height
        return SwipeInfo(axis: axis, phase: .ended, start: Point(x: size.width / 2, y: size.height / 2),
                         translation: direction * extent / 3, velocity: direction * 1000,
                         progress: direction / 3, committed: true)
    }

    open override var output: StudioOutput {
        var out = super.output
        out.heartsSent = heartsSent
        return out
    }

    // MARK: Hooks for the core business studio

    /// A swipe moved or ended; `action` is what the mapping says the axis does.
    open func swipe(_ info: SwipeInfo, action: SwipeAction) {}
    open func toggleLiteMode() {}

    /// Asks the studio's owner to close it (the close button and Esc call this).
    public func requestClose() {
        announcer.post(.closeRequested, sender: self)
    }
}
