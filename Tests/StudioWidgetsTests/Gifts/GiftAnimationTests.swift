import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Full-screen gift animations")
struct GiftAnimationTests {
    private func gift(_ sender: String, coins: Int, id: String = "rocket", count: Int = 1) -> GiftMessage {
        GiftMessage(sender: sender, gift: Gift(id: id, name: id.capitalized, coins: coins, tier: .fullScreen), count: count)
    }

    private func accountingHolds(_ w: GiftAnimationWidget) -> Bool {
        w.played + w.dropped + w.queued + (w.isPlaying ? 1 : 0) == w.received
    }

    /// Runs until nothing plays or waits, returning the senders in the order they started.
    private func playOrder(_ f: LiveFixture, _ w: GiftAnimationWidget, seconds: Double = 60) -> [String] {
        var order: [String] = []
        if let now = w.nowPlaying { order.append(now.sender) }
        var last = w.nowPlaying
        for _ in 0..<Int(seconds * 60) {
            f.step()
            if let now = w.nowPlaying, now != last || order.isEmpty { order.append(now.sender) }
            last = w.nowPlaying
            if !w.isPlaying, w.queued == 0 { break }
        }
        return order
    }

    @Test("waiting animations play by value, highest first, then by arrival")
    func orderByValueThenArrival() throws {
        let f = LiveFixture()
        let w = try f.add(GiftAnimationWidget())
        w.enqueue(gift("first", coins: 100))
        w.enqueue(gift("mid-a", coins: 300))
        w.enqueue(gift("high", coins: 500))
        w.enqueue(gift("mid-b", coins: 300))
        w.enqueue(gift("low", coins: 200))
        w.enqueue(gift("pair", coins: 150, count: 2))  // worth 300, after the other 300s
        #expect(w.nowPlaying?.sender == "first")
        #expect(w.waiting.map(\.sender) == ["high", "mid-a", "mid-b", "pair", "low"])
        #expect(w.overtakes == 2)
        #expect(w.cutIns == 0)
        #expect(playOrder(f, w) == ["first", "high", "mid-a", "mid-b", "pair", "low"])
        #expect(w.played == 6)
        #expect(accountingHolds(w))
    }

    @Test("a gift worth 10x the playing one cuts in at once; the interrupted one plays again later")
    func tenTimesCutsIn() throws {
        let f = LiveFixture()
        let w = try f.add(GiftAnimationWidget())
        w.enqueue(gift("small", coins: 100))
        f.run(seconds: 1)
        w.enqueue(gift("almost", coins: 999))
        #expect(w.nowPlaying?.sender == "small")
        #expect(w.cutIns == 0)
        w.enqueue(gift("big", coins: 1000, id: "castle"))
        #expect(w.nowPlaying?.sender == "big")
        #expect(w.cutIns == 1)
        #expect(w.waiting.map(\.sender) == ["almost", "small"])
        #expect(accountingHolds(w))
        #expect(playOrder(f, w) == ["big", "almost", "small"])
        #expect(w.played == 3)
        #expect(accountingHolds(w))
    }

    @Test("the playing animation finishes when the newcomer is worth less than 10x")
    func belowTenTimesWaits() throws {
        let f = LiveFixture()
        let w = try f.add(GiftAnimationWidget())
        w.enqueue(gift("rocket", coins: 500))
        w.enqueue(gift("castle", coins: 1000, id: "castle"))
        #expect(w.nowPlaying?.sender == "rocket")
        f.run(seconds: 3.1)
        #expect(w.nowPlaying?.sender == "rocket")
        f.run(seconds: 0.2)
        #expect(w.nowPlaying?.sender == "castle")
        #expect(w.played == 1)
    }

    @Test("only full-screen gifts from the giftArrived event get an animation, drawn in the float layer")
    func eventsAndDrawing() throws {
        let f = LiveFixture()
        let w = try f.add(GiftAnimationWidget())
        let rose = GiftMessage(sender: "Mia", gift: Gift(id: "rose", name: "Rose", coins: 1, tier: .small))
        f.publish(.giftArrived, rose)
        #expect(!w.isPlaying)
        f.publish(.giftArrived, gift("Leo", coins: 500))
        #expect(w.nowPlaying?.sender == "Leo")
        f.run(seconds: 1.5)
        let float = f.draw().items(in: .float)
        #expect(float.count > 40)
        #expect(f.draw().allTexts.contains("Leo sent Rocket"))
        f.run(seconds: 2)
        #expect(!w.isPlaying)
        #expect(w.played == 1)
    }

    @Test(
        "every kind of scene draws, and the same seed draws the same frames",
        arguments: ["rocket", "castle", "crown"])
    func scenesRepeat(id: String) throws {
        func frame() throws -> DisplayList {
            let f = LiveFixture(seed: 11)
            let w = try f.add(GiftAnimationWidget())
            w.enqueue(gift("Leo", coins: 500, id: id))
            f.run(seconds: 1.7)
            f.canvas.reset()
            w.drawTree(in: f.canvas)
            return f.canvas.list
        }
        let a = try frame()
        #expect(a.count > 60)
        #expect(try frame() == a)
    }

    @Test("a full waiting line drops the least valuable gift and counts it")
    func dropsLeastValuable() throws {
        let f = LiveFixture()
        var config = GiftAnimationConfiguration()
        config.queueLimit = 2
        let w = try f.add(GiftAnimationWidget(configuration: config))
        w.enqueue(gift("playing", coins: 500))
        w.enqueue(gift("a", coins: 300))
        w.enqueue(gift("b", coins: 100))
        w.enqueue(gift("c", coins: 200))
        #expect(w.waiting.map(\.sender) == ["a", "c"])
        #expect(w.dropped == 1)
        #expect(accountingHolds(w))
    }
}
