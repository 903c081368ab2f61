import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Connection banner")
struct ConnectionBannerTests {
    /// A studio with a banner added, and a way to publish connection changes to it.
    final class Fixture {
        let f = StudioFixture()
        let banner = ConnectionBannerWidget()

        init() throws {
            try f.studio.add(banner)
            f.studio.announcer.deliverQueued()
        }

        func publish(_ state: ConnectionState) {
            f.studio.announcer.publish(.connectionChanged, state)
            f.step()
        }

        var floatTexts: [String] { f.draw().texts(in: .float) }
    }

    @Test("the banner is hidden while connected")
    func hidden() throws {
        let x = try Fixture()
        x.publish(.connected)
        x.f.run(seconds: 1)
        #expect(x.banner.message == nil)
        #expect(!x.floatTexts.contains { $0.contains("Connect") })
    }

    @Test("a lost connection shows the countdown to the next attempt and the attempt's number")
    func countdown() throws {
        let x = try Fixture()
        x.publish(.disconnected(retryIn: 4, attempt: 3))
        #expect(x.banner.message == "Connection lost — reconnecting in 4 s (attempt 3)")
        #expect(x.floatTexts == ["Connection lost", "reconnecting in 4 s (attempt 3)"])
        x.f.run(seconds: 1.5)
        #expect(x.banner.message == "Connection lost — reconnecting in 3 s (attempt 3)")
    }

    @Test("an attempt shows Connecting, success flashes Reconnected, then the banner hides")
    func reconnect() throws {
        let x = try Fixture()
        x.publish(.disconnected(retryIn: 1, attempt: 1))
        x.publish(.connecting)
        #expect(x.floatTexts.contains("Connecting…"))
        x.publish(.connected)
        x.f.run(seconds: 0.5)
        #expect(x.floatTexts.contains("Reconnected"))
        x.f.run(seconds: 1.5)
        #expect(x.banner.message == nil)
        #expect(!x.floatTexts.contains("Reconnected"))
    }

    @Test("the banner lives in the float layer and lets touches through")
    func placement() throws {
        let x = try Fixture()
        #expect(x.banner.context?.layer == .float)
        #expect(x.banner.passesTouchesThrough)
    }

    @Test("the catalog builds the banner from its options and rejects unknown ones")
    func catalog() throws {
        #expect(WidgetCatalog.feedWidgets.contains { $0.catalogName == "connectionBanner" })
        let options = WidgetOptions(file: "s.json", keyPath: "widgets[4].options", values: ["flashDuration": .number(3)])
        let banner = try ConnectionBannerWidget.make(level: 471, options: options) as? ConnectionBannerWidget
        #expect(banner?.flashDuration == 3)
        #expect(banner?.level == 471)
        let bad = WidgetOptions(file: "s.json", keyPath: "widgets[4].options", values: ["flash": .number(3)])
        #expect(throws: ConfigError.self) { _ = try ConnectionBannerWidget.make(level: 470, options: bad) }
    }
}
