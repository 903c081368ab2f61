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
        /// Its colour's opacity, 0...1, after every ancestor's alpha.
        var alpha = 1.0
        /// The shape filled before it, within the same widget, that its start lies on (a
        /// pill, a card, a row's backing), on the screen: the text belongs inside it.
        var backing: Rect?
        /// Its place in the widget's drawing, to tell what was drawn before it.
        var order = 0
    }

    /// Drawing that hides what is under it: a shape in its item's coordinates, within a clip.
    struct PlacedCover {
        let shape: Shape
        /// From the screen to the shape's coordinates (nil when its transform is singular).
        let inverse: Transform?
        let clip: Rect
        /// What it is, for the finding ("a fill", "image 'gift'", "text 'Hi'", "its band").
        let what: String
        /// Its opacity, 0...1; text is never a backing that separates other text from it.
        var alpha = 1.0
        var isText = false
        var order = 0

        init(_ shape: Shape, _ transform: Transform, clip: Rect, what: String, alpha: Double = 1) {
            self.shape = shape
            inverse = transform.inverted
            self.clip = clip
            self.what = what
            self.alpha = alpha
        }

        func covers(_ p: Point) -> Bool {
            guard clip.contains(p), let local = inverse?.apply(p) else { return false }
            return shape.covers(local)
        }
    }

    // MARK: Recording

    /// Every visible widget's drawing, in draw order (bottom first).
    func drawings(_ studio: Room, measurer: TextMeasurer) -> [WidgetDrawing] {
        let screen = Rect(origin: .zero, size: studio.environment.viewport)
        let opaque = coverAlpha * 255
        return widgets(studio).compactMap { w, layer in
            guard isVisible(w) else { return nil }
            var d = WidgetDrawing(widget: w, layer: layer)
            var clips = [screen]
            // Filled boxes drawn so far, on the screen: a text's backing is the last one its
            // start lies on. A box as wide or as tall as the widget is its background or a
            // band of its picture, which the frame rule already judges.
            var boxes: [Rect] = []
            let own = screenFrame(w)
            func box(_ r: Rect) {
                if r.width < own.width - tolerance, r.height < own.height - tolerance { boxes.append(r) }
            }
            func cover(_ shape: Shape, _ t: Transform, clip: Rect, what: String, alpha: Double) {
                var c = PlacedCover(shape, t, clip: clip, what: what, alpha: alpha)
                c.order = d.texts.count + d.covers.count
                d.covers.append(c)
            }
            for item in drawnAlone(w, measurer: measurer).items.flatMap(\.flattened) {
                let clip = clips[clips.count - 1]
                let t = item.transform
                switch item.command {
                case .fill(.rect(let r), let color) where color.a > 0,
                    .fill(.roundedRect(let r, _), let color) where color.a > 0:
                    box(t.apply(r))
                case .gradient(.rect(let r), _), .gradient(.roundedRect(let r, _), _), .imageSlice(_, _, _, let r, _):
                    box(t.apply(r))
                default:
                    break
                }
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
                    let placed = t.apply(local)
                    // The start of the line: its top left corner, or its top middle when centred. A
                    // box the line starts outside of (a band of a picture it crosses) is not its backing.
                    let start = Point(x: alignment == .left ? placed.minX + 1 : placed.midX, y: placed.minY + 1)
                    var text = PlacedText(string: string, font: font, rect: placed, clip: clip)
                    text.alpha = Double(color.a) / 255
                    // A box much lower than the line (a progress bar a number sits on) does
                    // not hold it; a pill or a card does.
                    text.backing = boxes.last { $0.contains(start) && $0.height >= 0.8 * placed.height }
                    text.order = d.texts.count + d.covers.count
                    d.texts.append(text)
                    if Double(color.a) >= opaque {
                        cover(.rect(local), t, clip: clip, what: "text '\(Self.short(string))'", alpha: text.alpha)
                        d.covers[d.covers.count - 1].isText = true
                    }
                case .fill(let shape, let color) where Double(color.a) >= opaque:
                    cover(shape, t, clip: clip, what: "a fill", alpha: Double(color.a) / 255)
                case .image(let ref, let rect, let tint) where Double(tint.a) >= opaque:
                    cover(.rect(rect), t, clip: clip, what: "image '\(ref)'", alpha: Double(tint.a) / 255)
                case .imageSlice(let ref, _, _, let rect, let tint) where Double(tint.a) >= opaque:
                    cover(.rect(rect), t, clip: clip, what: "image '\(ref)'", alpha: Double(tint.a) / 255)
                case .picture(let picture, let rect, let tint) where picture.isOpaque && Double(tint.a) >= opaque:
                    cover(.rect(rect), t, clip: clip, what: "video frame", alpha: Double(tint.a) / 255)
                case .gradient(let shape, let gradient) where Double(gradient.minAlpha) >= opaque:
                    cover(shape, t, clip: clip, what: "a gradient", alpha: Double(gradient.minAlpha) / 255)
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
            let cuts = d.texts.compactMap { text in cut(text, frame: frame, screen: screen, scrolls: scrolls).map { (text, $0) } }
            guard let first = cuts.first else { return nil }
            return AuditFinding(
                rule: .textCut, widget: d.widget.name, other: nil, rect: first.0.rect,
                message: first.1 + (cuts.count > 1 ? " (and \(cuts.count - 1) more cut text(s))" : ""))
        }
    }

    /// How `text` runs past its widget's frame or the clip in force, with the fix; nil when
    /// it stays within both (or runs past them only along the axes its widget scrolls it).
    func cut(_ text: PlacedText, frame: Rect, screen: Rect, scrolls: DragAxes) -> String? {
        // Text wholly off the screen or outside its clip (a banner still waiting at the edge to
        // slide in) shows nothing, so nothing of it is cut.
        guard !text.rect.intersection(text.clip).isEmpty else { return nil }
        var limits = [("its frame \(describe(frame))", frame)]
        // A box sliding in over the screen's edge takes its text with it: the screen cuts
        // both, and the frame's own place is the layout rules' business.
        if text.clip != screen || screen.insetBy(dx: -tolerance, dy: -tolerance).contains(frame) {
            limits.append((text.clip == screen ? "the screen" : "the clip \(describe(text.clip))", text.clip))
        }
        if let box = text.backing { limits.append(("the box it is drawn on \(describe(box))", box)) }
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
        let box = text.backing ?? frame
        let room =
            horizontal ? min(frame.width, text.clip.width, box.width) : min(frame.height, text.clip.height, box.height)
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
    /// neither cover nor are covered. A band's comments count as the lower text too: a card
    /// or a control over a lane cuts the comments that pass under it.
    func textCoveredFindings(_ drawings: [WidgetDrawing]) -> [AuditFinding] {
        var out: [AuditFinding] = []
        let resting = drawings.filter { $0.layer != .float }
        // As for text over text, the picture layers' own text (a name on the opponent's
        // video) is the picture's: the room is drawn over it.
        for (i, lower) in resting.enumerated() where lower.layer > .displayer {
            let isBand = (lower.widget as? ScrollingText)?.textSweepsFrame == true
            var found: [(message: String, upper: String, rect: Rect)] = []
            for text in lower.texts {
                let visible = text.rect.intersection(text.clip)
                guard !visible.isEmpty else { continue }
                let points = Self.grid(visible, perSide: samplesPerSide)
                // A comment half under a card is cut; one a pixel under its edge is not yet.
                let least = isBand ? max(points.count / 5, 1) : 1
                for upper in resting[(i + 1)...] where !upper.covers.isEmpty {
                    var covered = 0
                    var what: String?
                    var hidden: Rect?
                    for p in points {
                        guard let c = upper.covers.first(where: { $0.covers(p) }) else { continue }
                        covered += 1
                        if what == nil { what = c.what }
                        let cell = Rect(x: p.x - 0.5, y: p.y - 0.5, width: 1, height: 1)
                        hidden = hidden.map { $0.union(cell) } ?? cell
                    }
                    guard let what, let hidden, covered >= least else { continue }
                    found.append(
                        (
                            "\(isBand ? "comment" : "text") '\(Self.short(text.string))' at \(describe(visible)) is under \(what) of "
                                + "'\(upper.widget.name)' (\(covered) of \(points.count) sampled points)", upper.widget.name, hidden
                        ))
                }
            }
            guard let first = found.first else { continue }
            let fix =
                isBand
                ? "keep the lane's comments out of '\(first.upper)' (\"keepOut\": true, or an OverlayKeepOutArea)"
                : "move one of them apart, or keep the upper drawing under \(Int(clamping: coverAlpha * 100))% opacity there"
            out.append(
                AuditFinding(
                    rule: .textCovered, widget: lower.widget.name, other: first.upper, rect: first.rect,
                    message: first.message + (found.count > 1 ? " (and \(found.count - 1) more)" : "") + "; " + fix))
        }
        return out
    }

    // MARK: textOverText

    /// Text drawn over another widget's text where both show: nothing at least
    /// `separateAlpha` opaque lies between them over the crossing. Every layer counts, the
    /// float layer's banners and toasts too; a widget's own lines are its own business.
    func textOverTextFindings(_ drawings: [WidgetDrawing]) -> [AuditFinding] {
        // Where each widget's texts are, to skip the pairs that cannot cross.
        let extents = drawings.map { d in d.texts.reduce(Rect?.none) { r, t in r.map { $0.union(t.rect) } ?? t.rect } }
        var out: [AuditFinding] = []
        var seen = Set<String>()
        // Text of the background and the displayer is part of the picture (a clock burnt into
        // the video), which the room's text is drawn over as the danmaku are.
        for (i, lower) in drawings.enumerated() where lower.layer > .displayer {
            guard let lowerExtent = extents[i] else { continue }
            for j in drawings.indices where j > i {
                let upper = drawings[j]
                guard let upperExtent = extents[j], !upperExtent.intersection(lowerExtent).isEmpty,
                    !isAncestor(lower.widget, of: upper.widget), !isAncestor(upper.widget, of: lower.widget)
                else { continue }
                crossing: for a in lower.texts where a.alpha >= faintAlpha {
                    for b in upper.texts where b.alpha >= faintAlpha {
                        let cross = a.rect.intersection(a.clip).intersection(b.rect.intersection(b.clip))
                        guard !cross.isEmpty, cross.width > 2 * textTolerance, cross.height > 2 * textTolerance else { continue }
                        let mid = Point(x: cross.midX, y: cross.midY)
                        let between =
                            drawings[(i + 1)..<j].contains { d in
                                d.covers.contains { !$0.isText && $0.alpha >= separateAlpha && $0.covers(mid) }
                            }
                            || upper.covers.contains { !$0.isText && $0.order < b.order && $0.alpha >= separateAlpha && $0.covers(mid) }
                        guard !between else { continue }
                        let key = "\(lower.widget.name)\u{1}\(upper.widget.name)"
                        guard seen.insert(key).inserted else { break crossing }
                        out.append(
                            AuditFinding(
                                rule: .textOverText, widget: upper.widget.name, other: lower.widget.name, rect: cross,
                                message:
                                    "text '\(Self.short(b.string))' is drawn over text '\(Self.short(a.string))' of '\(lower.widget.name)' "
                                    + "at \(describe(cross)), and both show; move them apart, or put a backing at least "
                                    + "\(Int(clamping: separateAlpha * 100))% opaque under the upper one"))
                        break crossing
                    }
                }
            }
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
