/// Values kept under a budget of bytes: inserting past the budget evicts the least recently
/// used entries first. An entry bigger than the whole budget is still kept, alone, so that
/// what a frame draws stays cached while it is drawn.
///
/// Eviction only drops the cache's reference: a frame that is still drawing an evicted
/// image keeps it alive through its own reference (`FrameCompiler.retain`).
struct ByteBudgetCache<Key: Hashable, Value> {
    /// Lowering it evicts nothing at once: the next insertion makes room.
    var budget: Int
    /// The bytes the entries hold.
    private(set) var bytes = 0
    /// Entries dropped to make room.
    private(set) var evictions = 0
    private var entries: [Key: Entry] = [:]
    /// Counts uses; an entry's `lastUse` orders it for eviction.
    private var uses = 0
    /// Changes whenever an entry is added or dropped: a `Place` found while it had one value
    /// stays valid while it keeps it.
    private(set) var generation = 0

    /// Where an entry lies in the cache, for `value(at:)`.
    typealias Place = Dictionary<Key, Entry>.Index

    struct Entry {
        var value: Value
        var bytes: Int
        var lastUse: Int
    }

    init(budget: Int) { self.budget = budget }

    var count: Int { entries.count }

    /// The value for `key`, marked as just used.
    /// - Complexity: O(1).
    mutating func value(for key: Key) -> Value? {
        lookUp(key)?.value
    }

    /// The value for `key`, marked as just used, and where it lies: `value(at:)` finds it
    /// there again without hashing the key, while `generation` stays the same.
    /// - Complexity: O(1).
    mutating func lookUp(_ key: Key) -> (value: Value, place: Place)? {
        // Through the index, so a hit hashes the key once: a frame of danmaku looks up
        // thousands of sprite pictures, and a second lookup to store the use doubled it.
        guard let index = entries.index(forKey: key) else { return nil }
        return (value(at: index), index)
    }

    /// The value at `place`, from `lookUp` while `generation` was what it is now, marked as
    /// just used.
    /// - Complexity: O(1).
    mutating func value(at place: Place) -> Value {
        uses += 1
        entries.values[place].lastUse = uses
        return entries.values[place].value
    }

    /// Keeps `value` (`bytes` big) for `key`, evicting least recently used entries until it fits.
    /// - Complexity: O(entries) per entry evicted; a studio's caches hold a handful.
    mutating func insert(_ value: Value, for key: Key, bytes size: Int) {
        remove(key)
        while bytes + size > budget, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            remove(oldest)
            evictions += 1
        }
        uses += 1
        entries[key] = Entry(value: value, bytes: size, lastUse: uses)
        bytes += size
        generation &+= 1
    }

    /// The use count now: entries used after this moment have a greater `lastUse`.
    var clock: Int { uses }

    /// Keeps `value` as `insert` does, but only if that evicts no entry used since `since`
    /// (`clock` at the start of a frame): a cache too small for what one frame draws would
    /// otherwise drop each entry before the next frame asks for it again, and make every one
    /// of them every frame. Room is made a batch at a time (an eighth of the budget beyond
    /// what is needed), so a cache of many small entries sorts them once per batch rather
    /// than scanning them all per entry.
    /// - Returns: whether `value` was kept.
    /// - Complexity: O(entries log entries) when it evicts.
    mutating func insert(_ value: Value, for key: Key, bytes size: Int, keepingUsesSince since: Int) -> Bool {
        remove(key)
        if bytes + size > budget {
            let target = max(0, budget - budget / 8 - size)
            for (oldKey, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
                guard bytes > target, entry.lastUse <= since else { break }
                remove(oldKey)
                evictions += 1
            }
            guard bytes + size <= budget else { return false }
        }
        uses += 1
        entries[key] = Entry(value: value, bytes: size, lastUse: uses)
        bytes += size
        generation &+= 1
        return true
    }

    /// Drops the entries last used before `clock` (an earlier value of `clock`), counting
    /// them as evictions.
    /// - Complexity: O(entries).
    mutating func removeEntries(unusedSince clock: Int) {
        let stale = entries.filter { $0.value.lastUse <= clock }
        for key in stale.keys { remove(key) }
        evictions += stale.count
    }

    mutating func remove(_ key: Key) {
        guard let old = entries.removeValue(forKey: key) else { return }
        bytes -= old.bytes
        generation &+= 1
    }
}
