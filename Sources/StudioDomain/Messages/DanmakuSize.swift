import StudioKit

/// The three text sizes Bilibili's players offer, 18, 25 and 36 points; LiveStudio draws
/// them relative to the configured font size (normal is that size), so the proportions hold
/// at any scale.
public enum DanmakuSize: String, Hashable, Sendable, CaseIterable {
    case small, normal, large

    /// The size relative to normal: 18/25, 1, 36/25.
    package var factor: Double {
        switch self {
        case .small: 18.0 / 25.0
        case .normal: 1
        case .large: 36.0 / 25.0
        }
    }
}
