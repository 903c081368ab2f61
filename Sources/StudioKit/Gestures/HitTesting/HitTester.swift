/// Finds the widget a pointer lands on.
///
/// The studio calls it when a pointer goes down, with the studio root (whose children are
/// the five penetrating `LayerContainer`s), so the top layer is tried first.
package enum HitTester {
    /// The widget a tap at `point` goes to: the topmost under it that takes touches and
    /// claims the tap there (`Widget.claimsTap(at:)`); nil when the point only falls on
    /// penetrating widgets, on widgets that let the tap through, or on nothing (the tap is
    /// the room's).
    /// - Parameter point: In `root`'s coordinates (logical pixels for the studio root).
    /// - Complexity: O(n) in the visible widgets tried before the hit; runs when a tap is
    ///   delivered or held, and each frame only while the inspector follows the pointer.
    package static func hitTest(_ root: Widget, at point: Point) -> Widget? {
        var hit: Widget?
        walk(root, point) { widget, local in
            guard !widget.passesTouchesThrough, widget.claimsTap(at: local) else { return false }
            hit = widget
            return true
        }
        return hit
    }

    /// The widget whose drag joins the arena for a touch going down at `point`: the first
    /// widget under it, penetrating ones left out, that drags there (`Widget.dragAxes(at:)`),
    /// with the directions it drags in; nil when none does (the touch is the studio's to swipe).
    /// - Complexity: O(n) in the visible widgets tried before the hit.
    package static func dragTarget(_ root: Widget, at point: Point) -> (widget: Widget, axes: DragAxes)? {
        var found: (widget: Widget, axes: DragAxes)?
        walk(root, point) { widget, local in
            guard !widget.passesTouchesThrough, let axes = widget.dragAxes(at: local) else { return false }
            found = (widget, axes)
            return true
        }
        return found
    }

    /// The widget that takes a tap-like gesture (a long press, a double tap) for a touch
    /// going down at `point`: the first widget under it, penetrating ones left out, that
    /// declares the gesture there (`declares`, given the point in its coordinates) or claims
    /// the tap there; nil when none declares it or a widget that only claims the tap comes
    /// first (a sheet over the comment list keeps a long press from the comments beneath).
    /// - Complexity: O(n) in the visible widgets tried before the hit.
    package static func gestureTarget(
        _ root: Widget, at point: Point,
        declares: (Widget, Point) -> Bool
    ) -> Widget? {
        var hit: Widget?
        walk(root, point) { widget, local in
            guard !widget.passesTouchesThrough else { return false }
            if declares(widget, local) {
                hit = widget
                return true
            }
            return widget.claimsTap(at: local)
        }
        return hit
    }

    /// Every widget whose touch area contains `point`, in the order they are tried,
    /// penetrating ones included (the inspector shows why a touch went where it went).
    /// The first candidate that does not pass through is what `hitTest` returns.
    /// - Complexity: O(n) in the visible widgets of the tree.
    package static func candidates(_ root: Widget, at point: Point) -> [HitCandidate] {
        var out: [HitCandidate] = []
        walk(root, point) { widget, local in
            out.append(HitCandidate(widget: widget, localPoint: local))
            return false
        }
        return out
    }

    /// Calls `visit` for each widget whose `contains` holds, in hit order, until it
    /// returns true. Returns whether it did.
    @discardableResult
    private static func walk(
        _ widget: Widget, _ point: Point,
        _ visit: (Widget, Point) -> Bool
    ) -> Bool {
        // Hit-test order: a hidden, concealed, fully transparent or untouchable widget is
        // skipped with its whole subtree; otherwise its children are tried before the widget itself, from the
        // last child to the first (children are kept by level ascending, ties in insertion
        // order, so the highest level and the later-inserted tie come first), each with the
        // point taken into its coordinates through the inverse of its `localTransform`; a
        // clipping widget lets its children be tried only inside its bounds; a widget is hit
        // when `contains` holds; a gesture-penetrating one is hit but passed through.
        guard !widget.isHidden, !widget.isConcealed, widget.alpha > 0, widget.takesTouches else { return false }
        if !widget.clipsToBounds || widget.bounds.contains(point) {
            for child in widget.children.reversed() {
                // A singular transform (scale 0) squashes the child to nothing to touch.
                guard let toChild = child.localTransform.inverted else { continue }
                if walk(child, toChild.apply(point), visit) { return true }
            }
        }
        return widget.contains(point) && visit(widget, point)
    }
}

/// One widget under a pointer, as `HitTester.candidates` lists them.
package struct HitCandidate {
    package let widget: Widget
    /// The pointer in the widget's own coordinates.
    package let localPoint: Point

    /// Whether the touch passes through this widget to the next candidate.
    package var passesThrough: Bool { widget.passesTouchesThrough }
}
