/// The one way a `Double` becomes an integer in LiveStudio.
///
/// Swift's `Int(_: Double)` traps on NaN, on infinity and on anything outside the integer's
/// range, so a single number from a scenario, a recording, a configuration or a window event
/// (`1e21`, `inf`) could end the process. These conversions never trap: values outside the
/// range saturate to its ends, the way `Int(clamping:)` already treats wider integers, and
/// NaN becomes 0. Values inside the range convert exactly as `Int(_:)` would (towards zero),
/// so in-range results, and so every golden, stay the same.
///
/// Input is still validated where it enters, with an error that names the file and line;
/// these conversions are the second line, so that a value no check anticipated degrades to a
/// wrong-but-bounded number instead of a crash.
extension FixedWidthInteger {
    /// `value` truncated towards zero, saturated to `Self.min...Self.max`; NaN gives 0.
    /// - Complexity: O(1), two comparisons more than `Self(value)`.
    @inlinable
    package init(clamping value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= Double(Self.max) {
            // `Double(Self.max)` rounds up to a power of two for 64-bit types, which is itself
            // out of range, so `>=` (not `>`) is the test that keeps `Self(value)` safe.
            self = .max
        } else if value <= Double(Self.min) {
            self = .min
        } else {
            self = Self(value)
        }
    }
}

extension Int {
    /// `init(clamping:)` of `FixedWidthInteger` for `Int`, with the same results: called from
    /// generic code, `Self(value)` goes through the standard library's generic float-to-integer
    /// conversion, which takes the value apart bit by bit, where `Int(_: Double)` is one
    /// machine instruction. The rasterizer converts several coordinates per span and per row,
    /// so the concrete conversion matters there.
    /// - Complexity: O(1), two comparisons more than `Int(value)`.
    @inlinable
    public init(clamping value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9_223_372_036_854_775_808.0 {
            // 2^63, the first Double above `Int.max` (which has no Double of its own).
            self = .max
        } else if value <= -9_223_372_036_854_775_808.0 {
            self = .min
        } else {
            self = Int(value)
        }
    }
}

extension Double {
    /// This value limited to `range`; NaN gives the range's lower bound.
    @inlinable
    package func clamped(to range: ClosedRange<Double>) -> Double {
        guard !isNaN else { return range.lowerBound }
        return Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}
