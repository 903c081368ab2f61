import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

/// What each studio type adds: the behaviour that coordinates its widgets.
@Suite("Studio type behaviour")
struct StudioTypeBehaviourTests {
    @Test("host: a preview hides the audience widgets until the host goes live, and ending hides them again")
    func hostGoesLive() throws {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.host)
        let studio = try #require(f.studio.part(HostRoom.self))
        let comments = try #require(f.studio.widget(named: "commentList"))
        #expect(!studio.isLive)
        #expect(comments.isHidden)
        #expect(f.studio.badge.detail == "Preview")

        let panel = try #require(f.widget("hostPanel", as: HostPanelWidget.self))
        f.tap(at: panel.transformToRoot.apply(HostPanelWidget.goButton.center))
        f.step()
        #expect(studio.isLive)
        #expect(!comments.isHidden)
        #expect(f.studio.badge.detail == "LIVE")

        #expect(comments.frame.maxY <= panel.frame.minY, "the comments cover the panel")

        f.run(seconds: 2)
        panel.endLive()
        f.step()
        #expect(!studio.isLive)
        #expect(f.studio.liveSession.liveState == .ended)
        #expect(comments.isHidden)
        #expect(abs((studio.lastLiveDuration ?? 0) - 2) < 0.1)
    }

    @Test("shopping: the cart opens the buy flow, and the order ends in a toast and a count on the badge")
    func shoppingBuys() throws {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.shopping)
        let studio = try #require(f.studio.part(ShoppingRoom.self))
        let cards = try #require(f.widget("productCards", as: ProductCardsWidget.self))
        let cart = try #require(f.widget("cartButton", as: CartButtonWidget.self))
        f.tap(at: f.center(of: cart))
        f.step()
        guard case .confirming = cards.state else {
            Issue.record("the cart did not open the buy flow: \(cards.state)")
            return
        }
        f.tap(at: cards.transformToRoot.apply(cards.buttonRect.center))
        f.run(seconds: ProductCardsWidget.payingDuration + 0.1)
        #expect(studio.orders == [cards.product.name])
        #expect(f.studio.badge.detail == "1 order")
        #expect(f.draw().texts(in: .float).contains("Order placed: \(cards.product.name)"))
    }

    @Test("hosts loop: a hand-over changes the host on stage and tells the room")
    func hostsLoopRotates() throws {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.hostsLoop)
        let studio = try #require(f.studio.part(HostsLoopRoom.self))
        let loop = try #require(f.widget("hostsLoop", as: HostsLoopWidget.self))
        #expect(studio.currentHost == f.studio.room.hostName)
        let next = loop.nextHost
        f.run(seconds: loop.period + 0.1)
        #expect(studio.rotations == 1)
        #expect(studio.currentHost == next)
        #expect(f.studio.badge.detail == "Now: \(next)")
        let comments = try #require(f.widget("commentList", as: CommentListWidget.self))
        #expect(comments.comments.contains { $0.text == "Now on stage: \(next)" })
    }

    @Test("PK: when the countdown ends the winner is announced and counted")
    func pkWinner() throws {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.pk)
        let studio = try #require(f.studio.part(PKRoom.self))
        let bar = try #require(f.widget("pkBar", as: PKBarWidget.self))
        let recorder = EventRecorder(f.studio.announcer, .pkEnded)
        f.run(seconds: bar.roundDuration + 0.1)
        #expect(bar.hasEnded)
        #expect(recorder.received.count == 1)
        let winner = try #require(recorder.values(.pkEnded).first)
        #expect(studio.wins + studio.losses + studio.draws == 1)
        let comments = try #require(f.widget("commentList", as: CommentListWidget.self))
        let notice = try #require(comments.comments.last { $0.user == "PK" })
        switch winner {
        case .hostWon: #expect(notice.text.hasPrefix("\(f.studio.room.hostName) wins"))
        case .opponentWon: #expect(notice.text.hasPrefix("\(studio.opponentName) wins"))
        case .draw: #expect(notice.text.contains("draw"))
        }
        let banner = try #require(f.widget("winnerBanner", as: WinnerBannerWidget.self))
        #expect(banner.result == winner)
        #expect(f.studio.badge.detail == "\(studio.wins)W \(studio.losses)L" + (studio.draws > 0 ? " \(studio.draws)D" : ""))
    }

    @Test("PK: the tally counts each side's wins from the bar's results")
    func pkTally() throws {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.pk)
        let studio = try #require(f.studio.part(PKRoom.self))
        f.publish(.pkEnded, .hostWon)
        f.publish(.pkEnded, .hostWon)
        f.publish(.pkEnded, .opponentWon)
        f.publish(.pkEnded, .draw)
        #expect((studio.wins, studio.losses, studio.draws) == (2, 1, 1))
        #expect(f.studio.badge.detail == "2W 1L 1D")
    }

    @Test("financial: the badge follows the quote")
    func financialBadge() throws {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.financial)
        let ticker = try #require(f.widget("priceTicker", as: PriceTickerWidget.self))
        f.run(seconds: 2)
        #expect(f.studio.badge.detail == "\(ticker.symbol) \(ticker.changeText)")
    }

    @Test("financial: a move past 2% is told in the comments once")
    func financialAlert() throws {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.financial)
        let studio = try #require(f.studio.part(FinancialRoom.self))
        let ticker = try #require(f.widget("priceTicker", as: PriceTickerWidget.self))
        f.publish(.priceTicked, ticker.open * 1.03)
        f.step()
        f.publish(.priceTicked, ticker.open * 1.031)
        f.step()
        #expect(studio.alertZone == 1)
        let comments = try #require(f.widget("commentList", as: CommentListWidget.self))
        #expect(comments.comments.filter { $0.user == "Market" }.count == 1)
    }

    @Test("co-stream: the guest who joins is named on the badge and in the comments")
    func coStreamGuest() throws {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.coStream)
        let studio = try #require(f.studio.part(CoStreamRoom.self))
        #expect(studio.guest == nil)
        f.publish(.coStreamJoined, "Nora")
        f.step()
        #expect(studio.guest == "Nora")
        #expect(f.studio.badge.detail == "with Nora")
        f.publish(.coStreamLeft)
        f.run(seconds: 1)
        #expect(studio.guest == nil)
        let comments = try #require(f.widget("commentList", as: CommentListWidget.self))
        #expect(comments.comments.contains { $0.text == "Nora left the stream" })
    }

    @Test("playback: no keep-alive, the badge follows play and pause, a seek is confirmed")
    func playback() throws {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.playback)
        #expect(!f.config.feed.keepAlive)
        let bar = try #require(f.widget("playbackBar", as: PlaybackBarWidget.self))
        #expect(f.studio.badge.detail == "Replay")
        bar.toggle()
        f.step()
        #expect(f.studio.badge.detail == "Paused")
        bar.seek(toFraction: 0.5)
        f.step()
        #expect(f.draw().texts(in: .float).contains("Jumped to \(DisplayFormat.elapsed(bar.duration / 2))"))
    }

    @Test("quiz: a right answer is cheered and scored on the badge")
    func quizRight() throws {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.quiz)
        let studio = try #require(f.studio.part(QuizRoom.self))
        let card = try #require(f.widget("quizCard", as: QuizCardWidget.self))
        #expect(f.studio.badge.detail == "Q1 · 0 right")
        card.choose(card.question.correct)
        f.run(seconds: card.countdown + 0.1)
        #expect(studio.answered == 1)
        #expect(f.studio.badge.detail == "Q1 · 1 right")
        #expect(f.draw().texts(in: .float).contains("Correct! +1"))
        let hearts = try #require(f.widget("hearts", as: HeartsWidget.self))
        #expect(hearts.heartCount > 0)
    }

    @Test("claw: the record of grabs shows on the badge")
    func clawRecord() throws {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.claw)
        let studio = try #require(f.studio.part(ClawMachineRoom.self))
        f.publish(.clawGrabbed, false)
        f.publish(.clawGrabbed, true)
        #expect((studio.grabs, studio.prizesWon) == (2, 1))
        #expect(f.studio.badge.detail == "1/2 won")
    }

    @Test("claw: a swipe that starts on the pad stays with the pad; a swipe anywhere else changes the room")
    func clawPadOwnsItsDrags() throws {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.claw)
        let pad = try #require(f.widget("clawPad", as: ClawPadWidget.self))
        let recorder = EventRecorder(f.studio.announcer, .roomChangeRequested, .liteModeChanged)
        f.drag(from: f.center(of: pad), by: Point(x: 0, y: -500))
        f.drag(from: f.center(of: pad), by: Point(x: 300, y: 0))
        #expect(recorder.received.isEmpty)
        f.drag(from: Point(x: 360, y: 600), by: Point(x: 0, y: -500))
        #expect(recorder.received.map(\.name) == [EventKey.roomChangeRequested.name])
        #expect(recorder.values(.roomChangeRequested).first == .next)
    }
}
