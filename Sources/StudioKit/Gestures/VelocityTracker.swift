/// Estimates the velocity of one coordinate from timed samples: the change from the latest
/// sample taken at least `window` seconds before the newest one (or the first sample, when
/// the touch is younger), over the time between them. Measuring across at least the window
/// keeps one jittery sample from deciding a fling, and a finger that rested before lifting
/// reads as still.
struct VelocityTracker: Hashable, Sendable {
    struct Sample: Hashable, Sendable {
        var time: Double
        var value: Double
    }

    let window: Double
    /// The anchor (the newest sample at least `window` old, or the first) and every sample
    /// after it; older ones are dropped, so this stays a handful long.
    private(set) var samples: [Sample] = []

    init(window: Double) {
        self.window = window
    }

    /// - Complexity: O(samples in the window), a handful.
    mutating func add(time: Double, value: Double) {
        samples.append(Sample(time: time, value: value))
        while samples.count >= 2, samples[1].time <= time - window {
            samples.removeFirst()
        }
    }

    /// Units per second; 0 until two samples apart in time exist.
    var velocity: Double {
        guard let first = samples.first, let last = samples.last, last.time > first.time else { return 0 }
        return (last.value - first.value) / (last.time - first.time)
    }
}
