/// The base widget: a node of the studio's tree. Children are kept ordered by level (ties by
/// insertion order), drawn in that order (later = on top) and hit-tested in reverse.
///
/// A widget draws in its own coordinates, (0,0) being the top-left of `frame`, which is in
/// its parent's coordinates. `transform` applies around the centre of the frame, then the
/// frame's origin translates; `alpha` multiplies down the tree.
open class Widget: StudioWidget {
    public let name: String
    public private(set) var level: Double
    open var frame: Rect
    open var isHidden = false
    open var alpha: Double = 1
    open var transform: Transform = .identity
    /// When true, a touch on this widget's own area passes through to what is below
    /// (its children still receive touches on theirs).
    open var passesTouchesThrough = false
    open var clipsToBounds = false
    /// When false, neither this widget nor anything in its subtree receives touches, while
    /// all of it still updates and draws: a layer sliding away in lite mode is seen leaving,
    /// but a finger landing on it goes to what stays.
    package var takesTouches = true
    /// Whether overlays that float over the room, such as the danmaku band, must leave this
    /// widget uncovered: a clock, the host's card or a countdown a viewer reads at a glance
    /// would be lost under moving text. The overlays read the frames of the visible widgets
    /// that say so (a hidden or concealed one, or one on a layer lite mode has slid away,
    /// keeps nothing out) and place their text elsewhere. A configuration entry sets it with
    /// `"keepOut": true`.
    public var keepsOverlaysOut = false
    /// Set by the studio from its concealing list: a concealed widget neither updates,
    /// draws nor receives touches.
    package internal(set) var isConcealed = false

    package private(set) weak var parent: Widget?
    public private(set) var children: [Widget] = []
    /// Set while the widget is attached to a studio; nil before `didLoad` and after `didUnload`.
    public private(set) var context: WidgetContext?
    /// Subscriptions made with `listen(to:)`, cancelled automatically on unload.
    package private(set) var subscriptions: [SubscriptionToken] = []

    public init(name: String, level: Double, frame: Rect = .zero) {
        self.name = name
        self.level = level
        self.frame = frame
    }

    /// The widget's own rectangle in its coordinates.
    public var bounds: Rect { Rect(origin: .zero, size: frame.size) }

    package var isLoaded: Bool { context != nil }

    /// The room services this widget cannot work without (a host panel needs the live
    /// session). A studio refuses to add the widget when it lacks one, naming it; services a
    /// widget can do without are read from its context and may be nil.
    open class var requiredServices: [RoomServiceKey] { [] }

    // MARK: - Lifecycle hooks (override)

    open func didLoad() {}
    open func didUnload() {}

    /// 0.9.0's event funnel; a widget listens to each event with its own closure.
    @available(*, unavailable, message: "listen to each event with a closure in didLoad(): listen(to: .giftArrived) { widget, gift in … }")
    open func onEvent(_ name: EventName, sender: AnyObject?, userInfo: EventPayload) {}
    open func update(_ step: FrameStep) {}
    open func draw(in canvas: Canvas) {}

    /// Called when a tap lands on this widget: it is the top widget under the finger that
    /// claims the tap (`claimsTap(at:)`). Return true when handled; false lets the studio
    /// treat it as a tap on the room (hearts).
    open func handleTap(at point: Point) -> Bool { false }

    /// Whether a tap at `point` (this widget's coordinates) stops at this widget. False
    /// passes the tap on to the widgets beneath, while drags and swipes are decided apart
    /// (`dragAxes(at:)`): penetration per gesture, not per widget. A danmaku band claims
    /// only the taps that land on a comment.
    open func claimsTap(at point: Point) -> Bool { true }

    /// The directions this widget drags in when a touch goes down at `point` (its own
    /// coordinates), or nil when it does not drag there. A widget that drags joins the
    /// gesture arena for that touch, and its drag beats the studio's swipes; a one-axis drag
    /// moved mostly across its axis fails, so the swipe on the other axis can still win.
    open func dragAxes(at point: Point) -> DragAxes? { nil }

    /// The drag this widget won (`dragAxes(at:)`): began, changed, ended or cancelled, in
    /// this widget's coordinates.
    open func handleDrag(_ drag: DragInfo) {}

    /// Whether a finger resting at `point` (this widget's coordinates) is a long press for
    /// this widget. A widget that says so joins the arena for that touch: its long press wins
    /// when the finger stays within the tap slop for `GestureConfig.longPressDuration`.
    /// Found like a tap's widget: the first widget under the finger that declares it or
    /// claims the tap there (`HitTester.gestureTarget`).
    open func recognizesLongPress(at point: Point) -> Bool { false }

    /// The long press this widget won (`recognizesLongPress(at:)`), where the finger went
    /// down, in this widget's coordinates.
    open func handleLongPress(at point: Point) {}

    /// The touch for which this widget joined the arena with a long press lifted or was
    /// cancelled, whichever gesture won it: a widget that holds its content still under a
    /// resting finger (so that what the finger rests on stays there) lets it go here.
    open func longPressTouchEnded() {}

    /// Whether two taps in quick succession at `point` (this widget's coordinates) are a
    /// double tap for this widget. Declaring it costs the single tap here its immediacy: a
    /// tap waits up to `GestureConfig.doubleTapInterval` for the second one before it is
    /// delivered, so declare it only where a double tap means something.
    open func recognizesDoubleTap(at point: Point) -> Bool { false }

    /// The double tap this widget won (`recognizesDoubleTap(at:)`), where the second tap went
    /// down, in this widget's coordinates. The first tap is never delivered.
    open func handleDoubleTap(at point: Point) {}

    /// Whether `point` (in this widget's coordinates) is inside the widget's touch area.
    open func contains(_ point: Point) -> Bool { bounds.contains(point) }

    // MARK: - Tree

    /// Adds `child` among this widget's children at the place its level gives it
    /// (after every sibling of a lower or equal level). If this widget is attached, the
    /// child is attached too and its `didLoad` runs.
    /// - Throws: `StudioError.invalidLevel` for a negative or non-finite level,
    ///   `widgetAlreadyAttached` if it has a parent, `cycle` if it is an ancestor of self.
    /// - Complexity: O(n) in the number of siblings.
    open func addChild(_ child: Widget) throws {
        _ = try LayerKind.of(level: child.level)
        guard child.parent == nil else { throw StudioError.widgetAlreadyAttached(name: child.name) }
        var node: Widget? = self
        while let n = node {
            if n === child { throw StudioError.cycle(name: child.name) }
            node = n.parent
        }
        children.insert(child, at: insertionIndex(for: child.level))
        child.parent = self
        if let context { child.attach(contextForChild(context, child)) }
    }

    /// Removes this widget from its parent; runs `didUnload` on it and its subtree first if
    /// it was attached.
    open func removeFromParent() {
        guard let parent else { return }
        if isLoaded { detach() }
        if let i = parent.children.firstIndex(where: { $0 === self }) {
            parent.children.remove(at: i)
        }
        self.parent = nil
    }

    /// Changes the level; the widget moves to its new place among its siblings (as the
    /// last of its new level). Its layer does not change: to move a widget to another
    /// layer, remove it and add it to the studio again.
    /// - Throws: `StudioError.invalidLevel` for a negative or non-finite level.
    package func setLevel(_ newLevel: Double) throws {
        _ = try LayerKind.of(level: newLevel)
        guard let parent, let i = parent.children.firstIndex(where: { $0 === self }) else {
            level = newLevel
            return
        }
        parent.children.remove(at: i)
        level = newLevel
        parent.children.insert(self, at: parent.insertionIndex(for: newLevel))
        parent.childLevelDidChange(self)
    }

    /// Every widget of the subtree, this one first, in draw order.
    package func subtree() -> [Widget] {
        var out: [Widget] = []
        func walk(_ w: Widget) {
            out.append(w)
            for c in w.children { walk(c) }
        }
        walk(self)
        return out
    }

    /// The first widget of the subtree with this name, depth first.
    public func first(named name: String) -> Widget? {
        if self.name == name { return self }
        for c in children { if let hit = c.first(named: name) { return hit } }
        return nil
    }

    /// The transform from this widget's coordinates to its parent's.
    package var localTransform: Transform {
        let origin = Transform.translation(frame.origin.x, frame.origin.y)
        if transform.isIdentity { return origin }
        let cx = frame.width / 2, cy = frame.height / 2
        return Transform.translation(-cx, -cy).then(transform).then(.translation(cx, cy)).then(origin)
    }

    /// The transform from this widget's coordinates to the root's (logical pixels when the
    /// root fills the screen).
    public var transformToRoot: Transform {
        var t = localTransform
        var node = parent
        while let n = node {
            t = t.then(n.localTransform)
            node = n.parent
        }
        return t
    }

    // MARK: - Events

    // `listen(to:)` and `publish(_:)` come with `EventListener`.

    public var roomAnnouncer: Announcer? { context?.announcer }

    public func keep(_ token: SubscriptionToken) { subscriptions.append(token) }

    // MARK: - Per-frame traversal

    /// Updates this widget and its children (skipping concealed subtrees).
    /// - Complexity: O(subtree) per step.
    package func updateTree(_ step: FrameStep) {
        guard !isConcealed else { return }
        guard let probe = context?.environment.probe else {
            update(step)
            updateChildren(step)
            return
        }
        let start = probe.now()
        update(step)
        let ownEnd = probe.now()
        updateChildren(step)
        probe.record(self, .update, start: start, ownEnd: ownEnd, end: probe.now())
    }

    private func updateChildren(_ step: FrameStep) {
        // Iterate a snapshot: a widget may add or remove siblings during its update. A
        // widget removed before its turn is skipped; one added starts on the next step.
        for c in children where c.parent === self {
            c.updateTree(step)
        }
    }

    /// Draws this widget, then its children in level order, under its transform and alpha.
    /// - Complexity: O(visible subtree) per frame; one display-list item per primitive.
    package func drawTree(in canvas: Canvas) {
        guard !isHidden, !isConcealed, alpha > 0 else { return }
        // Measured, the widget's own time runs from entering its transform to the end of its
        // `draw`, and its span on to leaving the transform, past its children.
        let probe = context?.environment.probe
        let start = probe?.now() ?? 0
        var ownEnd = 0.0
        canvas.withState(transform: localTransform, alpha: alpha) {
            if clipsToBounds {
                canvas.withClip(bounds) { drawSelfAndChildren(in: canvas, probe: probe, ownEnd: &ownEnd) }
            } else {
                drawSelfAndChildren(in: canvas, probe: probe, ownEnd: &ownEnd)
            }
        }
        probe?.record(self, .draw, start: start, ownEnd: ownEnd, end: probe?.now() ?? 0)
    }

    private func drawSelfAndChildren(in canvas: Canvas, probe: WidgetProbe?, ownEnd: inout Double) {
        let firstItem = probe == nil ? 0 : canvas.list.count
        draw(in: canvas)
        if let probe {
            ownEnd = probe.now()
            if canvas.list.count > firstItem { probe.record(self, items: firstItem..<canvas.list.count) }
        }
        for c in children { c.drawTree(in: canvas) }
    }

    // MARK: - Attachment

    /// Called after a child's level changed (the layer container re-checks concealment).
    func childLevelDidChange(_ child: Widget) {}

    /// The context a child gets: the parent's, in the parent's layer.
    func contextForChild(_ context: WidgetContext, _ child: Widget) -> WidgetContext { context }

    func attach(_ context: WidgetContext) {
        self.context = context
        didLoad()
        // A child that didLoad added is attached already (addChild saw our context).
        for c in children where !c.isLoaded { c.attach(contextForChild(context, c)) }
    }

    func detach() {
        for c in children.reversed() where c.isLoaded { c.detach() }
        didUnload()
        for token in subscriptions { token.cancel() }
        subscriptions.removeAll()
        context = nil
    }

    private func insertionIndex(for level: Double) -> Int {
        // Upper bound: after all siblings whose level is <= level (ties keep insertion order).
        var lo = 0, hi = children.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if children[mid].level <= level { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    // MARK: - Invariants

    /// Checks the tree below this widget: children sorted by level, parent links right, no
    /// widget twice, attached state consistent. Returns the broken invariants, empty if none.
    package func invariantViolations() -> [String] {
        var problems: [String] = []
        var seen = Set<ObjectIdentifier>()
        func check(_ w: Widget) {
            if !seen.insert(ObjectIdentifier(w)).inserted { problems.append("'\(w.name)' appears twice") }
            for (i, c) in w.children.enumerated() {
                if c.parent !== w { problems.append("'\(c.name)' is a child of '\(w.name)' but its parent link differs") }
                if i > 0, w.children[i - 1].level > c.level {
                    problems.append("children of '\(w.name)' out of level order at \(i): \(w.children[i - 1].level) > \(c.level)")
                }
                if c.isLoaded != w.isLoaded { problems.append("'\(c.name)' loaded=\(c.isLoaded) under '\(w.name)' loaded=\(w.isLoaded)") }
                check(c)
            }
        }
        check(self)
        return problems
    }
}
