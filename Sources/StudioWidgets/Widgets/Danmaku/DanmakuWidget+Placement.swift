import StudioDomain
import StudioKit

extension DanmakuWidget {
    /// The most comments the screen takes now: the configuration's, or the density cap.
    private var screenLimit: Int { min(configuration.maxOnScreen, settings.densityCap ?? Int.max) }

    /// Places waiting comments, oldest first, while there is room: a moving comment that
    /// finds no lanes blocks the ones behind it that move the same way (their order is kept),
    /// likewise a fixed one without lanes, but one kind does not block another. Positioned
    /// comments need no lane.
    func place(measurer: TextMeasurer) {
        var blocked = Blocked(fixed: !lanes.hasFreeFixedLane)
        if ownWaiting { placeOwn(&blocked, measurer: measurer) }
        var index = queue.head, scanned = 0
        while index < queue.end, scanned < configuration.lookahead, onScreen < screenLimit, !blocked.all {
            defer { index += 1 }
            guard let entry = queue.entry(at: index) else { continue }
            scanned += 1
            place(entry, at: index, &blocked, measurer: measurer)
        }
        queue.packIfSparse()
    }

    /// Which ways no lane is free this step: a comment that finds none blocks the ones
    /// behind it that move the same way.
    private struct Blocked {
        var leftward = false, rightward = false, fixed: Bool
        var all: Bool { leftward && rightward && fixed }
    }

    /// Places the waiting comment at `index` if its lanes have room; marks `blocked` when not.
    private func place(_ entry: DanmakuQueue.Entry, at index: Int, _ blocked: inout Blocked, measurer: TextMeasurer) {
        switch entry.item.mode {
        case .scroll, .reverse:
            let direction: DanmakuLanes.Direction = entry.item.mode == .scroll ? .leftward : .rightward
            guard direction == .leftward ? !blocked.leftward : !blocked.rightward else { return }
            if !placeMoving(entry, at: index, direction: direction, measurer: measurer) {
                if direction == .leftward { blocked.leftward = true } else { blocked.rightward = true }
            }
        case .top, .bottom:
            guard !blocked.fixed else { return }
            blocked.fixed = !placeFixed(entry, at: index, measurer: measurer)
        case .positioned(let motion):
            placePositioned(at: index, motion: motion, measurer: measurer)
        }
    }

    /// Places the viewer's own waiting comments first, oldest first, past the lookahead and
    /// the screen's limit: they show at the first free lane, whatever waits before them.
    /// Runs only while one waits (`ownWaiting`), which is a frame or a few.
    private func placeOwn(_ blocked: inout Blocked, measurer: TextMeasurer) {
        var stillWaiting = false
        for index in queue.head..<queue.end {
            guard let entry = queue.entry(at: index), entry.item.isOwn else { continue }
            place(entry, at: index, &blocked, measurer: measurer)
            if queue.entry(at: index) != nil { stillWaiting = true }
        }
        ownWaiting = stillWaiting
    }

    /// Puts the waiting comment at `index` on lanes moving `direction`; false when no lanes
    /// are free for it (it waits).
    private func placeMoving(
        _ entry: DanmakuQueue.Entry, at index: Int, direction: DanmakuLanes.Direction,
        measurer: TextMeasurer
    ) -> Bool {
        let item = entry.item
        let font = layout.font(item.size)
        let width = entry.width ?? DanmakuLines.measure(entry.displayText, font: font, measurer: measurer).width
        queue.setWidth(width, at: index)
        let lineCount = DanmakuLines.count(entry.displayText)
        let span = layout.span(item.size, lines: lineCount)
        let speed = (lanes.screenWidth + width) / configuration.duration
        let tail = DanmakuLanes.Tail(seq: nextSeq, width: width, speed: speed, distance: 0, direction: direction)
        guard let lane = lanes.reserveMoving(tail, span: span) else { return false }
        let taken = queue.remove(at: index)
        let height = Double(span) * layout.laneHeight
        moving.append(
            MovingDanmaku(
                seq: nextSeq, origin: origin(of: taken), text: taken.displayText, color: item.color,
                isOwn: item.isOwn, size: item.size, font: font, direction: direction,
                width: width, speed: speed, y: Double(lane) * layout.laneHeight, height: height,
                lanes: lane..<(lane + span),
                textOffset: DanmakuLayout.textOffset(font: font, height: height, lines: lineCount),
                lifetime: configuration.duration))
        onScreenByKey[taken.key] = nextSeq
        nextSeq += 1
        return true
    }

    /// Puts the waiting top or bottom comment at `index` on its lanes, cut to the screen's
    /// width; false when no fixed lanes are free for it (it waits).
    private func placeFixed(_ entry: DanmakuQueue.Entry, at index: Int, measurer: TextMeasurer) -> Bool {
        let item = entry.item
        let font = layout.font(item.size)
        let maxWidth = fixedMaxWidth
        let width: Double
        if let cached = entry.width {
            width = cached
        } else {
            let fitted = DanmakuLines.fitting(entry.displayText, font: font, maxWidth: maxWidth, measurer: measurer)
            width = DanmakuLines.measure(fitted, font: font, measurer: measurer).width
            queue.setWidth(width, at: index)
        }
        let lineCount = DanmakuLines.count(entry.displayText)
        let span = layout.span(item.size, lines: lineCount)
        guard let lane = lanes.reserveFixed(fromBottom: item.mode == .bottom, width: width, span: span) else { return false }
        let taken = queue.remove(at: index)
        let height = Double(span) * layout.laneHeight
        standing.append(
            StandingDanmaku(
                seq: nextSeq, origin: origin(of: taken),
                text: DanmakuLines.fitting(
                    taken.displayText, font: font, maxWidth: maxWidth,
                    measurer: measurer),
                color: item.color, isOwn: item.isOwn, kind: item.mode.kind, size: item.size,
                font: font, width: width, y: Double(lane) * layout.laneHeight, height: height,
                lanes: lane..<(lane + span),
                textOffset: DanmakuLayout.textOffset(font: font, height: height, lines: lineCount),
                remaining: configuration.fixedDuration))
        onScreenByKey[taken.key] = nextSeq
        nextSeq += 1
        return true
    }

    /// Puts the waiting positioned comment at `index` where its motion says: it needs no lane.
    private func placePositioned(at index: Int, motion: DanmakuMotion, measurer: TextMeasurer) {
        let taken = queue.remove(at: index)
        let item = taken.item
        let font = positionedFont(item.size, motion: motion) ?? layout.font(item.size)
        let size = DanmakuLines.measure(taken.displayText, font: font, measurer: measurer)
        positioned.append(
            PositionedDanmaku(
                seq: nextSeq, user: item.user, text: taken.displayText, color: item.color, size: item.size,
                font: font, motion: motion, width: size.width, height: size.height))
        nextSeq += 1
    }

    /// A file's positioned comment is drawn at its size in points on its stage (18, 25 or
    /// 36), scaled as the band scales the stage; nil for one without a stage (the band's
    /// fonts).
    func positionedFont(_ size: DanmakuSize, motion: DanmakuMotion) -> FontSpec? {
        guard let stage = motion.stage, stage.height > 0 else { return nil }
        let scale = motion.area(in: bounds).height / stage.height
        return .bold(max(1, (25 * size.factor * scale).rounded()))
    }

    /// Fixed comments do not move, so one wider than the screen is cut to fit.
    var fixedMaxWidth: Double { lanes.screenWidth - 32 }

    private func origin(of entry: DanmakuQueue.Entry) -> DanmakuOrigin {
        DanmakuOrigin(key: entry.key, user: entry.item.user, count: entry.count, arrivedAt: entry.arrivedAt)
    }
}
