import StudioKit
import Testing
@testable import Studios

@Suite("PK battle")
struct PKTests {
    static func score(_ left: Int, _ right: Int, _ seconds: Double) -> EventPayload {
        .custom(AnyHashableSendable(PKScore(left: left, right: right, secondsLeft: seconds)))
    }

    /// The width of the red part as drawn: the clip the bar draws its red half in.
    static func redWidth(_ list: DisplayList) -> Double? {
        for item in list.items(in: .movable) {
            if case .pushClip(let r) = item.command, r.minY == 44 { return r.width }
        }
        return nil
    }

    @Test("the bar splits in proportion to the scores")
    func proportions() throws {
        let f = try BusinessStudioFixture()
        let bar = try f.add(PKBarWidget())
        f.post(.pkScoreChanged, Self.score(300, 100, 83))
        #expect(bar.leftFraction == 0.75)
        f.run(seconds: 1)
        #expect(Self.redWidth(f.draw()) == 510)  // 75% of 680
        let texts = f.texts(in: .movable)
        #expect(texts.contains("300") && texts.contains("100"))
        f.post(.pkScoreChanged, Self.score(0, 0, 80))
        f.run(seconds: 1)
        #expect(Self.redWidth(f.draw()) == 340)  // nobody scored: half each
    }

    @Test("the countdown shows the feed's time and runs on with step time between scores")
    func countdown() throws {
        let f = try BusinessStudioFixture()
        let bar = try f.add(PKBarWidget())
        f.post(.pkScoreChanged, Self.score(1, 2, 83))
        #expect(bar.countdownText == "PK 01:23")
        #expect(f.texts(in: .movable).contains("PK 01:23"))
        f.run(seconds: 1)
        #expect(bar.countdownText == "PK 01:22")
        // Fed scores do not move on their own.
        #expect(bar.leftScore == 1 && bar.rightScore == 2)
    }

    @Test("when the time is up the bar announces pkEnded once, naming the leading side")
    func endAnnounced() throws {
        let f = try BusinessStudioFixture()
        let bar = try f.add(PKBarWidget())
        let recorder = f.recorder([.pkEnded])
        f.post(.pkScoreChanged, Self.score(10, 50, 0.5))
        f.run(seconds: 0.4)
        #expect(recorder.count(of: .pkEnded) == 0)
        f.run(seconds: 0.2)
        #expect(recorder.payloads(of: .pkEnded) == [.int(1)])
        f.run(seconds: 20)
        f.post(.pkScoreChanged, Self.score(10, 50, 0))
        #expect(recorder.count(of: .pkEnded) == 1)
        #expect(bar.countdownText == "PK ended")
    }

    @Test("without a feed a simulated round scores, ends on step time and starts again")
    func simulatedRound() throws {
        let f = try BusinessStudioFixture()
        let bar = try f.add(PKBarWidget(roundDuration: 5, restartDelay: 2))
        let recorder = f.recorder([.pkEnded])
        f.run(seconds: 4.9)
        #expect(!bar.hasEnded)
        #expect(bar.leftScore + bar.rightScore > 0)
        f.run(seconds: 0.2)
        #expect(bar.hasEnded)
        #expect(recorder.payloads(of: .pkEnded) == [.int(bar.leader)])
        f.run(seconds: 2.1)
        #expect(!bar.hasEnded)
        #expect(bar.secondsLeft > 4)
    }

    @Test("pkEnded shows the winner banner over the winner's half for its duration")
    func winnerBanner() throws {
        let f = try BusinessStudioFixture()
        let banner = try f.add(WinnerBannerWidget(duration: 3))
        f.post(.pkEnded, .int(-1))
        f.run(seconds: 0.5)
        let texts = f.texts(in: .float)
        #expect(texts.contains("Victory!"))
        #expect(texts.contains("Luna wins the PK"))
        // Left badge first: the left side won.
        #expect(texts.filter { $0 == "WIN" || $0 == "LOSE" } == ["WIN", "LOSE"])
        f.run(seconds: 2.6)
        #expect(banner.result == nil)
        #expect(f.texts(in: .float).isEmpty)
    }

    @Test("a draw shows Draw! and two DRAW badges; the right side's win names the opponent")
    func drawAndRight() throws {
        let f = try BusinessStudioFixture()
        let banner = try f.add(WinnerBannerWidget(opponentName: "Kai"))
        f.post(.pkEnded, .int(0))
        f.run(seconds: 0.5)
        #expect(f.texts(in: .float).filter { $0 == "DRAW" }.count == 2)
        #expect(banner.texts?.title == "Draw!")
        f.post(.pkEnded, .int(1))
        #expect(banner.texts?.subtitle == "Kai wins the PK")
        #expect(banner.isGesturePenetrate)
    }

    @Test("the bar's end brings up the banner")
    func barToBanner() throws {
        let f = try BusinessStudioFixture()
        try f.add(PKBarWidget())
        let banner = try f.add(WinnerBannerWidget())
        f.post(.pkScoreChanged, Self.score(9, 3, 0.1))
        f.run(seconds: 0.2)
        #expect(banner.result == -1)
    }

    @Test("the opponent's video covers the right half under the controls and lets taps through")
    func opponentVideo() throws {
        let f = try BusinessStudioFixture()
        let opponent = try f.add(PKOpponentWidget(opponentName: "Kai"))
        #expect(opponent.frame == Rect(x: 360, y: 0, width: 360, height: 1280))
        #expect(f.texts(in: .displayer).contains("Kai"))
        #expect(HitTester.hitTest(f.studio.root, at: Point(x: 540, y: 700)) !== opponent)
        f.isolate(opponent)
        let first = f.draw().items(in: .displayer)
        f.run(seconds: 0.5)
        #expect(f.draw().items(in: .displayer) != first)  // the picture moves
    }

    @Test("the opponent's video can be a band of the screen")
    func opponentBand() throws {
        let widget = try PKOpponentWidget.make(level: Levels.pkOpponent,
                                               options: testOptions(["y": .number(180), "height": .number(640)]))
        let f = try BusinessStudioFixture()
        try f.add(widget)
        #expect(widget.frame == Rect(x: 360, y: 180, width: 360, height: 640))
    }
}
