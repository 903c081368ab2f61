import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("PK battle")
struct PKTests {
    static func score(_ left: Int, _ right: Int, _ seconds: Double) -> PKScore {
        PKScore(left: left, right: right, secondsLeft: seconds)
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
        f.publish(.pkScoreChanged, Self.score(300, 100, 83))
        #expect(bar.leftFraction == 0.75)
        f.run(seconds: 1)
        #expect(Self.redWidth(f.draw()) == 510)  // 75% of 680
        let texts = f.texts(in: .movable)
        #expect(texts.contains("300") && texts.contains("100"))
        f.publish(.pkScoreChanged, Self.score(0, 0, 80))
        f.run(seconds: 1)
        #expect(Self.redWidth(f.draw()) == 340)  // nobody scored: half each
    }

    @Test("the countdown shows the feed's time and runs on with step time between scores")
    func countdown() throws {
        let f = try BusinessStudioFixture()
        let bar = try f.add(PKBarWidget())
        f.publish(.pkScoreChanged, Self.score(1, 2, 83))
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
        let recorder = f.recorder(.pkEnded)
        f.publish(.pkScoreChanged, Self.score(10, 50, 0.5))
        f.run(seconds: 0.4)
        #expect(recorder.count(of: .pkEnded) == 0)
        f.run(seconds: 0.2)
        #expect(recorder.values(.pkEnded) == [.opponentWon])
        f.run(seconds: 20)
        f.publish(.pkScoreChanged, Self.score(10, 50, 0))
        #expect(recorder.count(of: .pkEnded) == 1)
        #expect(bar.countdownText == "PK ended")
    }

    @Test("without a feed a simulated round scores, ends on step time and starts again")
    func simulatedRound() throws {
        let f = try BusinessStudioFixture()
        let bar = try f.add(PKBarWidget(roundDuration: 5, restartDelay: 2))
        let recorder = f.recorder(.pkEnded)
        f.run(seconds: 4.9)
        #expect(!bar.hasEnded)
        #expect(bar.leftScore + bar.rightScore > 0)
        f.run(seconds: 0.2)
        #expect(bar.hasEnded)
        #expect(recorder.values(.pkEnded) == [bar.leader])
        f.run(seconds: 2.1)
        #expect(!bar.hasEnded)
        #expect(bar.secondsLeft > 4)
    }

    @Test("pkEnded shows the winner banner over the winner's half for its duration")
    func winnerBanner() throws {
        let f = try BusinessStudioFixture()
        let banner = try f.add(WinnerBannerWidget(duration: 3))
        f.publish(.pkEnded, .hostWon)
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
        f.publish(.pkEnded, .draw)
        f.run(seconds: 0.5)
        #expect(f.texts(in: .float).filter { $0 == "DRAW" }.count == 2)
        #expect(banner.texts?.title == "Draw!")
        f.publish(.pkEnded, .opponentWon)
        #expect(banner.texts?.subtitle == "Kai wins the PK")
        #expect(banner.passesTouchesThrough)
    }

    @Test("the bar's end brings up the banner")
    func barToBanner() throws {
        let f = try BusinessStudioFixture()
        try f.add(PKBarWidget())
        let banner = try f.add(WinnerBannerWidget())
        f.publish(.pkScoreChanged, Self.score(9, 3, 0.1))
        f.run(seconds: 0.2)
        #expect(banner.result == .hostWon)
    }

    /// The items drawn inside the clip to `rect` (the clip's own push and pop left out,
    /// clips nested in it kept).
    static func clipped<Items: RandomAccessCollection<DrawItem>>(to rect: Rect, in items: Items) -> [DrawItem] where Items.Index == Int {
        guard let start = items.firstIndex(where: { $0.command == .pushClip(rect) }) else { return [] }
        var depth = 0, end = items.endIndex
        for i in (start + 1)..<items.endIndex {
            if case .pushClip = items[i].command { depth += 1 }
            if items[i].command == .popClip {
                if depth == 0 {
                    end = i
                    break
                }
                depth -= 1
            }
        }
        return Array(items[(start + 1)..<end])
    }

    static func fills(_ items: [DrawItem]) -> Set<Color> {
        Set(items.compactMap { if case .fill(_, let color) = $0.command { color } else { nil } })
    }

    @Test("the split shows two framed pictures side by side, each its own host's feed in its own look with the name on it")
    func twoFramedPictures() throws {
        let f = try BusinessStudioFixture()
        let split = try f.add(PKOpponentWidget(opponentName: "Kai"))
        let left = split.picture(-1), right = split.picture(1)
        #expect(left.maxX < right.minX && left.minY == right.minY && left.size == right.size)
        #expect(left.width > 340 && left.minY == PKOpponentWidget.defaultTop)
        #expect(split.hostLook != split.opponentLook)
        f.isolate(split)
        let items = f.draw().items(in: .displayer)
        let leftFills = Self.fills(Self.clipped(to: left, in: items))
        let rightFills = Self.fills(Self.clipped(to: right, in: items))
        // Each host in their own shirt, and neither picture shows the other's.
        #expect(leftFills.contains(split.hostLook.shirt) && !leftFills.contains(split.opponentLook.shirt))
        #expect(rightFills.contains(split.opponentLook.shirt) && !rightFills.contains(split.hostLook.shirt))
        // A frame around each, red for this room's host and blue for the opponent.
        let strokes = items.compactMap { item -> (Rect, Color)? in
            if case .stroke(.rect(let r), let color, _) = item.command { (r, color) } else { nil }
        }
        #expect(strokes.contains { left.contains($0.0.center) && $0.1 == PKBarWidget.red })
        #expect(strokes.contains { right.contains($0.0.center) && $0.1 == PKBarWidget.blue })
        // The names on the pictures: Luna (the fixture's host) on the left, Kai on the right.
        let names = items.compactMap { item -> (String, Point)? in
            if case .text(let text, _, _, let origin, _) = item.command { (text, item.transform.apply(origin)) } else { nil }
        }
        #expect(names.contains { $0.0 == "Luna" && left.contains($0.1) })
        #expect(names.contains { $0.0 == "Kai" && right.contains($0.1) })
        #expect(HitTester.hitTest(f.studio.root, at: Point(x: 540, y: 500)) !== split)
        f.run(seconds: 0.5)
        #expect(f.draw().items(in: .displayer) != items)  // the pictures move
    }

    @Test("in the PK room the left picture is the room's own video, and the split is what the landscape screen turns")
    func pkRoomSplit() throws {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.pk)
        let split = try #require(f.widget("pkOpponent", as: PKOpponentWidget.self))
        let video = try #require(f.studio.widget(VideoPlayerWidget.self))
        #expect(split.hostLook == video.currentLook)
        #expect(split.hostName == f.studio.room.hostName)
        // The bar sits above the pictures, the comments below them.
        let bar = try #require(f.widget("pkBar", as: PKBarWidget.self))
        #expect(bar.frame.maxY <= split.picture(-1).minY)
        #expect(video.isHidden, "the stage replaces the full-screen video")
        f.studio.orientation.setLandscape(true)
        f.run(seconds: 0.5)
        let screen = try #require(f.studio.orientation.landscapeScreen)
        // Both hosts' names across the turned screen: the split, not the hidden video.
        let names = f.draw().texts(in: .float)
        #expect(names.contains(split.hostName) && names.contains(split.opponentName), "\(names)")
        #expect(screen.isSettled)
    }

    @Test("the pictures can take another band of the screen")
    func opponentBand() throws {
        let widget = try #require(
            try PKOpponentWidget.make(
                level: Levels.pkOpponent,
                options: testOptions(["y": .number(180), "height": .number(640)])) as? PKOpponentWidget)
        let f = try BusinessStudioFixture()
        try f.add(widget)
        #expect(widget.frame == Rect(x: 0, y: 0, width: 720, height: 1280))
        #expect(widget.band == Rect(x: 0, y: 180, width: 720, height: 640))
        #expect(widget.picture(1).maxY == 820)
    }
}
