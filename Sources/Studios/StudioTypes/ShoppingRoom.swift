import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

/// The shopping kind, a single host selling: the product card and the cart. The cart
/// button opens the buy flow of the featured product (the card asks to confirm); an order
/// placed is counted on the badge and told in the comments, after the card's own
/// "Order placed" toast.
public final class ShoppingRoom: RoomPart, StudioKind {
    public let link = RoomLink()

    public init() {}

    public static let kind = StudioKinds.shopping
    public static let requiredWidgets = [ProductCardsWidget.catalogName, CartButtonWidget.catalogName]

    /// Products bought in this room, oldest first.
    package private(set) var orders: [String] = []

    private var cards: ProductCardsWidget? { room.widget(named: ProductCardsWidget.catalogName, as: ProductCardsWidget.self) }

    public func roomDidLoad() {
        listen(to: .cartTapped) { shop, _ in
            // The cart starts buying what the host presents: the card asks to confirm.
            if let cards = shop.cards, case .idle = cards.state { cards.pressBuy() }
        }
        listen(to: .orderPlaced) { $0.ordered($1) }
        room.badgeDetail?.detail = "Sale"
    }

    private func ordered(_ product: String) {
        orders.append(product)
        room.badgeDetail?.detail = orders.count == 1 ? "1 order" : "\(orders.count) orders"
        room.notices?.postNotice("You bought \(product). Thank you!", from: "Shop")
    }
}
