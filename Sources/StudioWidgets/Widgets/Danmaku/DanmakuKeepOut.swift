import StudioDomain
import StudioKit

/// Where a danmaku band must not put its text: the frames of the visible widgets that keep
/// overlays out (`Widget.keepsOverlaysOut`, the part `OverlayKeepOutArea` names), in the
/// band's coordinates.
///
/// A widget counts while it and every widget above it are loaded, shown, not concealed and
/// not transparent, so a hidden one frees its lanes at once and the movable layer's ones stop
/// counting once lite mode has slid that layer away (the layer is hidden then). Its frame
/// counts, not its animated transform: a pulsing badge does not move lanes every step.
///
/// Finding the widgets walks the studio's tree, so it is done once at the first step and
/// then once a second (`searchInterval`), catching widgets added later; where they are is
/// read every step from the few found, and the band re-plans its lanes only when that changed.
struct DanmakuKeepOut {
    /// Steps between two walks of the tree.
    static let searchInterval = 60

    private struct Candidate {
        weak var widget: Widget?
    }

    /// Widgets below this level are left out: a card that opens over the room yields to the
    /// room's widgets, not to the video's clock under everything.
    var minimumLevel = -Double.infinity

    private var candidates: [Candidate] = []
    private var stepsUntilSearch = 0
    /// The keep-out rectangles now, in the band's coordinates, whole pixels outward.
    private(set) var rects: [Rect] = []
    /// Where this step's rectangles are gathered, kept between steps so a step allocates nothing.
    private var fresh: [Rect] = []

    /// Reads where the keep-out widgets are now.
    /// - Returns: whether `rects` changed.
    /// - Complexity: O(keep-out widgets × depth) per step, and O(widgets) once a second.
    mutating func refresh(for band: Widget) -> Bool {
        if stepsUntilSearch <= 0 {
            search(from: band)
            stepsUntilSearch = Self.searchInterval
        }
        stepsUntilSearch -= 1
        gatherRects(for: band)
        guard fresh != rects else { return false }
        swap(&fresh, &rects)
        return true
    }

    /// Looks again at once, at the next `refresh` (a widget was added or its flag changed).
    mutating func searchAgain() { stepsUntilSearch = 0 }

    private mutating func search(from band: Widget) {
        var root = band
        while let parent = root.parent { root = parent }
        var found: [Candidate] = []
        func walk(_ widget: Widget) {
            if widget.keepsOverlaysOut, widget !== band, widget.level >= minimumLevel { found.append(Candidate(widget: widget)) }
            for child in widget.children { walk(child) }
        }
        walk(root)
        candidates = found
    }

    private mutating func gatherRects(for band: Widget) {
        fresh.removeAll(keepingCapacity: true)
        guard !candidates.isEmpty, let toBand = band.transformToRoot.inverted else { return }
        for candidate in candidates {
            guard let widget = candidate.widget, Self.isShown(widget), let parent = widget.parent else { continue }
            let area = (widget as? any OverlayKeepOutArea)?.overlayKeepOutRect ?? widget.bounds
            // A widget with nothing to keep clear now (no super chat pinned) keeps nothing out.
            guard !area.isEmpty else { continue }
            // Through the frame's origin and the parents, leaving out the widget's own animation.
            let inParent = area.offsetBy(dx: widget.frame.minX, dy: widget.frame.minY)
            let rect = toBand.apply(parent.transformToRoot.apply(inParent))
            let left = rect.minX.rounded(.down), top = rect.minY.rounded(.down)
            fresh.append(Rect(x: left, y: top, width: rect.maxX.rounded(.up) - left, height: rect.maxY.rounded(.up) - top))
        }
    }

    /// Whether `widget` is drawn: it and every widget above it loaded, shown and not concealed.
    private static func isShown(_ widget: Widget) -> Bool {
        var node: Widget? = widget
        while let n = node {
            guard n.isLoaded, !n.isHidden, !n.isConcealed, n.alpha > 0 else { return false }
            node = n.parent
        }
        return true
    }
}
