import StudioKit

/// The audit's text rules: text a widget's frame or clip cuts off (`textCut`) and text a
/// higher widget covers (`textCovered`). Both read what each visible widget draws, drawn
/// alone into a recording canvas under its ancestors' transforms, alphas and clips, and
/// measure text with the audit's measurer: the one the renderer draws with, so an extent here
/// is the extent on the screen.
extension LayeringAudit {
    /// What one visible widget draws, on the screen: its text lines, and the drawing that
    /// hides what lies under it.
    struct WidgetDrawing {
        let widget: Widget
        let layer: LayerKind
        var texts: [PlacedText] = []
        var covers: [PlacedCover] = []
    }

    /// A line of text as drawn: its measured line box on the screen and the clip in force.
    struct PlacedText {
        let string: String
        let font: FontSpec
        let rect: Rect
        /// The clip in force when it is drawn (the screen when nothing clips).
        let clip: Rect
    }

    /// Drawing that hides what is under it: a shape in its item's coordinates, within a clip.
    struct PlacedCover {
        let shape: Shape
        /// From the screen to the shape's coordinates (nil when its transform is singular).
        let inverse: Transform?
        let clip: Rect
        /// What it is, for the finding ("a fill", "image 'gift'", "text 'Hi'", "its band").
        let what: String

        init(_ shape: Shape, _ transform: Transform, clip: Rect, what: String) {
            self.shape = shape
            inverse = transform.inverted
            self.clip = clip
            self.what = what
        }

        func covers(_ p: Point) -> Bool {
            guard clip.contains(p), let local = inverse?.apply(p) else { return false }
            return shape.covers(local)
        }
    }

    // MARK: Recording

    /// Every visible widget's drawing, in draw order (bottom first).
    func drawings(_ studio: LayeredStudio, measurer: TextMeasurer) -> [WidgetDrawing] {
        let screen = Rect(origin: .zero, size: studio.environment.viewport)
        let opaque = coverAlpha * 255
        return widgets(studio).compactMap { w, layer in
            guard isVisible(w) else { return nil }
            var d = WidgetDrawing(widget: w, layer: layer)
            var clips = [screen]
            for item in drawnAlone(w, measurer: measurer).items.flatMap(\.flattened) {
                let clip = clips[clips.count - 1]
                let t = item.transform
                switch item.command {
                case .pushClip(let r):
                    clips.append(t.apply(r).intersection(clip))
                case .popClip:
                    if clips.count > 1 { clips.removeLast() }
                case .text(let string, let font, let color, let origin, let alignment):
                    let size = measurer.measure(string, font: font)
                    let x =
                        switch alignment {
                        case .left: origin.x
                        case .center: origin.x - size.width / 2
                        case .right: origin.x - size.width
                        }
                    let local = Rect(x: x, y: origin.y, width: size.width, height: size.height)
                    d.texts.append(PlacedText(string: string, font: font, rect: t.apply(local), clip: clip))
                    if Double(color.a) >= opaque {
                        d.covers.append(PlacedCover(.rect(local), t, clip: clip, what: "text '\(Self.short(string))'"))
                    }
                case .fill(let shape, let color) where Double(color.a) >= opaque:
                    d.covers.append(PlacedCover(shape, t, clip: clip, what: "a fill"))
                case .image(let ref, let rect, let tint) where Double(tint.a) >= opaque:
                    d.covers.append(PlacedCover(.rect(rect), t, clip: clip, what: "image '\(ref)'"))
                case .imageSlice(let ref, _, _, let rect, let tint) where Double(tint.a) >= opaque:
                    d.covers.append(PlacedCover(.rect(rect), t, clip: clip, what: "image '\(ref)'"))
                case .picture(let picture, let rect, let tint) where picture.isOpaque && Double(tint.a) >= opaque:
                    d.covers.append(PlacedCover(.rect(rect), t, clip: clip, what: "video frame"))
                case .gradient(let shape, let gradient) where Double(gradient.minAlpha) >= opaque:
                    d.covers.append(PlacedCover(shape, t, clip: clip, what: "a gradient"))
                default:
                    break
                }
            }
            if (w as? ScrollingText)?.textSweepsFrame == true, effectiveAlpha(w) >= coverAlpha {
                d.covers.append(
                    PlacedCover(
                        .rect(screenFrame(w)), .identity, clip: ancestorClip(w, screen: screen),
                        what: "its band of moving text"))
            }
            return d
        }
    }

    /// The display list `widget` alone draws (not its children), as `Widget.drawTree` would
    /// draw it: under every ancestor's transform and alpha and inside their clips.
    func drawnAlone(_ widget: Widget, measurer: TextMeasurer) -> DisplayList {
        var chain: [Widget] = []
        var node: Widget? = widget
        while let n = node {
            chain.append(n)
            node = n.parent
        }
        chain.reverse()
        let canvas = Canvas(measurer: measurer, reserving: 64)
        func enter(_ i: Int) {
            let n = chain[i]
            canvas.withState(transform: n.localTransform, alpha: n.alpha) {
                let body = { if i + 1 < chain.count { enter(i + 1) } else { n.draw(in: canvas) } }
                if n.clipsToBounds { canvas.withClip(n.bounds, body) } else { body() }
            }
        }
        enter(0)
        return canvas.takeList()
    }

    func effectiveAlpha(_ widget: Widget) -> Double {
        var a = 1.0
        var node: Widget? = widget
        while let n = node {
            a *= n.alpha
            node = n.parent
        }
        return a
    }

    /// The clip the ancestors that clip to their bounds put around `widget`.
    func ancestorClip(_ widget: Widget, screen: Rect) -> Rect {
        var clip = screen
        var node = widget.parent
        while let n = node {
            if n.clipsToBounds { clip = clip.intersection(screenFrame(n)) }
            node = n.parent
        }
        return clip
    }

    // MARK: textCut

    func textCutFindings(_ drawings: [WidgetDrawing], screen: Rect) -> [AuditFinding] {
        drawings.compactMap { d in
            let frame = screenFrame(d.widget)
            let scrolls = (d.widget as? ScrollingText)?.textScrollAxes ?? []
            let cuts = d.texts.compactMap { cut($0, frame: frame, screen: screen, scrolls: scrolls) }
            guard let first = cuts.first else { return nil }
            return AuditFinding(
                rule: .textCut, widget: d.widget.name,
                message: first + (cuts.count > 1 ? " (and \(cuts.count - 1) more cut text(s))" : ""))
        }
    }

    /// How `text` runs past its widget's frame or the clip in force, with the fix; nil when
    /// it stays within both (or runs past them only along the axes its widget scrolls it).
    func cut(_ text: PlacedText, frame: Rect, screen: Rect, scrolls: DragAxes) -> String? {
        let limits = [
            ("its frame \(describe(frame))", frame),
            (text.clip == screen ? "the screen" : "the clip \(describe(text.clip))", text.clip),
        ]
        var worst: (side: String, by: Double, limit: String)?
        for (name, limit) in limits {
            var sides: [(String, Double)] = []
            if !scrolls.contains(.horizontal) {
                sides += [("left", limit.minX - text.rect.minX), ("right", text.rect.maxX - limit.maxX)]
            }
            if !scrolls.contains(.vertical) {
                sides += [("top", limit.minY - text.rect.minY), ("bottom", text.rect.maxY - limit.maxY)]
            }
            for (side, by) in sides where by > textTolerance && by > (worst?.by ?? 0) {
                worst = (side, by, name)
            }
        }
        guard let worst else { return nil }
        let horizontal = worst.side == "left" || worst.side == "right"
        let room = horizontal ? min(frame.width, text.clip.width) : min(frame.height, text.clip.height)
        let fix: String
        if horizontal {
            fix =
                text.string.last == TextCap.ellipsis
                ? "it is fitted with … to a wider room; fit it to \(InspectionFormat.number(room)) px"
                : "fit it with fitting(_:font:maxWidth:) to \(InspectionFormat.number(room)) px (an ending … is fine) or widen the frame"
        } else {
            fix = "make the room at least \(InspectionFormat.number(text.rect.height.rounded(.up))) px tall or use a smaller font"
        }
        return "text '\(Self.short(text.string))' (\(text.font.weight.rawValue) \(InspectionFormat.number(text.font.size)), "
            + "measured \(describe(text.rect))) runs \(InspectionFormat.number(worst.by.rounded(.up))) px past the \(worst.side) of "
            + "\(worst.limit), which cuts it off; \(fix)"
    }

    // MARK: textCovered

    /// Text of a lower widget that a higher widget's opaque drawing or moving-text band
    /// covers. Only the room at rest counts: widgets of the float layer (sheets, which are
    /// modal and hide the room on purpose; toasts, tips, gift animations, hearts, which pass)
    /// neither cover nor are covered, and text that sweeps its band (danmaku) only passes
    /// under what is above it.
    func textCoveredFindings(_ drawings: [WidgetDrawing]) -> [AuditFinding] {
        var out: [AuditFinding] = []
        let resting = drawings.filter { $0.layer != .float }
        for (i, lower) in resting.enumerated() where (lower.widget as? ScrollingText)?.textSweepsFrame != true {
            var found: [String] = []
            for text in lower.texts {
                let visible = text.rect.intersection(text.clip)
                guard !visible.isEmpty else { continue }
                let points = Self.grid(visible, perSide: samplesPerSide)
                for upper in resting[(i + 1)...] where !upper.covers.isEmpty {
                    var covered = 0
                    var what: String?
                    for p in points {
                        guard let c = upper.covers.first(where: { $0.covers(p) }) else { continue }
                        covered += 1
                        if what == nil { what = c.what }
                    }
                    guard let what else { continue }
                    found.append(
                        "text '\(Self.short(text.string))' at \(describe(visible)) is under \(what) of '\(upper.widget.name)' "
                            + "(\(covered) of \(points.count) sampled points)")
                }
            }
            guard let first = found.first else { continue }
            out.append(
                AuditFinding(
                    rule: .textCovered, widget: lower.widget.name,
                    message: first + (found.count > 1 ? " (and \(found.count - 1) more)" : "")
                        + "; move one of them apart, or keep the upper drawing under \(Int(clamping: coverAlpha * 100))% opacity there"))
        }
        return out
    }

    /// `text` for a message: its first 40 characters.
    static func short(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(39)) + "…"
    }
}

extension Shape {
    /// Whether `p` (in the shape's coordinates) is inside the filled shape.
    func covers(_ p: Point) -> Bool {
        switch self {
        case .rect(let r):
            return r.contains(p)
        case .roundedRect(let r, let radius):
            guard r.contains(p) else { return false }
            let rad = min(radius, r.width / 2, r.height / 2)
            // Inside unless in a corner square and outside that corner's circle.
            let cx = p.x < r.minX + rad ? r.minX + rad : (p.x > r.maxX - rad ? r.maxX - rad : p.x)
            let cy = p.y < r.minY + rad ? r.minY + rad : (p.y > r.maxY - rad ? r.maxY - rad : p.y)
            return p.distance(to: Point(x: cx, y: cy)) <= rad
        case .circle(let c, let radius):
            return p.distance(to: c) <= radius
        case .line(let a, let b, let width):
            let d = b - a
            let length2 = d.x * d.x + d.y * d.y
            let t = length2 == 0 ? 0 : min(max(((p.x - a.x) * d.x + (p.y - a.y) * d.y) / length2, 0), 1)
            return p.distance(to: a + d * t) <= width / 2
        }
    }
}
