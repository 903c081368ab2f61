import StudioDomain
import StudioKit

/// Merging duplicates (the `mergesDuplicates` setting): a comment identical to one that
/// arrived less than `mergeWindow` seconds before joins it, and that one shows "666 ×12".
///
/// On screen the count grows the comment's box, so it merges there only where the wider box
/// keeps every rule of the lanes: a moving comment grows at its rear, so the comment behind
/// it in each of its lanes must still stay `gap` behind for the rest of the trip (it is
/// checked as a newcomer would be); a fixed comment grows both ways, so the moving comments
/// of its lanes (all moving away from it) and the keep-out areas must be clear of the wider
/// box now. Where it would not fit, the duplicate merges into an identical waiting comment,
/// or waits itself.
extension DanmakuWidget {
    /// Merges `item` into an identical comment on screen or waiting, when the setting is on.
    /// - Returns: whether it merged (counted in `merged`).
    /// - Complexity: O(on screen) when an identical comment is on screen (one text measured).
    func mergeDuplicate(_ item: DanmakuItem, key: DanmakuMergeKey) -> Bool {
        guard settings.mergesDuplicates, item.mode.kind != .positioned else { return false }
        let since = now - settings.mergeWindow
        if let seq = onScreenByKey[key], let measurer = context?.environment.measurer {
            if let i = movingIndex(seq: seq), moving[i].origin.arrivedAt >= since, growMoving(at: i, measurer: measurer) {
                mergedOnScreen += 1
                return true
            }
            if let i = standing.firstIndex(where: { $0.seq == seq }), standing[i].origin.arrivedAt >= since,
                growStanding(at: i, measurer: measurer)
            {
                mergedOnScreen += 1
                return true
            }
        }
        return queue.mergeIntoLatest(key, since: since)
    }

    /// The index of moving comment `seq` (they are kept in order of entry).
    func movingIndex(seq: Int) -> Int? {
        var lo = 0, hi = moving.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if moving[mid].seq < seq { lo = mid + 1 } else { hi = mid }
        }
        return lo < moving.count && moving[lo].seq == seq ? lo : nil
    }

    private func growMoving(at i: Int, measurer: TextMeasurer) -> Bool {
        var origin = moving[i].origin
        origin.count += 1
        let text = origin.displayText
        let width = DanmakuLines.measure(text, font: moving[i].font, measurer: measurer).width
        var grown = moving[i].tail
        grown.width = width
        // The first comment behind it in each of its lanes.
        var unchecked = Set(moving[i].lanes)
        for behind in moving[(i + 1)...] where !unchecked.isEmpty {
            let shared = unchecked.intersection(behind.lanes)
            guard !shared.isEmpty else { continue }
            guard lanes.staysBehind(grown, front: behind.distance, speed: behind.speed) else { return false }
            unchecked.subtract(shared)
        }
        moving[i].origin = origin
        moving[i].text = text
        moving[i].width = width
        moving[i].lifetime = (lanes.screenWidth + width) / moving[i].speed
        lanes.update(moving[i].seq, in: moving[i].lanes, distance: moving[i].distance, width: width)
        return true
    }

    private func growStanding(at i: Int, measurer: TextMeasurer) -> Bool {
        var origin = standing[i].origin
        origin.count += 1
        let text = DanmakuLines.fitting(origin.displayText, font: standing[i].font, maxWidth: fixedMaxWidth, measurer: measurer)
        let width = DanmakuLines.measure(text, font: standing[i].font, measurer: measurer).width
        let left = (lanes.screenWidth - width) / 2
        let range = standing[i].lanes
        for lane in range where lanes.lanes[lane].keepOut.contains(where: { $0.overlaps(left..<(left + width)) }) {
            return false
        }
        for item in moving where item.lanes.overlaps(range) {
            let x = item.x(screenWidth: lanes.screenWidth)
            let clear = item.direction == .leftward ? x + item.width + lanes.gap <= left : x >= left + width + lanes.gap
            guard clear else { return false }
        }
        standing[i].origin = origin
        standing[i].text = text
        standing[i].width = width
        return true
    }
}
