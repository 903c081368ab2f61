/// Number formats for the explanations the inspector shows (`GestureResolution`).
enum GestureWording {
    /// Whole logical pixels: "40".
    static func px(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        return String(Int(clamping: value.rounded()))
    }

    /// Seconds with two decimals: "0.12". Hand-made rather than `String(format:)` so the
    /// text is the same on every platform and locale.
    static func seconds(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        let centis = Int(clamping: (value * 100).rounded())
        let whole = abs(centis) / 100, frac = abs(centis) % 100
        return (centis < 0 ? "-" : "") + "\(whole)." + (frac < 10 ? "0" : "") + "\(frac)"
    }
}
