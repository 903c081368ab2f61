import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Shopping")
struct ShoppingTests {
    @Test("Buy asks to confirm, a second tap pays for a second, then the order is placed with a toast")
    func buyFlow() throws {
        let f = try BusinessStudioFixture()
        let card = try f.add(ProductCardsWidget())
        let recorder = f.recorder(.orderPlaced, .toastRequested)
        #expect(card.buttonTitle == "Buy")
        f.tap(card, at: card.buttonRect.center)
        #expect(card.state.phase == "confirming")
        #expect(f.texts(in: .movable).contains("Confirm ¥199?"))
        f.tap(card, at: card.buttonRect.center)
        #expect(card.state.phase == "paying")
        f.run(seconds: 0.9)
        #expect(card.buttonTitle == "Paying…")
        #expect(recorder.count(of: .orderPlaced) == 0)
        f.run(seconds: 0.2)
        #expect(card.state.phase == "ordered")
        #expect(recorder.values(.orderPlaced) == ["Silk Scarf"])
        #expect(recorder.values(.toastRequested) == ["Order placed: Silk Scarf"])
        f.step()
        #expect(f.texts(in: .float).contains("Order placed: Silk Scarf"))
        f.run(seconds: ProductCardsWidget.orderedDuration)
        #expect(card.state == .idle)
    }

    @Test("an unconfirmed purchase is dropped by a tap elsewhere on the card or after a while")
    func confirmationDropped() throws {
        let f = try BusinessStudioFixture()
        let card = try f.add(ProductCardsWidget())
        let recorder = f.recorder(.orderPlaced)
        f.tap(card, at: card.buttonRect.center)
        #expect(f.tap(card, at: Point(x: 40, y: 40)))
        #expect(card.state == .idle)
        f.tap(card, at: card.buttonRect.center)
        f.run(seconds: ProductCardsWidget.confirmTimeout + 0.1)
        #expect(card.state == .idle)
        #expect(recorder.count(of: .orderPlaced) == 0)
    }

    @Test("products take turns while idle, never in the middle of a purchase")
    func rotation() throws {
        let f = try BusinessStudioFixture()
        let card = try f.add(ProductCardsWidget(rotateEvery: 2))
        f.run(seconds: 2.1)
        #expect(card.index == 1)
        f.tap(card, at: card.buttonRect.center)
        f.run(seconds: 2.5)
        #expect(card.index == 1)
        #expect(card.state.phase == "confirming")
    }

    @Test("a malformed product in the options is named by its index")
    func badProduct() {
        let error = #expect(throws: ConfigError.self) {
            try ProductCardsWidget.make(
                level: Levels.productCards,
                options: testOptions(["products": .array([.string("Hat|12"), .string("Shoe|cheap")])]))
        }
        #expect(error?.keyPath == "widgets[0].options.products[1]")
    }

    @Test("the cart announces cartTapped and toasts the number of products")
    func cart() throws {
        let f = try BusinessStudioFixture()
        let cart = try f.add(CartButtonWidget(count: 4))
        let recorder = f.recorder(.cartTapped, .toastRequested)
        f.isolate(cart)
        #expect(f.texts(in: .movable) == ["4"])
        f.tapScreen(at: f.screenPoint(cart, Point(x: 38, y: 38)))
        #expect(recorder.count(of: .cartTapped) == 1)
        #expect(recorder.values(.toastRequested) == ["4 products in this live"])
        // Above the bottom bar, inside the screen.
        #expect(cart.frame.maxY <= 1280 - BottomBarWidget.barHeight && cart.frame.maxX <= 720)
    }
}
