import Foundation
import StudioDomain
import StudioKit

/// A product the host sells in a shopping room: its name, its price in whole yuan and the
/// color of its drawn picture.
public struct Product: Hashable, Sendable {
    public var name: String
    package var price: Int
    var color: Color

    public init(name: String, price: Int) {
        self.name = name
        self.price = price
        color = Palette.avatars[Int(stableHash(name) % UInt64(Palette.avatars.count))]
    }

    /// "¥199".
    package var priceText: String { "¥\(DisplayFormat.thousands(price))" }

    /// The products of the demo shopping room.
    public static let demo = [
        Product(name: "Silk Scarf", price: 199),
        Product(name: "Lip Tint 唇釉", price: 89),
        Product(name: "Wireless Earbuds", price: 299),
    ]

    /// Parses "Name|199" (a configuration's `products` entry); nil when malformed.
    init?(parsing text: String) {
        let parts = text.split(separator: "|", omittingEmptySubsequences: false)
        guard parts.count == 2, let price = Int(parts[1].trimmingCharacters(in: .whitespaces)), price > 0 else {
            return nil
        }
        let name = parts[0].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return nil }
        self.init(name: name, price: price)
    }
}

/// Where a product card is in its buy flow.
public enum BuyState: Hashable, Sendable {
    /// The card shows "Buy".
    case idle
    /// "Confirm ¥199?", waiting for a second tap; `age` seconds so far.
    case confirming(age: Double)
    /// "Paying…" for `ProductCardsWidget.payingDuration` seconds.
    case paying(age: Double)
    /// "Ordered ✓" for a moment after the order was placed.
    case ordered(age: Double)

    /// The state's name, for tests and dumps that do not care about the age.
    public var phase: String {
        switch self {
        case .idle: "idle"
        case .confirming: "confirming"
        case .paying: "paying"
        case .ordered: "ordered"
        }
    }
}
