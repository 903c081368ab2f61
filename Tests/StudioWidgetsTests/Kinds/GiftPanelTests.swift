import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("The viewer's gift panel")
struct GiftPanelTests {
    func openPanel(coins: Int = 1000) throws -> (BusinessStudioFixture, GiftPanelWidget, EventRecorder) {
        let f = try BusinessStudioFixture()
        let panel = GiftPanelWidget(coins: coins)
        try f.studio.add(panel)
        let recorder = f.recorder(.giftArrived, .toastRequested)
        f.publish(.giftTapped)
        f.run(seconds: 0.5)
        return (f, panel, recorder)
    }

    /// `point` of the sheet in studio coordinates.
    func screen(_ panel: GiftPanelWidget, _ point: Point) -> Point {
        panel.transformToRoot.apply(Point(x: panel.sheetRect.minX + point.x, y: panel.sheetRect.minY + point.y))
    }

    @Test("the gift button opens the panel; picking a gift and a count and tapping Send spends the coins and sends it as the server would")
    func sendSpends() throws {
        let (f, panel, recorder) = try openPanel()
        #expect(panel.isPresented)
        let heart = try #require(panel.gifts.firstIndex { $0.id == "heart" })
        f.tap(at: screen(panel, panel.cellCenter(heart)))
        f.tap(at: screen(panel, Point(x: panel.countChip(1).midX, y: panel.countChip(1).midY)))
        #expect(panel.count == 10)
        f.tap(at: screen(panel, Point(x: GiftPanelWidget.sendButton.midX, y: GiftPanelWidget.sendButton.midY)))
        #expect(panel.coins == 1000 - 10 * 10)
        let sent = recorder.values(.giftArrived)
        #expect(sent == [GiftMessage(sender: "You", gift: panel.gifts[heart], count: 10)])
        #expect(panel.isPresented, "the panel stays open for the next gift")
    }

    @Test("without enough coins nothing is sent or spent, a toast says what is missing; Top up adds coins")
    func notEnough() throws {
        let (f, panel, recorder) = try openPanel(coins: 50)
        panel.select(try #require(panel.gifts.firstIndex { $0.id == "rocket" }))
        panel.send()
        f.studio.announcer.deliverQueued()
        #expect(panel.coins == 50)
        #expect(recorder.count(of: .giftArrived) == 0)
        #expect(recorder.values(.toastRequested).last?.contains("costs 500, you have 50") == true)
        f.tap(at: screen(panel, Point(x: GiftPanelWidget.topUpButton.midX, y: GiftPanelWidget.topUpButton.midY)))
        #expect(panel.coins == 150)
    }

    @Test("a sent gift plays in the combo banner like a server gift")
    func playsLikeServerGift() throws {
        let (f, panel, _) = try openPanel()
        _ = try f.add(GiftComboWidget())
        panel.send()
        f.run(seconds: 0.5)
        #expect(f.texts(in: .movable).contains { $0.contains("You") }, "\(f.texts(in: .movable))")
    }

    func tapSheet(_ f: BusinessStudioFixture, _ panel: GiftPanelWidget, _ rect: Rect) {
        f.tap(at: screen(panel, Point(x: rect.midX, y: rect.midY)))
    }

    @Test(
        "the Tip tab tips the host: the coins go from the one balance gifts use, an event, the viewer's own line in the comments and a toast"
    )
    func tipSpends() throws {
        let (f, panel, _) = try openPanel()
        let comments = try f.add(CommentListWidget())
        let recorder = f.recorder(.tipSent, .toastRequested)
        tapSheet(f, panel, GiftPanelWidget.tabRect(.tip))
        #expect(panel.tab == .tip)
        let texts = f.texts(in: .float)
        #expect(texts.contains("Tip Luna") && texts.contains("100") && texts.contains("Tip 50"))
        tapSheet(f, panel, panel.tipChip(2))
        #expect(panel.tipAmount == 100)
        tapSheet(f, panel, GiftPanelWidget.sendButton)
        #expect(panel.coins == 900)
        #expect(recorder.values(.tipSent) == [100])
        #expect(recorder.values(.toastRequested).last == "Tipped Luna 100 coins")
        let line = try #require(comments.comments.last)
        #expect(line.isOwn && line.user == "You" && line.text == "tipped Luna 100 coins")
        // One balance: a gift after the tip spends from what is left.
        tapSheet(f, panel, GiftPanelWidget.tabRect(.gifts))
        tapSheet(f, panel, GiftPanelWidget.sendButton)
        #expect(panel.coins == 900 - panel.price)
    }

    @Test("short of coins a tip spends nothing, says so in a toast and puts no line in the comments")
    func tipShort() throws {
        let (f, panel, _) = try openPanel(coins: 30)
        let comments = try f.add(CommentListWidget())
        let before = comments.comments
        let recorder = f.recorder(.tipSent, .toastRequested)
        tapSheet(f, panel, GiftPanelWidget.tabRect(.tip))
        tapSheet(f, panel, GiftPanelWidget.sendButton)  // 50, the first pick
        #expect(panel.coins == 30)
        #expect(recorder.count(of: .tipSent) == 0)
        #expect(recorder.values(.toastRequested).last?.contains("you have 30") == true)
        #expect(comments.comments == before)
        tapSheet(f, panel, panel.tipChip(0))
        tapSheet(f, panel, GiftPanelWidget.sendButton)
        #expect(panel.coins == 20)
    }

    @Test("the panel's tabs, tip amounts and buttons are at least 44 points square")
    func tapTargets() throws {
        let (_, panel, _) = try openPanel()
        let rects =
            GiftPanelWidget.Tab.allCases.map(GiftPanelWidget.tabRect) + GiftPanelWidget.tipAmounts.indices.map(panel.tipChip)
            + [GiftPanelWidget.sendButton, GiftPanelWidget.topUpButton]
        #expect(rects.allSatisfy { $0.width >= 44 && $0.height >= 44 })
    }
}
