/// The lane allocator of the danmaku band. The band is cut into lanes one line high.
///
/// Scrolling comments enter at the right edge (left edge at x = `screenWidth`) and move left
/// at `speed = (screenWidth + width) / duration`, so every comment crosses in the same time
/// and a longer one moves faster. A new comment N may follow the last comment P of a lane
/// (the lane's *tail*) only when, for N's whole trip, it stays at least `gap` behind P:
/// - *entry*: P's right edge is already `gap` inside the screen;
/// - *catch-up*: if N is faster, the gap shrinks linearly, so it is smallest when P's right
///   edge reaches x = 0 (P has left); N's left edge must then still be at x >= `gap`.
/// The gap is linear in time, so checking both ends checks the whole trip. An empty lane
/// takes anything; the topmost lane that fits is chosen.
///
/// A lane is *frozen* from a paused comment on: that comment and the ones behind it stand
/// still together (so their spacing is kept), the ones ahead move on (their gap only grows),
/// and nothing new enters the lane until it thaws.
///
/// Top and bottom comments stand centred in a lane: a top comment takes the first suitable
/// lane from the band's top, a bottom one the first from its bottom, and holds it until it
/// expires. A lane suits a fixed comment when no other fixed comment holds it and every
/// scrolling comment in it has already passed the fixed one's left edge by `gap` (they move
/// left, so they never meet it); while it is held no scrolling comment enters the lane. So
/// fixed comments overlap neither each other nor scrolling ones.
struct DanmakuLanes {
    /// The last comment that entered a scrolling lane, advanced in step with it.
    struct Tail {
        var width: Double
        var speed: Double
        var elapsed: Double
        var order: Int
    }

    struct ScrollLane {
        var tail: Tail?
        /// The order number the next comment of this lane gets (increasing).
        var nextOrder = 0
        /// Comments with order >= this stand still this step (`Int.max`: none).
        var frozenFrom = Int.max
    }

    let screenWidth: Double
    let duration: Double
    let gap: Double
    private(set) var scroll: [ScrollLane]
    private(set) var fixedBusy: [Bool]

    init(count: Int, screenWidth: Double, duration: Double, gap: Double) {
        self.screenWidth = screenWidth
        self.duration = duration
        self.gap = gap
        scroll = Array(repeating: ScrollLane(), count: max(1, count))
        fixedBusy = Array(repeating: false, count: max(1, count))
    }

    var count: Int { scroll.count }

    /// Pixels per second of a scrolling comment `width` wide.
    func speed(forWidth width: Double) -> Double { (screenWidth + width) / duration }

    /// Whether a comment `width` wide moving at `speed` can enter behind `tail` now.
    func canFollow(_ tail: Tail, speed: Double) -> Bool {
        let tailRight = screenWidth - tail.speed * tail.elapsed + tail.width
        guard tailRight <= 0 || tailRight + gap <= screenWidth else { return false }
        guard speed > tail.speed, tailRight > 0 else { return true }
        let untilTailLeaves = tailRight / tail.speed
        return screenWidth - speed * untilTailLeaves >= gap
    }

    /// Reserves the topmost scrolling lane a comment `width` wide can enter now.
    /// - Returns: the lane and the comment's order in it, or nil when no lane fits.
    /// - Complexity: O(lanes).
    mutating func reserveScroll(width: Double) -> (lane: Int, order: Int)? {
        let speed = speed(forWidth: width)
        for i in scroll.indices where scroll[i].frozenFrom == Int.max && !fixedBusy[i] {
            if let tail = scroll[i].tail, !canFollow(tail, speed: speed) { continue }
            let order = scroll[i].nextOrder
            scroll[i].nextOrder += 1
            scroll[i].tail = Tail(width: width, speed: speed, elapsed: 0, order: order)
            return (i, order)
        }
        return nil
    }

    /// Reserves a lane for a fixed comment `width` wide, centred: the first suitable one
    /// from the band's top for `.top`, from its bottom for `.bottom`.
    /// - Complexity: O(lanes).
    mutating func reserveFixed(_ style: DanmakuStyle, width: Double) -> Int? {
        let n = fixedBusy.count
        let left = (screenWidth - width) / 2
        for k in 0..<n {
            let row = style == .bottom ? n - 1 - k : k
            guard !fixedBusy[row] else { continue }
            // The tail is the rightmost scrolling comment of the lane.
            if let tail = scroll[row].tail, screenWidth - tail.speed * tail.elapsed + tail.width + gap > left { continue }
            fixedBusy[row] = true
            return row
        }
        return nil
    }

    /// Whether any fixed row is free.
    var hasFreeFixedRow: Bool { fixedBusy.contains(false) }

    mutating func releaseFixed(_ row: Int) { fixedBusy[row] = false }

    /// Starts a step: no lane frozen until `freeze` says so.
    mutating func beginStep() {
        for i in scroll.indices { scroll[i].frozenFrom = Int.max }
    }

    /// Freezes `lane` from the comment of order `order` on, for this step.
    mutating func freeze(lane: Int, from order: Int) {
        scroll[lane].frozenFrom = min(scroll[lane].frozenFrom, order)
    }

    func isMoving(lane: Int, order: Int) -> Bool { order < scroll[lane].frozenFrom }

    /// Advances every lane's tail by `dt` unless frozen; a tail that has left empties its lane.
    mutating func advanceTails(by dt: Double) {
        for i in scroll.indices {
            guard var tail = scroll[i].tail, tail.order < scroll[i].frozenFrom else { continue }
            tail.elapsed += dt
            scroll[i].tail = tail.elapsed >= duration ? nil : tail
        }
    }
}
