import StudioDomain
import StudioKit

/// The lane allocator of the danmaku band. The band is cut into lanes one normal line high
/// (`DanmakuLayout`); a comment takes as many neighbouring lanes as its line needs.
///
/// Moving comments enter at one edge and cross to the other (`leftward`: scroll, entering
/// at the right; `rightward`: reverse, entering at the left) at `speed = (screenWidth +
/// width) / duration`, so every comment crosses in the same time and a longer one moves
/// faster. Positions are measured as *distance* from the entry edge, which makes the rules
/// the same both ways. A new comment N may follow a comment P already in its lanes only
/// when, for N's whole trip, it stays at least `gap` behind P:
/// - *entry*: P's rear edge is already `gap` inside the screen;
/// - *catch-up*: if N is faster, the gap shrinks linearly, so it is smallest when P's rear
///   edge leaves the screen; N's front must then still be `gap` short of the far edge.
/// The gap is linear in time, so checking both ends checks the whole trip; the settings'
/// speed factor moves everyone alike, so it changes when, not whether, they meet. A lane
/// holds one direction at a time (comments moving towards each other would meet); the
/// topmost run of lanes that fits is chosen, within the display area (`usable`).
///
/// A lane is *frozen* from a paused comment on: that comment and the ones behind it stand
/// still together (so their spacing is kept), the ones ahead move on (their gap only grows),
/// and nothing new enters the lane until it thaws. A comment across several lanes that is
/// behind a frozen one in any of them is frozen too, and freezes its other lanes.
///
/// Top and bottom comments stand centred: a top comment takes the first suitable run of
/// lanes from the top, a bottom one from the bottom of the display area, and holds it until
/// it expires. A lane suits a fixed comment when no other fixed comment holds it, every
/// moving comment in it has already passed the fixed one's edge by `gap` (they move away
/// from it), and no keep-out area lies across the fixed one's place; while it is held no
/// moving comment enters the lane. Moving comments enter no lane a keep-out area crosses.
struct DanmakuLanes {
    enum Direction: Hashable { case leftward, rightward }

    /// A moving comment as its lanes see it: enough to tell whether a newcomer can follow.
    struct Tail: Equatable {
        var seq: Int
        var width: Double
        /// Pixels per second at speed factor 1.
        var speed: Double
        /// How far its front edge is from the entry edge.
        var distance: Double
        var direction: Direction
        /// How far its rear edge is from the entry edge (negative while it enters).
        var rear: Double { distance - width }
    }

    struct Lane {
        /// The moving comments a newcomer must stay behind: the last one that entered; after
        /// the grid changed under comments on screen, every moving comment across the lane.
        var tails: [Tail] = []
        /// Fixed comments standing in the lane (0 or 1, but counted: the grid may change).
        var fixed = 0
        /// Comments with seq >= this stand still this step (`Int.max`: none).
        var frozenFrom = Int.max
        /// The horizontal spans keep-out areas take in the lane (band coordinates).
        var keepOut: [Range<Double>] = []
    }

    let screenWidth: Double
    let gap: Double
    private(set) var lanes: [Lane]
    /// Lanes from the top that take new comments (the display area).
    let usable: Int

    init(count: Int, usable: Int, screenWidth: Double, gap: Double) {
        self.screenWidth = screenWidth
        self.gap = gap
        lanes = Array(repeating: Lane(), count: max(1, count))
        self.usable = min(max(1, usable), max(1, count))
    }

    var count: Int { lanes.count }

    // MARK: Moving comments

    /// Whether a comment whose front is `behindFront` from the entry edge, moving at
    /// `behindSpeed`, stays `gap` behind `ahead` for the rest of `ahead`'s time on screen.
    func staysBehind(_ ahead: Tail, front behindFront: Double, speed behindSpeed: Double) -> Bool {
        let w = screenWidth
        guard ahead.rear >= w || ahead.rear - behindFront >= gap else { return false }
        guard behindSpeed > ahead.speed, ahead.rear < w else { return true }
        let untilAheadLeaves = (w - ahead.rear) / ahead.speed
        return w - (behindFront + behindSpeed * untilAheadLeaves) >= gap
    }

    /// Whether a comment moving at `speed` can enter behind `tail` now.
    func canFollow(_ tail: Tail, speed: Double) -> Bool { staysBehind(tail, front: 0, speed: speed) }

    private func accepts(_ i: Int, speed: Double, direction: Direction) -> Bool {
        let lane = lanes[i]
        guard lane.frozenFrom == Int.max, lane.fixed == 0, lane.keepOut.isEmpty else { return false }
        return lane.tails.allSatisfy { $0.direction == direction && canFollow($0, speed: speed) }
    }

    /// Reserves the topmost run of `span` lanes a moving comment can enter now and makes it
    /// their tail.
    /// - Returns: the first lane of the run, or nil when none fits.
    /// - Complexity: O(usable × span × tails), tails being 1 but after a grid change.
    mutating func reserveMoving(_ tail: Tail, span: Int) -> Int? {
        guard span <= usable else { return nil }
        var start = 0
        search: while start + span <= usable {
            for i in start..<(start + span) where !accepts(i, speed: tail.speed, direction: tail.direction) {
                start = i + 1
                continue search
            }
            for i in start..<(start + span) { lanes[i].tails = [tail] }
            return start
        }
        return nil
    }

    /// Puts a moving comment already on screen back into `range` (the grid changed under it).
    mutating func addResident(_ tail: Tail, in range: Range<Int>) {
        for i in range { lanes[i].tails.append(tail) }
    }

    /// Follows comment `seq` in its lanes' tails after it moved or grew.
    mutating func update(_ seq: Int, in range: Range<Int>, distance: Double, width: Double) {
        for i in range {
            for k in lanes[i].tails.indices where lanes[i].tails[k].seq == seq {
                lanes[i].tails[k].distance = distance
                lanes[i].tails[k].width = width
            }
        }
    }

    /// Forgets comment `seq`, which has left.
    mutating func remove(_ seq: Int, from range: Range<Int>) {
        for i in range { lanes[i].tails.removeAll { $0.seq == seq } }
    }

    // MARK: Fixed comments

    /// Whether lane `i` suits a fixed comment spanning `left..<right` now.
    func suitsFixed(_ i: Int, left: Double, right: Double) -> Bool {
        let lane = lanes[i]
        guard lane.fixed == 0, !lane.keepOut.contains(where: { $0.overlaps(left..<right) }) else { return false }
        return lane.tails.allSatisfy { tail in
            switch tail.direction {
            // Its rear (right edge) is at x = screenWidth - rear.
            case .leftward: screenWidth - tail.rear + gap <= left
            // Its rear (left edge) is at x = rear.
            case .rightward: tail.rear >= right + gap
            }
        }
    }

    /// Reserves a run of `span` lanes for a fixed comment `width` wide, centred: the first
    /// suitable run from the top, or from the bottom of the display area.
    /// - Complexity: O(usable × span × tails).
    mutating func reserveFixed(fromBottom: Bool, width: Double, span: Int) -> Int? {
        guard span <= usable else { return nil }
        let left = (screenWidth - width) / 2, right = left + width
        for k in 0...(usable - span) {
            let start = fromBottom ? usable - span - k : k
            guard (start..<(start + span)).allSatisfy({ suitsFixed($0, left: left, right: right) }) else { continue }
            for i in start..<(start + span) { lanes[i].fixed += 1 }
            return start
        }
        return nil
    }

    /// Whether a fixed comment could take any lane of the display area (a quick skip).
    var hasFreeFixedLane: Bool { lanes[0..<usable].contains { $0.fixed == 0 } }

    mutating func holdFixed(_ range: Range<Int>) { for i in range { lanes[i].fixed += 1 } }

    mutating func releaseFixed(_ range: Range<Int>) { for i in range { lanes[i].fixed = max(0, lanes[i].fixed - 1) } }

    // MARK: Freezing and keep-out

    /// Starts a step: no lane frozen until `freeze` says so.
    mutating func beginStep() {
        for i in lanes.indices { lanes[i].frozenFrom = Int.max }
    }

    /// Freezes `range` from the comment `seq` on, for this step.
    mutating func freeze(_ range: Range<Int>, from seq: Int) {
        for i in range { lanes[i].frozenFrom = min(lanes[i].frozenFrom, seq) }
    }

    /// Whether comment `seq` in `range` stands still this step.
    func isFrozen(_ range: Range<Int>, seq: Int) -> Bool { range.contains { lanes[$0].frozenFrom <= seq } }

    /// Sets the spans keep-out areas take in lane `i`.
    mutating func setKeepOut(_ spans: [Range<Double>], lane i: Int) {
        if lanes[i].keepOut != spans { lanes[i].keepOut = spans }
    }

    /// Whether a keep-out area crosses lane `i`.
    func isKeptOut(_ i: Int) -> Bool { !lanes[i].keepOut.isEmpty }
}
