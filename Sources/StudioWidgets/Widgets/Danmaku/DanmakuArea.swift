import StudioDomain
import StudioKit

/// How much of the band the barrage may use, from its top, as players offer it: a quarter,
/// half, three quarters or all of it. Only that many lanes (counted from the top) take new
/// comments; bottom comments stand in the last of them.
public enum DanmakuArea: String, Hashable, Sendable, CaseIterable {
    case quarter, half, threeQuarters, full

    /// The share of the band's height.
    package var fraction: Double {
        switch self {
        case .quarter: 0.25
        case .half: 0.5
        case .threeQuarters: 0.75
        case .full: 1
        }
    }

    /// How many of `lanes` lanes it uses: the share rounded down, at least one.
    public func lanes(of lanes: Int) -> Int { max(1, Int(clamping: (Double(lanes) * fraction + 1e-9).rounded(.down))) }
}
