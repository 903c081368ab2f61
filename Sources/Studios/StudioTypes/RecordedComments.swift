import Foundation
import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

/// The comments of a recorded stream, each at the second of the recording it was sent at.
/// A playback room replays them as its position passes those seconds.
package struct RecordedComments: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        package var time: Double
        package var comment: Comment
    }

    /// Sorted by time.
    package let entries: [Entry]

    package init(entries: [Entry]) { self.entries = entries.sorted { $0.time < $1.time } }

    /// A recording `duration` seconds long with a comment every `meanInterval` seconds on
    /// average, drawn from `random` (the room's seeded generator: the same recording each run).
    package init(duration: Double, meanInterval: Double = 2.5, random: inout SeededRandom) {
        var out: [Entry] = []
        var t = 0.0
        while true {
            // Exponential gaps: comments bunch and pause the way a real chat does.
            t += -meanInterval * log(1 - random.unit())
            guard t < duration else { break }
            let user = random.pick(FeedContent.users)
            out.append(
                Entry(
                    time: t,
                    comment: Comment(
                        user: user, text: random.pick(FeedContent.comments),
                        userColor: FeedGenerator.color(of: user))))
        }
        entries = out
    }

    /// The comments recorded in `(from, to]`, in order.
    /// - Complexity: O(log n + k) for k comments returned.
    package func comments(after from: Double, upTo to: Double) -> ArraySlice<Entry> {
        entries[firstIndex(after: from)..<firstIndex(after: to)]
    }

    /// The index of the first entry later than `time` (binary search).
    private func firstIndex(after time: Double) -> Int {
        var lo = 0, hi = entries.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if entries[mid].time <= time { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
