import StudioDomain
import StudioKit

/// Number and time texts of the widgets. Integer arithmetic only, so no locale
/// changes a frame.
package enum DisplayFormat {
    /// "mm:ss" of whole seconds, "h:mm:ss" from an hour on.
    static func clock(seconds: Int) -> String {
        let s = max(0, seconds)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        if s >= 3600 { return "\(s / 3600):" + two(s / 60 % 60) + ":" + two(s % 60) }
        return two(s / 60) + ":" + two(s % 60)
    }

    /// A countdown: seconds left rounded up, so "00:01" shows until the very end and
    /// "00:00" only once time is up.
    static func countdown(_ seconds: Double) -> String {
        clock(seconds: Int(clamping: max(0, seconds - 1e-9).rounded(.up)))
    }

    /// Time elapsed, rounded down: "00:12" from 12.0 to 12.99 s.
    package static func elapsed(_ seconds: Double) -> String {
        clock(seconds: Int(clamping: (max(0, seconds) + 1e-9).rounded(.down)))
    }

    /// "12,345", "-1,000".
    static func thousands(_ n: Int) -> String {
        var digits = String(n.magnitude)
        var out = ""
        while digits.count > 3 {
            out = "," + digits.suffix(3) + out
            digits.removeLast(3)
        }
        return (n < 0 ? "-" : "") + digits + out
    }

    /// `value` with exactly `places` decimals, rounded half away from zero: "189.32".
    static func decimal(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return "–" }
        var scale = 1
        for _ in 0..<max(0, places) { scale *= 10 }
        let scaled = (value.magnitude * Double(scale)).rounded()
        // Past 15 digits a Double has no exact decimals left to show, and Int would overflow.
        guard scaled < 1e15 else { return value.compact }
        let n = Int(clamping: scaled)
        let sign = value < 0 && n != 0 ? "-" : ""
        guard places > 0 else { return sign + "\(n)" }
        var fraction = String(n % scale)
        while fraction.count < places { fraction = "0" + fraction }
        return sign + "\(n / scale)." + fraction
    }

    /// "2700" for a whole number, the full value otherwise (for error messages).
    static func plain(_ value: Double) -> String { value.compact }
}
