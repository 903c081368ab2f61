import StudioKit

/// The audit of a whole run: what a person sees over time, not in one frame. A banner
/// crosses a card for a second, a comment passes under a card, a toast lets the danmaku
/// show through: each lasts a few frames, so the moment rules are asked at every sampled
/// frame and a finding names the first frame that shows it.
extension LayeringAudit {
    /// Audits a run of `frames` frames, `advance` running one frame at a time; the moment
    /// rules are asked every `every` frames and after the last one, the layout rules once at
    /// the end.
    /// - Parameter studio: the studio on the screen now (a room swipe changes it).
    /// - Complexity: O(frames / every) moment audits; an inspection, never in the loop.
    package func run(
        kind: RoomKind, exceptions: [AuditException] = [], frames: Int, every: Int = 1,
        studio: () -> Room, advance: () throws -> Void
    ) rethrows -> AuditReport {
        var seen: [String: AuditFinding] = [:]
        var keys: [String] = []
        let every = max(every, 1)
        for frame in 1...max(frames, 1) {
            try advance()
            guard frame % every == 0 || frame == frames else { continue }
            for var finding in momentFindings(studio()) {
                if seen[finding.key] != nil {
                    seen[finding.key]!.frames! += 1
                } else {
                    finding.frame = frame
                    finding.frames = 1
                    seen[finding.key] = finding
                    keys.append(finding.key)
                }
            }
        }
        return report(kind: kind, findings: keys.map { seen[$0]! } + layoutFindings(studio()), exceptions: exceptions)
    }

    // MARK: coversControl

    /// Controls hidden under a widget that lets the touches through: at half or more of the
    /// points the control takes, a later drawing at least `coverAlpha` opaque covers it while
    /// the finger still reaches the control.
    func hiddenControlFindings(_ studio: Room, _ drawings: [WidgetDrawing]) -> [AuditFinding] {
        var out: [AuditFinding] = []
        for (i, control) in drawings.enumerated() where takesTouches(control.widget) {
            let w = control.widget
            guard let toLocal = w.transformToRoot.inverted,
                w.claimsTap(at: Point(x: w.bounds.width / 2, y: w.bounds.height / 2))
            else { continue }
            let points = Self.grid(screenFrame(w), perSide: samplesPerSide).filter { p in
                let local = toLocal.apply(p)
                return w.contains(local) && w.claimsTap(at: local)
            }
            guard !points.isEmpty else { continue }
            // Where a tap lands on the control (or a part of it) today.
            let reached = points.filter { p in
                guard let hit = HitTester.hitTest(studio.root, at: p) else { return false }
                return hit === w || isAncestor(w, of: hit)
            }
            for upper in drawings[(i + 1)...]
            where !upper.covers.isEmpty && !isAncestor(w, of: upper.widget) && !isAncestor(upper.widget, of: w) {
                let hidden = reached.filter { p in upper.covers.contains { $0.covers(p) } }
                guard hidden.count * 2 >= points.count, let first = hidden.first else { continue }
                let area = hidden.dropFirst().reduce(Rect(x: first.x, y: first.y, width: 0, height: 0)) {
                    $0.union(Rect(x: $1.x, y: $1.y, width: 0, height: 0))
                }
                out.append(
                    AuditFinding(
                        rule: .coversControl, widget: upper.widget.name, other: w.name, rect: area,
                        message:
                            "draws over '\(w.name)' (\(describe(screenFrame(w)))) at \(hidden.count) of the \(points.count) points it takes, "
                            + "while taps there still reach it; keep it off the control, or make it take the taps it hides"))
            }
        }
        return out
    }
}
