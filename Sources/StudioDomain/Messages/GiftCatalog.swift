import StudioKit

/// The gifts the simulated server knows: cheap small gifts sent often and in combos,
/// expensive full-screen gifts rarely. Scenario files name gifts by `id`.
package enum GiftCatalog {
    /// Every gift, cheapest first.
    package static let all: [Gift] = [
        Gift(id: "rose", name: "Rose", coins: 1, tier: .small),
        Gift(id: "lollipop", name: "Lollipop", coins: 5, tier: .small),
        Gift(id: "heart", name: "Heart", coins: 10, tier: .small),
        Gift(id: "fireworks", name: "Fireworks", coins: 99, tier: .medium),
        Gift(id: "crown", name: "Crown", coins: 200, tier: .medium),
        Gift(id: "rocket", name: "Rocket", coins: 500, tier: .fullScreen),
        Gift(id: "castle", name: "Castle", coins: 1000, tier: .fullScreen),
    ]

    /// The known ids, in catalog order (for error messages).
    package static var ids: [String] { all.map(\.id) }

    package static func gift(id: String) -> Gift? { all.first { $0.id == id } }
}
