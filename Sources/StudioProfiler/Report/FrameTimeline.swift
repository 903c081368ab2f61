/// The run over time, for the report page's charts: the busy frame time and the resident
/// memory, in at most `capacity` buckets of consecutive frames. When the buckets are full,
/// neighbours merge in pairs and each bucket then holds twice as many frames, so a run of
/// any length costs the same memory and a chart gets at most one point per bucket.
public struct FrameTimeline: Codable, Hashable, Sendable {
    public struct Bucket: Codable, Hashable, Sendable {
        /// The first frame's number in the run (0 = the first measured frame).
        package var firstFrame: Int
        public var frames: Int
        /// The slowest frame's busy time, and the frames' sum, in seconds.
        package var busyMax: Double
        package var busySum: Double
        /// The highest resident memory read in these frames, in bytes (0: none read).
        package var residentBytes: Int

        package var busyMean: Double { frames == 0 ? 0 : busySum / Double(frames) }

        mutating func absorb(_ other: Bucket) {
            frames += other.frames
            busyMax = max(busyMax, other.busyMax)
            busySum += other.busySum
            residentBytes = max(residentBytes, other.residentBytes)
        }
    }

    public static let defaultCapacity = 512
    package let capacity: Int
    package private(set) var buckets: [Bucket] = []
    /// Frames a bucket holds once full (a power of two).
    package private(set) var framesPerBucket = 1
    /// Seconds of simulated time a frame stands for (one fixed step), for the charts' axes.
    package var secondsPerFrame: Double

    public init(capacity: Int = FrameTimeline.defaultCapacity, secondsPerFrame: Double = 1.0 / 60) {
        self.capacity = max(2, capacity)
        self.secondsPerFrame = secondsPerFrame
        buckets.reserveCapacity(self.capacity)
    }

    public var frames: Int { buckets.last.map { $0.firstFrame + $0.frames } ?? 0 }

    /// Adds the next frame: its busy time in seconds and the resident memory read at its end
    /// (0 when not read).
    /// - Complexity: O(1) amortised; a merge of all buckets every time their frames double.
    public mutating func record(busy: Double, residentBytes: Int) {
        let frame = Bucket(firstFrame: frames, frames: 1, busyMax: busy, busySum: busy, residentBytes: residentBytes)
        if buckets.count == capacity, buckets[capacity - 1].frames == framesPerBucket { halve() }
        if let last = buckets.indices.last, buckets[last].frames < framesPerBucket {
            buckets[last].absorb(frame)
        } else {
            buckets.append(frame)
        }
    }

    private mutating func halve() {
        var merged: [Bucket] = []
        merged.reserveCapacity(capacity)
        var i = 0
        while i < buckets.count {
            var b = buckets[i]
            if i + 1 < buckets.count { b.absorb(buckets[i + 1]) }
            merged.append(b)
            i += 2
        }
        buckets = merged
        framesPerBucket *= 2
    }
}
