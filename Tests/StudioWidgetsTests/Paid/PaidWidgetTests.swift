import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Super chats and memberships")
struct PaidWidgetTests {
    @Test("a price falls in its band: color and pinned time grow with it")
    func tiers() {
        #expect(SuperChatTier(price: 30) == .blue)
        #expect(SuperChatTier(price: 50) == .teal)
        #expect(SuperChatTier(price: 100) == .yellow)
        #expect(SuperChatTier(price: 999) == .orange)
        #expect(SuperChatTier(price: 1000) == .red)
        #expect(SuperChatTier(price: 5000) == .crimson)
        let pinned = SuperChatTier.allCases.map(\.pinnedSeconds)
        #expect(pinned == pinned.sorted() && Set(pinned).count == pinned.count)
        #expect(SuperChat(user: "a", message: "b", price: 30).seconds == 60)
    }

    @Test("a super chat is pinned with its card open, then its card closes and its chip expires at its time")
    func pinsThenExpires() throws {
        let f = LiveFixture()
        let widget = try f.add(SuperChatWidget())
        f.publish(.superChatArrived, SuperChat(user: "Ana", message: "Great stream!", price: 30, seconds: 20))
        f.step()
        #expect(widget.pinnedCount == 1 && widget.openCard?.user == "Ana")
        f.run(seconds: SuperChatWidget.cardSeconds + 0.1)
        #expect(widget.openCard == nil && widget.pinnedCount == 1)
        f.run(seconds: 12)
        #expect(widget.pinnedCount == 0 && widget.expired == 1)
    }

    @Test("chips are ordered dearest first; tapping a chip opens its card and tapping the card closes it")
    func chipsAndTaps() throws {
        let f = LiveFixture()
        let widget = try f.add(SuperChatWidget())
        f.publish(.superChatArrived, SuperChat(user: "Cheap", message: "hi", price: 30))
        f.publish(.superChatArrived, SuperChat(user: "Dear", message: "wow", price: 500))
        f.step()
        #expect(widget.pinned.map(\.chat.user) == ["Dear", "Cheap"])
        #expect(widget.openCard?.user == "Dear", "the newest opens")
        // The second chip (Cheap) in studio coordinates.
        let chip = widget.chipRect(1)
        f.tap(at: Point(x: widget.frame.minX + chip.midX, y: widget.frame.minY + chip.midY))
        #expect(widget.openCard?.user == "Cheap")
        let card = widget.cardRect
        f.tap(at: Point(x: widget.frame.minX + card.midX, y: widget.frame.minY + card.midY))
        #expect(widget.openCard == nil)
    }

    @Test("a tap beside the chips is not the widget's: it goes on to the room")
    func tapsPassThrough() throws {
        let f = LiveFixture()
        let widget = try f.add(SuperChatWidget())
        f.publish(.superChatArrived, SuperChat(user: "Ana", message: "hi", price: 30))
        f.step()
        #expect(!widget.claimsTap(at: Point(x: widget.chipRect(3).midX, y: 20)))
        #expect(widget.claimsTap(at: Point(x: widget.chipRect(0).midX, y: 20)))
    }

    @Test("prices read as yuan, with jiao only when there are some")
    func priceText() {
        #expect(SuperChat.priceText(30) == "¥30")
        #expect(SuperChat.priceText(9.9) == "¥9.9")
        #expect(SuperChat.priceText(.infinity).hasPrefix("¥"))
    }

    @Test("membership banners show one at a time in arrival order, each for its time")
    func membershipBanners() throws {
        let f = LiveFixture()
        let widget = try f.add(MembershipBannerWidget())
        f.publish(.membershipBought, Membership(user: "Ana", level: .captain))
        f.publish(.membershipBought, Membership(user: "Bo", level: .governor, months: 3))
        f.step()
        #expect(widget.current?.user == "Ana" && widget.queued == 1)
        f.run(seconds: MembershipBannerWidget.lead + MembershipBannerWidget.enter + MembershipBannerWidget.hold + MembershipBannerWidget.leave + 0.05)
        #expect(widget.current?.user == "Bo" && widget.shown == 1)
        f.run(seconds: 4)
        #expect(widget.current == nil && widget.shown == 2 && widget.received == 2)
    }

    @Test("the comment list shows a super chat's and a membership's line")
    func commentLines() {
        let chat = Comment(superChat: SuperChat(user: "Ana", message: "hi", price: 50))
        #expect(chat.text == "¥50 SC: hi")
        let member = Comment(membership: Membership(user: "Bo", level: .admiral))
        #expect(member.text == "joined as Admiral 提督")
    }
}
