import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

/// The comment list, the rank list and the room's double tap, driven through the studio's
/// arena by pointer events as a finger makes them.
@Suite("Scrolling lists, long press and double tap in a studio")
struct ListGestureTests {
    /// The shipped audience room with `count` chat comments in its list, settled.
    static func audience(comments count: Int) throws -> (ConfiguredStudioFixture, CommentListWidget) {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.audience)
        let list = try #require(f.widget("commentList", as: CommentListWidget.self))
        for i in 0..<count { list.append(Comment(user: "u\(i)", text: "message \(i)", userColor: .white)) }
        f.run(seconds: 0.5)
        return (f, list)
    }

    static func screen(_ list: CommentListWidget, _ local: Point) -> Point { list.transformToRoot.apply(local) }

    /// A finger resting at `point` for `seconds`, stepping the studio meanwhile, then lifted.
    static func press(_ f: ConfiguredStudioFixture, at point: Point, seconds: Double) {
        f.studio.handleInput(.pointer(PointerEvent(.down, at: point, time: f.time)))
        f.run(seconds: seconds)
        f.studio.handleInput(.pointer(PointerEvent(.up, at: point, time: f.time)))
        f.step()
    }

    @Test(
        "while the movable layer slides back from lite mode, a finger landing where the list passes swipes the room; at rest the list scrolls"
    )
    func slidingLayerTakesNoTouches() throws {
        let (f, list) = try Self.audience(comments: 20)
        f.studio.setLiteMode(true)
        f.run(seconds: 1)
        f.studio.setLiteMode(false)
        f.step(2)
        #expect(f.studio.stack.liteProgress > 0.3, "the layer is still sliding back")
        // Where the list is drawn now: its left part, shifted with the layer.
        let passing = Self.screen(list, Point(x: 60, y: 150))
        #expect(passing.x > 200)
        #expect(HitTester.dragTarget(f.studio.root, at: passing) == nil)
        let recorder = EventRecorder(f.studio.announcer, .roomChangeRequested)
        let offset = list.scroll.offset
        f.drag(from: passing, by: Point(x: 0, y: -500))
        #expect(recorder.count(of: .roomChangeRequested) == 1)
        #expect(list.scroll.offset == offset)
        f.run(seconds: 1)
        #expect(f.studio.stack.liteProgress == 0)
        #expect(HitTester.dragTarget(f.studio.root, at: Self.screen(list, Point(x: 60, y: 150)))?.widget === list)
    }

    @Test("a drag down on the list shows older comments; new ones then do not move it and a pill counts them")
    func scrollUpHoldsAndCounts() throws {
        let (f, list) = try Self.audience(comments: 20)
        #expect(list.scroll.canScroll && list.isFollowing)
        f.drag(from: Self.screen(list, Point(x: 200, y: 150)), by: Point(x: 0, y: 150))
        f.run(seconds: 3)  // the fling has stopped
        #expect(!list.isFollowing)
        let offset = list.scroll.offset
        #expect(offset < list.scroll.maxOffset - 100, "the list did not scroll back")
        for i in 0..<3 { list.append(Comment(user: "n\(i)", text: "new \(i)", userColor: .white)) }
        f.step()
        #expect(list.scroll.offset == offset, "new comments yanked the scrolled list")
        #expect(list.unread == 3)
        #expect(f.draw().texts(in: .movable).contains("3 new"))
        // The pill: a tap on it follows the newest again.
        let pill = try #require(list.pillRect)
        f.tap(at: Self.screen(list, Point(x: pill.midX, y: pill.midY)))
        #expect(list.isFollowing && list.unread == 0)
        #expect(list.scroll.isAtEnd)
    }

    @Test("scrolling back to the end follows the newest again")
    func scrollBackFollows() throws {
        let (f, list) = try Self.audience(comments: 20)
        f.drag(from: Self.screen(list, Point(x: 200, y: 100)), by: Point(x: 0, y: 200))
        f.run(seconds: 1)
        #expect(!list.isFollowing)
        f.drag(from: Self.screen(list, Point(x: 200, y: 300)), by: Point(x: 0, y: -280))
        f.run(seconds: 2)
        #expect(list.isFollowing && list.scroll.isAtEnd)
    }

    @Test("a fling keeps scrolling after the finger lifts, slows, and stops at the end, never past it")
    func flingDeceleratesAndClamps() throws {
        let (f, list) = try Self.audience(comments: 60)
        f.drag(from: Self.screen(list, Point(x: 200, y: 60)), by: Point(x: 0, y: 250))  // 0.18 s: a flick
        let released = list.scroll.offset
        f.step(5)
        #expect(list.scroll.offset < released, "no fling after release")
        #expect(list.scroll.velocity < 0)
        f.run(seconds: 4)
        #expect(list.scroll.velocity == 0)
        #expect(list.scroll.offset >= 0)
        for _ in 0..<10 {
            f.drag(from: Self.screen(list, Point(x: 200, y: 60)), by: Point(x: 0, y: 300))
            f.step(3)
        }
        f.run(seconds: 4)
        #expect(list.scroll.offset == 0, "a fling past the oldest line stops at it")
    }

    @Test("a horizontal swipe that starts on the list still toggles lite mode: the list owns only vertical drags")
    func horizontalOnListTogglesLite() throws {
        let (f, list) = try Self.audience(comments: 20)
        f.drag(from: Self.screen(list, Point(x: 100, y: 200)), by: Point(x: 400, y: 10))
        f.run(seconds: 1)
        #expect(f.studio.isLiteMode)
        #expect(list.isFollowing, "the list scrolled on a horizontal swipe")
    }

    @Test("a long press on a comment opens its menu; Reply opens the composer with the mention")
    func longPressReply() throws {
        let (f, list) = try Self.audience(comments: 8)
        let composer = try #require(f.widget("commentComposer", as: CommentComposerWidget.self))
        let i = try #require(list.comments.lastIndex { $0.user == "u6" })
        let bubble = list.bubbleRect(i)
        Self.press(f, at: Self.screen(list, Point(x: bubble.midX, y: bubble.midY)), seconds: 0.6)
        #expect(list.menuLine == i)
        #expect(f.studio.gestures.lastResolution?.outcome == .longPress)
        #expect(f.studio.gestures.lastResolution?.competitors.contains("long press of commentList") == true)
        #expect(f.draw().texts(in: .movable).contains("Reply"))
        let reply = try #require(list.menuButtons(for: i).first { $0.action == .reply }?.rect)
        f.tap(at: Self.screen(list, Point(x: reply.midX, y: reply.midY)))
        f.step()
        #expect(list.menuLine == nil)
        #expect(composer.isPresented)
        #expect(composer.draft == "@u6 ")
    }

    @Test(
        "in a busy room, a finger resting on a comment opens its menu on that comment, whatever arrives meanwhile",
        arguments: [10, 170])
    func longPressWhileCommentsArrive(perStep: Int) throws {
        let (f, list) = try Self.audience(comments: 8)
        let i = try #require(list.comments.lastIndex { $0.user == "u6" })
        let pressed = list.comments[i]
        let bubble = list.bubbleRect(i)
        let point = Self.screen(list, Point(x: bubble.midX, y: bubble.midY))
        var n = 0
        func arrive() {
            for _ in 0..<perStep {
                list.append(Comment(user: "busy\(n)", text: "line \(n)", userColor: .white))
                n += 1
            }
        }
        // Comments arrive at 600 or 10,200 a second while the finger rests, still, for 1 s.
        f.studio.handleInput(.pointer(PointerEvent(.down, at: point, time: f.time)))
        for _ in 0..<60 {
            arrive()
            f.step()
        }
        let menu = try #require(list.menuLine, "no menu after a 1 s press: \(String(describing: f.studio.gestures.lastResolution))")
        #expect(list.comments[menu] == pressed)
        // The bubble stayed under the finger: the menu is over the comment that was pressed.
        #expect(list.bubbleRect(menu).contains(list.transformToRoot.inverted!.apply(point)))
        f.studio.handleInput(.pointer(PointerEvent(.up, at: point, time: f.time)))
        arrive()
        f.step()
        #expect(list.menuLine.map { list.comments[$0] } == pressed, "the menu closed or moved as the finger lifted")
        #expect(list.unread > 0, "the lines that came while the list held are counted in the pill")
        // A tap on Reply still answers the pressed comment.
        let reply = try #require(list.menuButtons(for: list.menuLine!).first { $0.action == .reply }?.rect)
        f.tap(at: Self.screen(list, Point(x: reply.midX, y: reply.midY)))
        f.step()
        let composer = try #require(f.widget("commentComposer", as: CommentComposerWidget.self))
        #expect(composer.draft == "@u6 ")
    }

    /// The rounded fills drawn in the movable layer that are `color`, at any alpha the
    /// list's fade gives them.
    static func lit(_ f: ConfiguredStudioFixture) -> [Rect] {
        f.draw().items(in: .movable).flatMap(\.flattened).compactMap { item in
            if case .fill(.roundedRect(let r, _), let c) = item.command, c.r == 255, c.g == 255, c.b == 255 { return r }
            return nil
        }
    }

    @Test("in a quiet room, a press on a join or gift line, or beside a bubble, lights that line at once and opens its menu")
    func everyPressAnswers() throws {
        for kind in [Comment.Kind.enter, .gift, .chat] {
            let (f, list) = try Self.audience(comments: 4)
            let text = kind == .gift ? "sent a Rose" : kind == .enter ? "joined the room" : "hello"
            list.append(Comment(user: "pressed", text: text, userColor: .white, kind: kind))
            list.append(Comment(user: "after", text: "below", userColor: .white))
            f.run(seconds: 0.5)
            let i = try #require(list.comments.lastIndex { $0.user == "pressed" })
            let bubble = list.bubbleRect(i)
            // Beside the bubble, on its row, and in the gap above it: the same line.
            for local in [Point(x: bubble.maxX + 30, y: bubble.midY), Point(x: bubble.midX, y: bubble.minY - 4)] {
                let point = Self.screen(list, local)
                #expect(Self.lit(f).isEmpty)
                f.studio.handleInput(.pointer(PointerEvent(.down, at: point, time: f.time)))
                f.step()
                let lit = Self.lit(f)
                #expect(lit.count == 1, "\(kind): the pressed line lights at touch down: \(lit)")
                f.run(seconds: 0.6)
                f.studio.handleInput(.pointer(PointerEvent(.up, at: point, time: f.time)))
                f.step()
                #expect(list.menuLine == i, "\(kind) at \(local)")
                let actions = list.menuButtons(for: i).map(\.action)
                #expect(actions == (kind == .chat ? [.reply, .copy, .report] : [.copy]), "\(kind): \(actions)")
                #expect(f.draw().texts(in: .movable).contains("Copy"))
                // Tapping outside closes it.
                f.tap(at: Self.screen(list, Point(x: bubble.midX, y: -200)))
                f.step()
                #expect(list.menuLine == nil)
            }
        }
    }

    @Test("Copy and Report from the menu say so in a toast")
    func copyAndReport() throws {
        for action in [CommentListWidget.MenuAction.copy, .report] {
            let (f, list) = try Self.audience(comments: 8)
            let toast = try #require(f.widget("toast", as: ToastWidget.self))
            let i = try #require(list.comments.lastIndex { $0.user == "u7" })
            let bubble = list.bubbleRect(i)
            Self.press(f, at: Self.screen(list, Point(x: bubble.midX, y: bubble.midY)), seconds: 0.6)
            let button = try #require(list.menuButtons(for: i).first { $0.action == action }?.rect)
            f.tap(at: Self.screen(list, Point(x: button.midX, y: button.midY)))
            f.step()
            #expect(toast.message == (action == .copy ? "Copied" : "Reported u7's comment"))
        }
    }

    @Test("a finger resting shorter than the long-press duration opens no menu")
    func shortPressNoMenu() throws {
        let (f, list) = try Self.audience(comments: 8)
        let bubble = list.bubbleRect(list.comments.count - 1)
        Self.press(f, at: Self.screen(list, Point(x: bubble.midX, y: bubble.midY)), seconds: 0.4)
        #expect(list.menuLine == nil)
    }

    @Test("in a portrait room two quick taps on the video are two taps of hearts, each at once")
    func portraitTapsAreImmediate() throws {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.audience)
        f.run(seconds: 0.5)
        let recorder = EventRecorder(f.studio.announcer, .roomTapped, .likeSent)
        let before = f.studio.hearts.sent
        f.tap(at: Point(x: 360, y: 600))
        #expect(recorder.count(of: .roomTapped) == 1, "the room's tap waited")
        f.step(6)
        f.tap(at: Point(x: 366, y: 604))
        #expect(recorder.count(of: .roomTapped) == 2)
        f.run(seconds: 1)
        #expect(recorder.count(of: .likeSent) == 0)
        #expect(f.studio.hearts.sent == before + 2)
    }

    @Test("a tap where no double tap is declared is delivered at once: on a widget with no double tap, no wait")
    func tapElsewhereImmediate() throws {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.audience)
        f.run(seconds: 0.5)
        let recorder = EventRecorder(f.studio.announcer, .likeTapped)
        let docker = try #require(f.widget("docker", as: BottomBarWidget.self))
        let like = docker.transformToRoot.apply(docker.center(of: .like))
        f.tap(at: like)
        #expect(recorder.count(of: .likeTapped) == 1, "the like button's tap waited")
        #expect(!f.studio.gestures.isHoldingTap)
    }

    @Test("a drag on the open rank list scrolls its rows; at the end it stops at the last row")
    func rankListScrolls() throws {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.audience)
        f.run(seconds: 0.5)
        let rank = try #require(f.studio.root.subtree().first { $0 is RankListDialogWidget } as? RankListDialogWidget)
        rank.present()
        f.run(seconds: 0.5)
        #expect(rank.scroll.canScroll)
        let onRows = rank.transformToRoot.apply(Point(x: 360, y: rank.sheetRect.minY + RankListDialogWidget.headerHeight + 400))
        f.drag(from: onRows, by: Point(x: 0, y: -200))
        f.run(seconds: 2)
        #expect(rank.scroll.offset > 150)
        #expect(rank.isPresented && rank.pullOffset == 0, "the scroll pulled the sheet")
        f.drag(from: onRows, by: Point(x: 0, y: -500))
        f.run(seconds: 3)
        #expect(rank.scroll.offset == rank.scroll.maxOffset)
        let texts = f.draw().texts(in: .float)
        #expect(texts.contains(rank.rows[rank.rows.count - 1].name))
        #expect(!texts.contains(rank.rows[0].name), "the first row is scrolled out of view")
    }

    @Test("a scenario's pointer lines make a long press: down, then up after the duration")
    func scenarioLongPress() throws {
        let (f, list) = try Self.audience(comments: 8)
        let bubble = list.bubbleRect(list.comments.count - 1)
        let p = Self.screen(list, Point(x: bubble.midX, y: bubble.midY))
        let s = try Scenario.parse(
            """
            {"t": 1, "pointer": {"down": [\(p.x), \(p.y)]}}
            {"t": 1.7, "pointer": {"up": [\(p.x), \(p.y)]}}
            """, file: "t.jsonl")
        var player = ScenarioPlayer(s)
        for _ in 0..<150 {
            for event in player.advance(to: f.time).inputs { f.studio.handleInput(event) }
            f.step()
        }
        #expect(list.menuLine == list.comments.count - 1)
    }
}
