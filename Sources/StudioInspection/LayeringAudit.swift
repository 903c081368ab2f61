import StudioKit

/// Checks a loaded studio's layering: levels against layers, placement on the screen and in
/// the safe area, overlaps, reachability by taps, the gesture mapping, and text cut off or
/// covered (`TextAudit.swift`).
///
/// - Complexity: O(n^2) for the overlap check, O(n * g^2 * n) for reachability (g x g
///   sampled points, each one hit test) and O(t * g^2 * c) for covered text (t text lines,
///   c covering shapes); an inspection, never per frame.
package struct LayeringAudit {
    /// Unsafe strip at the top (status bar), in logical pixels.
    package var statusBarHeight = StudioEnvironment.statusBarHeight
    /// Unsafe strip at the bottom (home indicator), in logical pixels.
    package var homeIndicatorHeight = StudioEnvironment.homeIndicatorHeight
    /// Points per side of the grid sampled inside a widget for reachability.
    package var samplesPerSide = 5
    /// A screen frame may reach this far past the screen's edges (anti-aliasing slack).
    package var tolerance: Double = 0.5
    /// Text may run this far past its frame or clip: the renderer puts a line's top left on
    /// the nearest whole pixel, so a centred line can move half a pixel either way.
    package var textTolerance: Double = 1
    /// Drawing at least this opaque (fills, images, text) covers the text under it.
    package var coverAlpha: Double = 0.6
    /// A backing at least this opaque between two texts hides the lower one; a thinner one
    /// lets it show through, so both texts read at once.
    package var separateAlpha: Double = 0.85
    /// Text fainter than this (fading in or out) is not yet read, and crosses nothing.
    package var faintAlpha: Double = 0.3
    /// Measures text for the text rules; nil uses the studio's own (the one its widgets laid
    /// out with). The command line passes the renderer's font engine.
    package var measurer: TextMeasurer?

    package init(measurer: TextMeasurer? = nil) {
        self.measurer = measurer
    }

    /// Audits `studio` with its gesture mapping, as it is now; `exceptions` excuse matching
    /// findings.
    package func run(_ studio: Room, kind: RoomKind, exceptions: [AuditException] = []) -> AuditReport {
        report(kind: kind, findings: layoutFindings(studio) + momentFindings(studio), exceptions: exceptions)
    }

    /// The rules about the room's build: levels, placement, touches and gestures. Their
    /// answer is the same in every frame of a run.
    func layoutFindings(_ studio: Room) -> [AuditFinding] {
        levelFindings(studio) + placementFindings(studio) + overlapFindings(studio)
            + reachabilityFindings(studio) + gestureFindings(studio) + interactionFindings(studio)
    }

    /// The rules about what the frame shows: text cut off, covered or crossed, and controls
    /// hidden under what lets touches through. Their answer changes from frame to frame.
    /// A layer in transit (sliding away for lite mode, or with the finger) is left out: its
    /// text crosses the fixed layers and the screen's edge on its way, as everyone expects.
    func momentFindings(_ studio: Room) -> [AuditFinding] {
        let moving = Set(LayerKind.allCases.filter { studio.layer($0).transformToRoot.apply(.zero).distance(to: .zero) > tolerance })
        let drawn = drawings(studio, measurer: measurer ?? studio.environment.measurer).filter { !moving.contains($0.layer) }
        return textCutFindings(drawn, screen: Rect(origin: .zero, size: studio.environment.viewport))
            + textCoveredFindings(drawn) + textOverTextFindings(drawn) + hiddenControlFindings(studio, drawn)
    }

    /// The report of `findings`, sorted, with those `exceptions` excuse set apart.
    func report(kind: RoomKind, findings all: [AuditFinding], exceptions: [AuditException]) -> AuditReport {
        let all = all.sorted { ($0.rule.rawValue, $0.widget, $0.message) < ($1.rule.rawValue, $1.widget, $1.message) }
        var findings: [AuditFinding] = [], excused: [AuditFinding] = []
        var used = Set<Int>()
        for var f in all {
            if let i = exceptions.firstIndex(where: { $0.rule == f.rule && $0.widget == f.widget }) {
                used.insert(i)
                f.excusedBecause = exceptions[i].reason
                excused.append(f)
            } else {
                findings.append(f)
            }
        }
        let unused = exceptions.enumerated().filter { !used.contains($0.offset) }.map(\.element)
        return AuditReport(kind: kind, findings: findings, excused: excused, unusedExceptions: unused)
    }

    // MARK: Widgets

    /// The widgets below the layer containers, each with its layer, in draw order.
    func widgets(_ studio: Room) -> [(widget: Widget, layer: LayerKind)] {
        LayerKind.allCases.flatMap { kind in
            studio.layer(kind).subtree().dropFirst().map { ($0, kind) }
        }
    }

    /// Visible on screen: neither it nor an ancestor hidden, concealed or transparent.
    func isVisible(_ widget: Widget) -> Bool {
        var node: Widget? = widget
        while let n = node {
            if n.isHidden || n.isConcealed || n.alpha <= 0 { return false }
            node = n.parent
        }
        return true
    }

    /// Takes touches: visible, not penetrating, under no ancestor that takes none (as
    /// `HitTester` walks), with an area.
    func takesTouches(_ widget: Widget) -> Bool {
        guard !widget.passesTouchesThrough, isVisible(widget), !screenFrame(widget).isEmpty else { return false }
        var node: Widget? = widget
        while let n = node {
            if !n.takesTouches { return false }
            node = n.parent
        }
        return true
    }

    func screenFrame(_ widget: Widget) -> Rect { widget.transformToRoot.apply(widget.bounds) }

    func describe(_ r: Rect) -> String { ScreenRect(r).description }

    // MARK: Rules

    func levelFindings(_ studio: Room) -> [AuditFinding] {
        widgets(studio).compactMap { w, kind in
            kind.levels.contains(w.level)
                ? nil
                : AuditFinding(
                    rule: .levelOutsideLayer, widget: w.name,
                    message: "level \(InspectionFormat.number(w.level)) is outside its layer \(kind.name) "
                        + "[\(InspectionFormat.number(kind.levels.lowerBound)), \(InspectionFormat.number(kind.levels.upperBound)))")
        }
    }

    func placementFindings(_ studio: Room) -> [AuditFinding] {
        let size = studio.environment.viewport
        let screen = Rect(x: 0, y: 0, width: size.width, height: size.height).insetBy(dx: -tolerance, dy: -tolerance)
        let safe = Rect(
            x: -tolerance, y: statusBarHeight - tolerance, width: size.width + 2 * tolerance,
            height: size.height - statusBarHeight - homeIndicatorHeight + 2 * tolerance)
        var out: [AuditFinding] = []
        for (w, _) in widgets(studio) where isVisible(w) {
            let f = screenFrame(w)
            if f.isEmpty { continue }
            // Where it rests: its frame through its parents, without its own animated
            // transform (a banner sliding in from the edge belongs on the screen).
            let resting = w.parent.map { $0.transformToRoot.apply(w.frame) } ?? f
            if !screen.contains(resting) {
                out.append(
                    AuditFinding(
                        rule: .offScreen, widget: w.name,
                        message:
                            "frame \(describe(resting)) reaches outside the \(InspectionFormat.number(size.width))x\(InspectionFormat.number(size.height)) screen"
                    ))
            } else if takesTouches(w), !safe.contains(f) {
                out.append(
                    AuditFinding(
                        rule: .unsafeArea, widget: w.name,
                        message:
                            "frame \(describe(f)) takes touches inside the status bar (top \(InspectionFormat.number(statusBarHeight)) px) or home indicator (bottom \(InspectionFormat.number(homeIndicatorHeight)) px)"
                    ))
            }
        }
        return out
    }

    func overlapFindings(_ studio: Room) -> [AuditFinding] {
        var out: [AuditFinding] = []
        for kind in LayerKind.allCases {
            let touchable = studio.layer(kind).subtree().dropFirst().filter(takesTouches)
            for (i, a) in touchable.enumerated() {
                for b in touchable[(i + 1)...] where !isAncestor(a, of: b) && !isAncestor(b, of: a) {
                    // A band of moving text (the danmaku) takes touches only on its comments,
                    // and keeps them out of a widget that asks it to: no touch is shared there.
                    if keepsApart(a, b) || keepsApart(b, a) { continue }
                    let overlap = screenFrame(a).intersection(screenFrame(b))
                    guard !overlap.isEmpty, overlap.width > tolerance, overlap.height > tolerance else { continue }
                    out.append(
                        AuditFinding(
                            rule: .overlap, widget: a.name,
                            message: "overlaps '\(b.name)' in layer \(kind.name) over \(describe(overlap))"))
                }
            }
        }
        return out
    }

    /// Whether `band` sweeps text over its frame and `other` keeps that text out of its own.
    private func keepsApart(_ band: Widget, _ other: Widget) -> Bool {
        (band as? any ScrollingText)?.textSweepsFrame == true && other.keepsOverlaysOut
    }

    func reachabilityFindings(_ studio: Room) -> [AuditFinding] {
        var out: [AuditFinding] = []
        let n = max(samplesPerSide, 1)
        for (w, _) in widgets(studio) where takesTouches(w) {
            let f = screenFrame(w)
            let toLocal = w.transformToRoot.inverted
            var reached = false
            var accepting = 0
            var coveredBy: [String] = []
            for p in Self.grid(f, perSide: n) {
                // Only points the widget itself would take count: a widget whose taps
                // depend on what it shows (danmaku: only on a comment) is not "covered"
                // where it would let the tap through anyway.
                guard let local = toLocal?.apply(p), w.contains(local), w.claimsTap(at: local) else { continue }
                accepting += 1
                guard let hit = HitTester.hitTest(studio.root, at: p) else { continue }
                if hit === w || isAncestor(w, of: hit) {
                    reached = true
                    break
                }
                if !coveredBy.contains(hit.name) { coveredBy.append(hit.name) }
            }
            if !reached, accepting > 0 {
                out.append(
                    AuditFinding(
                        rule: .unreachable, widget: w.name,
                        message: "no tap on the \(accepting) of \(n)x\(n) points of \(describe(f)) it takes reaches it; covered by "
                            + (coveredBy.isEmpty ? "nothing that takes touches" : coveredBy.map { "'\($0)'" }.joined(separator: ", "))))
            }
        }
        return out
    }

    func gestureFindings(_ studio: Room) -> [AuditFinding] {
        var out: [AuditFinding] = []
        let mapping = studio.gestureMapping
        if mapping.vertical == mapping.horizontal, mapping.vertical != .none {
            out.append(
                AuditFinding(
                    rule: .gestureConflict, widget: "studio",
                    message: "both swipe axes do \(mapping.vertical.rawValue)"))
        }
        if mapping.vertical != .none || mapping.horizontal != .none {
            let size = studio.environment.viewport
            let screenArea = size.width * size.height
            for (w, kind) in widgets(studio) where kind >= .movable && takesTouches(w) {
                let f = screenFrame(w).intersection(Rect(x: 0, y: 0, width: size.width, height: size.height))
                if f.width * f.height >= 0.9 * screenArea {
                    out.append(
                        AuditFinding(
                            rule: .gestureConflict, widget: w.name,
                            message:
                                "takes touches over \(Int(clamping: 100 * f.width * f.height / screenArea))% of the screen in layer \(kind.name) while swipes are mapped (vertical \(mapping.vertical.rawValue), horizontal \(mapping.horizontal.rawValue))"
                        ))
                }
            }
        }
        return out
    }

    /// The smallest side a tap target may have, in logical px.
    package var minimumTapTarget: Double = 44
    /// Points per side of the grid sampled over the screen for the room gesture.
    package var screenSamplesPerSide = 12

    func interactionFindings(_ studio: Room) -> [AuditFinding] {
        var out: [AuditFinding] = []
        let mapping = studio.gestureMapping
        let roomAxes = SwipeAxis.allCases.filter { mapping.action(for: $0) == .switchRoom }
        if roomAxes.isEmpty {
            out.append(
                AuditFinding(
                    rule: .deadEnd, widget: "studio",
                    message:
                        "no swipe axis switches rooms (vertical \(mapping.vertical.rawValue), horizontal \(mapping.horizontal.rawValue)); map one to switchRoom in the configuration's gestures"
                ))
        } else {
            // Where a finger starts a room swipe: blocked where the first widget under it
            // that drags takes that axis (its drag wins the arena).
            let n = screenSamplesPerSide
            var blocked = 0
            var owners: [String] = []
            for p in Self.grid(Rect(origin: .zero, size: studio.environment.viewport), perSide: n) {
                guard let drag = HitTester.dragTarget(studio.root, at: p),
                    roomAxes.allSatisfy({ drag.axes.contains(DragAxes($0)) })
                else { continue }
                blocked += 1
                if !owners.contains(drag.widget.name) { owners.append(drag.widget.name) }
            }
            if blocked * 10 >= n * n * 9 {
                out.append(
                    AuditFinding(
                        rule: .deadEnd, widget: owners.first ?? "studio",
                        message:
                            "drags of \(owners.map { "'\($0)'" }.joined(separator: ", ")) cover \(blocked) of \(n)x\(n) screen points, so no room swipe can start; keep a widget's drag within its controls"
                    ))
            }
        }
        out += dragConflicts(studio)
        out += overlayFindings(studio)
        for (w, _) in widgets(studio) where takesTouches(w) {
            let f = screenFrame(w)
            let center = Point(x: w.bounds.width / 2, y: w.bounds.height / 2)
            guard w.claimsTap(at: center), f.width < minimumTapTarget || f.height < minimumTapTarget else { continue }
            out.append(
                AuditFinding(
                    rule: .smallTapTarget, widget: w.name,
                    message:
                        "takes taps on \(describe(f)), under the \(Int(clamping: minimumTapTarget))x\(Int(clamping: minimumTapTarget)) px minimum; enlarge it or its touch area (contains)"
                ))
        }
        return out
    }

    /// Controls a danmaku-like band crosses: widgets that take taps at their centre, in the
    /// band's frame, that do not keep its text out. A widget inside the band's own subtree,
    /// or one whose subtree holds the band, is the band's business.
    func overlayFindings(_ studio: Room) -> [AuditFinding] {
        let bands = widgets(studio).map(\.widget).filter { ($0 as? any ScrollingText)?.textSweepsFrame == true && isVisible($0) }
        guard !bands.isEmpty else { return [] }
        var out: [AuditFinding] = []
        for band in bands {
            let area = screenFrame(band)
            for (w, _) in widgets(studio)
            where w !== band && takesTouches(w) && !w.keepsOverlaysOut
                && !isAncestor(band, of: w) && !isAncestor(w, of: band)
            {
                let center = Point(x: w.bounds.width / 2, y: w.bounds.height / 2)
                let overlap = screenFrame(w).intersection(area)
                guard w.claimsTap(at: center), !overlap.isEmpty, overlap.width > tolerance, overlap.height > tolerance else { continue }
                out.append(
                    AuditFinding(
                        rule: .overlayOverControl, widget: w.name,
                        message: "takes taps on \(describe(screenFrame(w))) inside the band of '\(band.name)' "
                            + "(\(describe(area))), whose text would cross it; give it \"keepOut\": true, or move them apart"))
            }
        }
        return out
    }

    /// Widgets whose drags are shadowed: at sampled points where a widget drags, the first
    /// widget under the finger that drags (the one whose drag joins the arena) is another,
    /// unrelated one.
    func dragConflicts(_ studio: Room) -> [AuditFinding] {
        var out: [AuditFinding] = []
        let n = samplesPerSide
        for (w, _) in widgets(studio) where takesTouches(w) {
            let f = screenFrame(w)
            guard let toLocal = w.transformToRoot.inverted else { continue }
            var takenBy: [String] = []
            for p in Self.grid(f, perSide: n) where w.dragAxes(at: toLocal.apply(p)) != nil {
                if let first = HitTester.dragTarget(studio.root, at: p)?.widget, first !== w,
                    !isAncestor(first, of: w), !isAncestor(w, of: first), !takenBy.contains(first.name)
                {
                    takenBy.append(first.name)
                }
            }
            if !takenBy.isEmpty {
                out.append(
                    AuditFinding(
                        rule: .dragConflict, widget: w.name,
                        message:
                            "drags on \(describe(f)), but \(takenBy.map { "'\($0)'" }.joined(separator: ", ")) above it drags at the same points and always wins there; move one or narrow its dragAxes(at:)"
                    ))
            }
        }
        return out
    }

    /// The centres of an n x n grid of cells over `rect`: where the audit samples touches.
    static func grid(_ rect: Rect, perSide n: Int) -> [Point] {
        (0..<n).flatMap { i in
            (0..<n).map { j in
                Point(
                    x: rect.minX + rect.width * (Double(i) + 0.5) / Double(n),
                    y: rect.minY + rect.height * (Double(j) + 0.5) / Double(n))
            }
        }
    }

    func isAncestor(_ a: Widget, of b: Widget) -> Bool {
        var node = b.parent
        while let n = node {
            if n === a { return true }
            node = n.parent
        }
        return false
    }
}
