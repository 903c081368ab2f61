import StudioKit

/// Formats an audience count the way live apps show it: "987", "12.3k", "123k", "1.2M".
/// Integer arithmetic only, so no locale changes the result.
package func formatOnlineCount(_ count: Int) -> String {
    let n = max(0, count)
    func tenths(_ value: Int, _ unit: Int, _ suffix: String) -> String {
        let t = value / (unit / 10)
        return t % 10 == 0 ? "\(t / 10)\(suffix)" : "\(t / 10).\(t % 10)\(suffix)"
    }
    switch n {
    case ..<1_000: return "\(n)"
    case ..<100_000: return tenths(n, 1_000, "k")
    case ..<1_000_000: return "\(n / 1_000)k"
    default: return tenths(n, 1_000_000, "M")
    }
}
