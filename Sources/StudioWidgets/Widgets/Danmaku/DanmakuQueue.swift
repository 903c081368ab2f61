import StudioDomain
import StudioKit

/// The danmaku's overflow queue: comments that arrived while the screen was full (or no lane
/// was free) wait here in arrival order, bounded by `limit`.
///
/// Overflow policy, when a comment arrives and `limit` comments already wait:
/// 1. if an identical comment (same text and mode) waits, the new one merges into it (its
///    count grows; it shows as "text ×N");
/// 2. otherwise identical waiting comments are merged together (a pass made only when some
///    were queued since the last such pass), which may make room;
/// 3. if still full, the oldest waiting comment is dropped.
/// A comment that waited longer than the widget's `maxWait` is dropped too (`dropArrived`).
/// Every comment ends up counted once: waiting, merged or dropped (`merged`, `dropped`).
/// With the duplicates setting on, a comment also merges into the newest identical one
/// waiting, full or not (`mergeIntoLatest`).
///
/// Storage is an array of optional slots with a moving head, so taking from the front or
/// from the middle (a fixed comment placed ahead of a blocked scrolling one) is O(1).
struct DanmakuQueue {
    /// A waiting comment and how many identical ones it stands for.
    struct Entry {
        var item: DanmakuItem
        /// `item`'s key, made once.
        let key: DanmakuMergeKey
        var count = 1
        /// Simulated seconds at which the first of them arrived (the merge window runs from it).
        var arrivedAt = 0.0
        /// The width of `displayText`, measured on the first placement attempt and
        /// forgotten when the count (and so the text) or the text size changes.
        var width: Double?

        init(item: DanmakuItem, key: DanmakuMergeKey? = nil, arrivedAt: Double = 0) {
            self.item = item
            self.key = key ?? DanmakuMergeKey(item)
            self.arrivedAt = arrivedAt
        }

        var displayText: String { DanmakuQueue.displayText(item.text, count: count) }
    }

    /// "666", or "666 ×12" for twelve of them.
    static func displayText(_ text: String, count: Int) -> String { count > 1 ? "\(text) ×\(count)" : text }

    let limit: Int
    /// Comments merged into a waiting identical one.
    private(set) var merged = 0
    /// Waiting comments dropped to make room.
    private(set) var dropped = 0
    /// Comments waiting now.
    private(set) var count = 0

    private var slots: [Entry?] = []
    /// The first slot that may hold an entry; slots before it are empty.
    private(set) var head = 0
    /// The absolute position of `slots[0]` (positions in the key maps survive compaction).
    private var base = 0
    /// The absolute position of a waiting entry per key (the first one queued, as long as it
    /// waits).
    private var firstByKey: [DanmakuMergeKey: Int] = [:]
    /// The absolute position of the newest waiting entry per key, as long as it waits.
    private var latestByKey: [DanmakuMergeKey: Int] = [:]
    /// True when an entry was queued while an identical one already waited.
    private var mayHaveDuplicates = false

    init(limit: Int) {
        self.limit = max(1, limit)
        slots.reserveCapacity(self.limit)
    }

    /// The slot index one past the last entry.
    var end: Int { slots.count }

    func entry(at index: Int) -> Entry? { slots[index] }

    mutating func setWidth(_ width: Double, at index: Int) { slots[index]?.width = width }

    /// Forgets every measured width (the text size changed).
    mutating func forgetWidths() {
        for i in slots.indices where slots[i] != nil { slots[i]!.width = nil }
    }

    /// Queues `item`, arrived at `time`, merging or dropping per the overflow policy.
    /// - Complexity: O(1) amortized; a merge pass is O(count) and runs at most once per
    ///   duplicate queued.
    mutating func push(_ item: DanmakuItem, key: DanmakuMergeKey? = nil, at time: Double = 0) {
        let key = key ?? DanmakuMergeKey(item)
        if count >= limit {
            if mergeIntoWaiting(key) { return }
            if mayHaveDuplicates {
                mergeDuplicates()
                if mergeIntoWaiting(key) { return }
            }
            if count >= limit { dropOldest() }
        }
        packIfSparse()
        let position = base + slots.count
        if let first = firstByKey[key], slots[first - base] != nil {
            mayHaveDuplicates = true
        } else {
            firstByKey[key] = position
        }
        latestByKey[key] = position
        slots.append(Entry(item: item, key: key, arrivedAt: time))
        count += 1
    }

    /// Merges `item` into the newest identical comment waiting, if the first of that one's
    /// group arrived at or after `since` (the duplicates setting's window).
    /// - Returns: whether it merged (counted in `merged`).
    /// - Complexity: O(1).
    mutating func mergeIntoLatest(_ key: DanmakuMergeKey, since: Double) -> Bool {
        guard let position = latestByKey[key], let entry = slots[position - base], entry.arrivedAt >= since else {
            return false
        }
        slots[position - base]!.count = entry.count + 1
        slots[position - base]!.width = nil
        merged += 1
        return true
    }

    /// Takes the entry at `index` out of the queue. Slot indices stay valid until
    /// `packIfSparse()` (so a caller can keep scanning after a removal).
    mutating func remove(at index: Int) -> Entry {
        guard let entry = slots[index] else { preconditionFailure("no danmaku waits at \(index)") }
        slots[index] = nil
        count -= 1
        let key = entry.key
        if firstByKey[key] == base + index { firstByKey[key] = nil }
        if latestByKey[key] == base + index { latestByKey[key] = nil }
        advanceHead()
        return entry
    }

    /// Drops the waiting entries whose first comment arrived before `cutoff` (stale: they
    /// waited too long), each counted once in `dropped` (the comments merged into it were
    /// counted as merged).
    /// - Complexity: O(1) when nothing is stale; the queue is in arrival order, so only its
    ///   head is looked at.
    mutating func dropArrived(before cutoff: Double) {
        var droppedAny = false
        while head < slots.count, let entry = slots[head], entry.arrivedAt < cutoff {
            _ = remove(at: head)
            dropped += 1
            droppedAny = true
        }
        if droppedAny { packIfSparse() }
    }

    /// Takes out every waiting entry `shouldRemove` picks (a setting now blocks them).
    /// - Returns: the entries taken, in order.
    /// - Complexity: O(count); made when settings change, not per step.
    mutating func removeAll(where shouldRemove: (Entry) -> Bool) -> [Entry] {
        var taken: [Entry] = []
        for index in head..<slots.count {
            guard let entry = slots[index], shouldRemove(entry) else { continue }
            taken.append(remove(at: index))
        }
        packIfSparse()
        return taken
    }

    /// The waiting entries in order (tests and the inspector; allocates).
    var waiting: [Entry] { slots[head...].compactMap { $0 } }

    private mutating func mergeIntoWaiting(_ key: DanmakuMergeKey) -> Bool {
        guard let position = firstByKey[key], slots[position - base] != nil else { return false }
        slots[position - base]!.count += 1
        slots[position - base]!.width = nil
        merged += 1
        return true
    }

    private mutating func dropOldest() {
        _ = remove(at: head)
        dropped += 1
    }

    /// Merges every waiting entry into the first identical one before it and packs the slots.
    private mutating func mergeDuplicates() {
        var packed: [Entry?] = []
        packed.reserveCapacity(max(limit, slots.count))
        var index: [DanmakuMergeKey: Int] = [:]
        for case let entry? in slots[head...] {
            let key = entry.key
            if let at = index[key] {
                packed[at]!.count += entry.count
                packed[at]!.width = nil
                merged += 1
                count -= 1
            } else {
                index[key] = packed.count
                packed.append(entry)
            }
        }
        base += slots.count
        slots = packed
        head = 0
        firstByKey = index.mapValues { $0 + base }
        latestByKey = firstByKey
        mayHaveDuplicates = false
    }

    private mutating func advanceHead() {
        while head < slots.count, slots[head] == nil { head += 1 }
    }

    /// Drops the empty front when it is large, keeping the storage (no reallocation). Slot
    /// indices change.
    mutating func packIfSparse() {
        if head == slots.count {
            guard head > 0 else { return }
            base += slots.count
            slots.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64, head * 2 >= slots.count {
            slots.removeSubrange(0..<head)
            base += head
            head = 0
        }
    }
}
