import Foundation

/// Where the loop gets the time. Injected, so tests and replays advance it by hand.
public protocol Clock: AnyObject {
    /// Seconds since an arbitrary fixed origin, never decreasing.
    func now() -> Double
}

/// The machine's monotonic clock.
public final class MonotonicClock: Clock {
    private let origin: UInt64

    public init() { origin = DispatchTime.now().uptimeNanoseconds }

    public func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - origin) / 1e9
    }
}

/// A clock that moves only when told to: for tests, headless runs and replays.
public final class ManualClock: Clock {
    private var t: Double

    public init(start: Double = 0) { t = start }

    public func now() -> Double { t }

    public func advance(by seconds: Double) {
        precondition(seconds >= 0, "a clock never goes back")
        t += seconds
    }
}
