import StudioKit

/// The price bands of super chats, as live rooms color and pin them: the more paid, the
/// warmer the color and the longer it stays pinned.
package enum SuperChatTier: Int, Hashable, Sendable, CaseIterable, Comparable {
    case blue, teal, yellow, orange, red, crimson

    /// The band of a price in yuan: up to 49, 99, 499, 999, 1999 and above.
    package init(price: Double) {
        switch price {
        case ..<50: self = .blue
        case ..<100: self = .teal
        case ..<500: self = .yellow
        case ..<1000: self = .orange
        case ..<2000: self = .red
        default: self = .crimson
        }
    }

    /// How long a super chat of this band stays pinned when the message does not say.
    package var pinnedSeconds: Double {
        switch self {
        case .blue: 60
        case .teal: 120
        case .yellow: 300
        case .orange: 1800
        case .red: 3600
        case .crimson: 7200
        }
    }

    /// The strong color of the card's header and the chip.
    package var color: Color {
        switch self {
        case .blue: Color(hex: 0x2A60B2)
        case .teal: Color(hex: 0x427D9E)
        case .yellow: Color(hex: 0xC99801)
        case .orange: Color(hex: 0xE09443)
        case .red: Color(hex: 0xE54D4D)
        case .crimson: Color(hex: 0xAB1A32)
        }
    }

    /// The light color of the card's body.
    package var lightColor: Color {
        switch self {
        case .blue: Color(hex: 0xEDF5FF)
        case .teal: Color(hex: 0xDBFFFD)
        case .yellow: Color(hex: 0xFFF1C5)
        case .orange: Color(hex: 0xFFEAD2)
        case .red: Color(hex: 0xFFE7E4)
        case .crimson: Color(hex: 0xFFD8D8)
        }
    }

    package static func < (a: SuperChatTier, b: SuperChatTier) -> Bool { a.rawValue < b.rawValue }
}
