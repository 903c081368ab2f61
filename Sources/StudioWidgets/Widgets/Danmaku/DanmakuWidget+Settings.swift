import StudioDomain
import StudioKit

/// How a change of settings reaches the comments already there: opacity and speed at once
/// (the band's alpha, the rate every moving comment advances at); hidden modes, colors and
/// block rules take the comments they now block off the screen and out of the queue,
/// counting them as blocked; a new text scale or display area re-plans the lanes, while the
/// comments on screen keep their size and place until they leave (resizing one in flight
/// could push it into its neighbours); merging and the density cap act on what arrives next.
extension DanmakuWidget {
    /// Changes the viewer's settings (shared with the studio's sheet and, through the
    /// session's preferences, its other rooms) and applies them now.
    package func changeSettings(_ change: (inout DanmakuSettings) -> Void) {
        var new = settings
        change(&new)
        if let preferences {
            preferences.settings = new
            applyPreferences()
        } else {
            apply(new)
        }
    }

    /// Applies the preferences' settings, or the configuration's when the viewer has none.
    func applyPreferences() {
        appliedVersion = preferences?.version ?? appliedVersion
        apply(preferences?.settings ?? configuration.settings)
    }

    private func apply(_ new: DanmakuSettings) {
        let new = new.clamped
        guard new != settings else { return }
        let old = settings
        settings = new
        alpha = new.opacity
        if new.hiddenModes != old.hiddenModes || new.hidesColored != old.hidesColored || new.blockList != old.blockList {
            filter = DanmakuFilter(new)
            removeBlocked()
        }
        if new.fontScale != old.fontScale || new.area != old.area {
            layout = DanmakuLayout(configuration: configuration, settings: new)
            if new.fontScale != old.fontScale { queue.forgetWidths() }
            rebuildLanes()
        }
    }

    /// Takes every comment off the screen and out of the queue, as players do when the video
    /// jumps: the danmaku of the old position no longer belong to the picture (counted as
    /// `cleared`).
    package func clearForSeek() {
        counts.cleared += queue.removeAll { _ in true }.count + onScreen
        moving.removeAll()
        standing.removeAll()
        positioned.removeAll()
        onScreenByKey.removeAll()
        rebuildLanes()
    }

    /// Takes what the filter now blocks off the screen and out of the queue.
    private func removeBlocked() {
        guard !filter.isEmpty else { return }
        func blocked(_ item: DanmakuItem) -> Bool {
            guard let reason = filter.reason(for: item) else { return false }
            counts.blocked.count(reason)
            return true
        }
        _ = queue.removeAll { blocked($0.item) }
        let before = onScreen
        moving.removeAll { blocked(item(of: $0.origin, color: $0.color, mode: $0.origin.key.mode)) }
        standing.removeAll { blocked(item(of: $0.origin, color: $0.color, mode: $0.origin.key.mode)) }
        positioned.removeAll { blocked(DanmakuItem(user: $0.user, text: $0.text, color: $0.color, mode: .positioned($0.motion))) }
        guard onScreen != before else { return }
        onScreenByKey = onScreenByKey.filter { _, seq in
            movingIndex(seq: seq) != nil || standing.contains { $0.seq == seq }
        }
        rebuildLanes()
    }

    private func item(of origin: DanmakuOrigin, color: Color, mode: DanmakuMode) -> DanmakuItem {
        DanmakuItem(user: origin.user, text: origin.key.text, color: color, mode: mode)
    }

    /// Lays the lanes out again for the current grid and puts the comments on screen back
    /// into the lanes their boxes cross.
    /// - Complexity: O(on screen × span); when settings or the band's width change.
    func rebuildLanes() {
        lanes = DanmakuLanes(count: layout.laneCount, usable: layout.usable, screenWidth: frame.width, gap: configuration.gap)
        for i in moving.indices {
            moving[i].lanes = layout.lanes(coveringY: moving[i].y, height: moving[i].height)
            lanes.addResident(moving[i].tail, in: moving[i].lanes)
        }
        for i in standing.indices {
            standing[i].lanes = layout.lanes(coveringY: standing[i].y, height: standing[i].height)
            lanes.holdFixed(standing[i].lanes)
        }
        applyKeepOut()
    }

    /// Looks for keep-out widgets at the next step instead of within the second (after adding
    /// one, or setting a widget's `keepsOverlaysOut`).
    package func lookForKeepOutWidgets() { keepOut.searchAgain() }

    /// Marks, lane by lane, the spans the keep-out areas take.
    func applyKeepOut() {
        let lh = layout.laneHeight
        for lane in 0..<lanes.count {
            let top = Double(lane) * lh, bottom = top + lh
            let spans = keepOut.rects.filter { $0.minY < bottom && $0.maxY > top && !$0.isEmpty }
                .map { $0.minX..<$0.maxX }
            lanes.setKeepOut(spans, lane: lane)
        }
    }
}
