import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Price ticker")
struct PriceTickerTests {
    @Test("the history never holds more than its capacity")
    func bounded() throws {
        let f = try BusinessStudioFixture()
        let ticker = try f.add(PriceTickerWidget(capacity: 10, interval: 0.1))
        #expect(ticker.history.count == 10)
        f.run(seconds: 5)
        for i in 0..<30 { f.publish(.priceTicked, 190 + Double(i)) }
        #expect(ticker.history.count == 10)
        #expect(ticker.history.last == 219)
    }

    @Test("a fed price shows with its change, and the ticker stops walking until the feed goes quiet")
    func fed() throws {
        let f = try BusinessStudioFixture()
        let ticker = try f.add(PriceTickerWidget(open: 187.08))
        f.publish(.priceTicked, 200)
        #expect(ticker.price == 200)
        #expect(ticker.changeText == "▲6.9%")
        let texts = f.texts(in: .movable)
        #expect(texts.contains("200.00") && texts.contains("▲6.9%"))
        f.run(seconds: 4)
        #expect(ticker.price == 200)
        f.run(seconds: 2)
        #expect(ticker.price != 200)
    }

    @Test("without a feed the price walks on its own, the same way for the same seed")
    func walks() throws {
        func prices(seed: UInt64) throws -> [Double] {
            let f = try BusinessStudioFixture(seed: seed)
            let ticker = try f.add(PriceTickerWidget())
            let first = ticker.price
            f.run(seconds: 1)
            #expect(ticker.price != first)
            return ticker.history
        }
        #expect(try prices(seed: 8) == prices(seed: 8))
    }

    @Test("a fall reads ▼ and, with redUp, is drawn green")
    func fall() throws {
        let f = try BusinessStudioFixture()
        let ticker = try f.add(PriceTickerWidget(open: 100, redUp: true))
        f.publish(.priceTicked, 99.6)
        #expect(ticker.changeText == "▼0.4%")
        let change = f.draw().items(in: .movable).first { item in
            if case .text("▼0.4%", _, _, _, _) = item.command { return true }
            return false
        }
        if case .text(_, _, let color, _, _)? = change?.command {
            #expect(color == PriceTickerWidget.green)
        } else {
            Issue.record("no change text drawn")
        }
    }

    @Test("prices are written with fixed decimals, without a locale")
    func decimals() {
        #expect(DisplayFormat.decimal(189.324, places: 2) == "189.32")
        #expect(DisplayFormat.decimal(0.005, places: 2) == "0.01")
        #expect(DisplayFormat.decimal(-3.2, places: 1) == "-3.2")
        #expect(DisplayFormat.thousands(1_234_567) == "1,234,567")
        #expect(DisplayFormat.countdown(83) == "01:23")
        #expect(DisplayFormat.countdown(82.2) == "01:23")
        #expect(DisplayFormat.elapsed(3725) == "1:02:05")
    }
}
