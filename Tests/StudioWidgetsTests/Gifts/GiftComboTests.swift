import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Gift combo banners")
struct GiftComboTests {
    static let rose = Gift(id: "rose", name: "Rose", coins: 1, tier: .small)
    static let heart = Gift(id: "heart", name: "Heart", coins: 10, tier: .small)

    private func send(_ sender: String, _ gift: Gift = rose, count: Int = 1) -> GiftMessage {
        GiftMessage(sender: sender, gift: gift, count: count)
    }

    private func accountingHolds(_ w: GiftComboWidget) -> Bool {
        w.shown + w.merged + w.dropped + w.queued == w.received
    }

    @Test("a repeated send by the same sender within the window merges into the banner and bumps its count")
    func sameSenderMerges() throws {
        let f = LiveFixture()
        let combo = try f.add(GiftComboWidget())
        combo.enqueue(send("Leo"))
        f.run(seconds: 1)
        combo.enqueue(send("Leo", count: 5))
        f.run(seconds: 1)
        combo.enqueue(send("Leo"))
        #expect(combo.visibleBanners.map(\.count) == [7])
        #expect(combo.merged == 2)
        #expect(combo.shown == 1)
        #expect(accountingHolds(combo))
        f.step()
        #expect(f.draw().allTexts.contains("×7"))
    }

    @Test("a different sender, or a different gift, gets a banner of its own")
    func differentSenderDoesNotMerge() throws {
        let f = LiveFixture()
        let combo = try f.add(GiftComboWidget())
        combo.enqueue(send("Leo"))
        combo.enqueue(send("Mia"))
        combo.enqueue(send("Leo", Self.heart))
        #expect(combo.visibleBanners.map(\.sender) == ["Leo", "Mia"])
        #expect(combo.waitingBanners.map(\.giftID) == ["heart"])
        #expect(combo.merged == 0)
        #expect(accountingHolds(combo))
    }

    @Test("after the combo window a send starts a new banner")
    func afterWindowNewBanner() throws {
        let f = LiveFixture()
        let combo = try f.add(GiftComboWidget())
        combo.enqueue(send("Leo"))
        // Past the 3 s window: the first banner is sliding out.
        f.run(seconds: 3.2)
        combo.enqueue(send("Leo"))
        #expect(combo.merged == 0)
        #expect(combo.shown == 2)
        let banners = combo.visibleBanners
        #expect(banners.count == 2)
        #expect(banners.filter(\.isLeaving).count == 1)
        #expect(banners.first { !$0.isLeaving }?.count == 1)
    }

    @Test("a banner stays about 3 s after its last send, then slides out")
    func staysAfterLastHit() throws {
        let f = LiveFixture()
        let combo = try f.add(GiftComboWidget())
        for _ in 0..<5 {
            combo.enqueue(send("Leo"))
            f.run(seconds: 2)
        }
        #expect(combo.visibleBanners.map(\.count) == [5])
        #expect(combo.visibleBanners.first?.isLeaving == false)
        f.run(seconds: 1.1)
        #expect(combo.visibleBanners.first?.isLeaving == true)
        f.run(seconds: 0.4)
        #expect(combo.visibleBanners.isEmpty)
    }

    @Test("at most two banners show; the others wait and come on in arrival order")
    func atMostTwo() throws {
        let f = LiveFixture()
        let combo = try f.add(GiftComboWidget())
        let senders = ["A", "B", "C", "D", "E"]
        for s in senders { combo.enqueue(send(s)) }
        #expect(combo.visibleBanners.count == 2)
        #expect(combo.waitingBanners.map(\.sender) == ["C", "D", "E"])
        var order: [String] = []
        for _ in 0..<(20 * 60) {
            f.step()
            #expect(combo.visibleBanners.count <= 2)
            for b in combo.visibleBanners where !order.contains(b.sender) { order.append(b.sender) }
        }
        #expect(order == senders)
        #expect(combo.shown == 5)
    }

    @Test("a send for a waiting banner merges into it")
    func mergeIntoWaiting() throws {
        let f = LiveFixture()
        let combo = try f.add(GiftComboWidget())
        for s in ["A", "B", "C"] { combo.enqueue(send(s)) }
        combo.enqueue(send("C", count: 3))
        #expect(combo.waitingBanners.map(\.count) == [4])
        #expect(combo.merged == 1)
    }

    @Test("gifts from the giftArrived event make banners; a full waiting line drops the oldest and counts it")
    func eventsAndDrops() throws {
        let f = LiveFixture()
        var config = GiftComboConfiguration()
        config.queueLimit = 2
        let combo = try f.add(GiftComboWidget(configuration: config))
        for s in ["A", "B", "C", "D", "E"] {
            f.publish(.giftArrived, send(s))
        }
        #expect(combo.received == 5)
        #expect(combo.dropped == 1)
        #expect(combo.waitingBanners.map(\.sender) == ["D", "E"])
        #expect(accountingHolds(combo))
    }
}
