import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

/// Rotation as a live-stream app does it: a landscape stream letterboxed at the top of the
/// portrait page; the rotate button turns the room to a true landscape layout (the screen
/// 1280 x 720 in its own coordinates, presented a quarter turn inside the portrait window);
/// input comes through the same turn.
@Suite("Landscape streams and the landscape layout")
struct LandscapeTests {
    /// The portrait window point where a point of the turned screen is drawn, worked out
    /// by hand rather than through the widget: the screen's top edge runs down the window's
    /// right side, so its x goes down the window and its y goes right to left.
    static func window(_ landscape: Point, viewport: Size = .studio) -> Point {
        Point(x: viewport.width - landscape.y, y: landscape.x)
    }

    static func playback() throws -> ConfiguredStudioFixture {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.playback)
        f.run(seconds: 1)
        return f
    }

    /// Turns the room with its rotate button and lets the turn finish.
    static func turn(_ f: ConfiguredStudioFixture) throws -> LandscapeScreenWidget {
        f.tap(at: f.center(of: try #require(f.studio.widget(RotateButtonWidget.self))))
        f.run(seconds: LandscapeScreenWidget.turnDuration + 0.2)
        return try #require(f.studio.orientation.landscapeScreen)
    }

    static func drawsNothing(_ list: DisplayList, in kinds: [LayerKind]) -> Bool {
        kinds.allSatisfy { list.items(in: $0).isEmpty }
    }

    // MARK: Letterbox

    @Test(
        "a landscape stream is a 16:9 picture the screen's width just under the host card, the page around it darkened, its full-screen button on the picture's corner"
    )
    func letterboxed() throws {
        let f = try Self.playback()
        let video = try #require(f.studio.widget(VideoPlayerWidget.self))
        #expect(video.stream == .landscape)
        let picture = video.transformToRoot.apply(video.pictureRect)
        #expect(picture == Rect(x: 0, y: VideoPlayerWidget.letterboxTop, width: 720, height: 405))
        let host = try #require(f.studio.widget(named: "hostInfo"))
        #expect(host.transformToRoot.apply(host.bounds).maxY <= picture.minY)

        let items = f.draw().items(in: .displayer)
        // The page is filled first in the picture's colors, darkened, then the picture is
        // drawn clipped to its band.
        let shade = try #require(items.first)
        guard case .fill(.rect(let page), let color) = shade.command else {
            Issue.record("the displayer starts with \(shade.command), not the darkened page")
            return
        }
        #expect(shade.transform.apply(page) == Rect(origin: .zero, size: .studio))
        // Opaque, so the room's cover does not show around the strip, and dark.
        #expect(color.a == 255 && max(color.r, color.g, color.b) < 64, "\(color)")
        let clips = items.compactMap { item -> Rect? in
            if case .pushClip(let r) = item.command { return item.transform.apply(r) }
            return nil
        }
        #expect(clips.first == picture)

        let button = try #require(f.studio.widget(RotateButtonWidget.self))
        let frame = button.transformToRoot.apply(button.bounds)
        #expect(button.isOnPicture)
        #expect(picture.contains(frame))
        #expect(picture.maxX - frame.maxX < 20 && picture.maxY - frame.maxY < 20)
    }

    @Test("a portrait stream fills the page and its rotate button stays on the right edge")
    func portraitFills() throws {
        let f = StudioFixture()
        let video = f.widget(VideoPlayerWidget.self)
        #expect(video.stream == .portrait)
        #expect(video.pictureRect == video.bounds)
        #expect(video.bounds.size == .studio)
        let button = f.widget(RotateButtonWidget.self)
        #expect(!button.isOnPicture)
        #expect(button.frame.maxX == 700)
    }

    @Test("the stream option takes portrait or landscape and names both when it is wrong")
    func streamOption() throws {
        let good = WidgetOptions(file: "room.json", keyPath: "widgets[1].options", values: ["stream": .string("landscape")])
        #expect((try VideoPlayerWidget.make(level: 110, options: good) as? VideoPlayerWidget)?.stream == .landscape)
        let bad = WidgetOptions(file: "room.json", keyPath: "widgets[1].options", values: ["stream": .string("sideways")])
        let error = #expect(throws: ConfigError.self) { try VideoPlayerWidget.make(level: 110, options: bad) }
        #expect(error.map { "\($0)" }?.contains("portrait, landscape") == true)
    }

    // MARK: Turning

    @Test("rotate gives the landscape layout: the portrait layers draw nothing, the video fills the turned screen under its overlay")
    func landscapeLayout() throws {
        let f = try Self.playback()
        let screen = try Self.turn(f)
        #expect(f.studio.orientation.isLandscape)
        #expect(screen.bounds.size == Size(width: 1280, height: 720))
        // Exactly a quarter turn: the screen's corners land on the window's corners.
        let toWindow = screen.transformToRoot
        #expect(toWindow.apply(Point(x: 0, y: 0)) == Point(x: 720, y: 0))
        #expect(toWindow.apply(Point(x: 1280, y: 720)) == Point(x: 0, y: 1280))
        #expect(toWindow.apply(screen.bounds) == Rect(origin: .zero, size: .studio))

        let list = f.draw()
        #expect(Self.drawsNothing(list, in: [.background, .displayer, .movable, .lite]))
        let float = list.items(in: .float)
        // The screen starts with the black behind the picture, across the whole window.
        let blackIndex = try #require(
            float.firstIndex { item in
                if case .fill(.rect(let r), .black) = item.command { return item.transform.apply(r) == Rect(origin: .zero, size: .studio) }
                return false
            })
        #expect(float[blackIndex...].count > 80, "the picture is drawn over it")
        let texts = list.texts(in: .float)
        #expect(texts.contains(ConfiguredStudioFixture.room(for: StudioKinds.playback).title))
        #expect(texts.contains("REPLAY"))
        #expect(!list.allTexts.contains("Follow"))
    }

    @Test("a tap on the landscape back button, given in portrait window coordinates, returns to portrait exactly as it was")
    func backButton() throws {
        let f = try Self.playback()
        let before = f.draw().items(in: .movable).count
        _ = try Self.turn(f)
        let recorder = EventRecorder(f.studio.announcer, .orientationChanged)
        f.tap(at: Self.window(LandscapeScreenWidget.backButton.center))
        #expect(!f.studio.orientation.isLandscape)
        #expect(recorder.values(.orientationChanged) == [false])
        f.run(seconds: LandscapeScreenWidget.turnDuration + 0.2)
        #expect(f.studio.orientation.landscapeScreen == nil)
        #expect(!f.studio.layer(.float).children.contains { $0 is LandscapeScreenWidget })
        for kind in LayerKind.allCases { #expect(!f.studio.layer(kind).isHidden, "\(kind)") }
        let list = f.draw()
        #expect(list.items(in: .movable).count == before)
        #expect(list.allTexts.contains("Follow"))
        #expect(f.studio.gestureMapping == f.config.gestures)
    }

    @Test("the rotate button returns to portrait too; the turn passes through the portrait picture's rectangle")
    func rotateTwice() throws {
        let f = try Self.playback()
        let screen = try Self.turn(f)
        f.studio.orientation.toggleOrientation()
        #expect(!f.studio.orientation.isLandscape)
        f.step(Int(LandscapeScreenWidget.turnDuration * 60) - 1)
        // One step before the end, the picture is nearly back on its letterbox.
        let video = try #require(f.studio.widget(VideoPlayerWidget.self))
        let letterbox = video.transformToRoot.apply(video.pictureRect)
        let nearly = screen.transformToRoot.apply(screen.bounds)
        #expect(abs(nearly.midY - letterbox.midY) < 5 && abs(nearly.width - letterbox.width) < 20)
        #expect(nearly.height < letterbox.height + 20)
        f.run(seconds: 0.2)
        #expect(f.studio.orientation.landscapeScreen == nil && screen.parent == nil)
        #expect(!screen.isLoaded)
    }

    @Test("lite mode is kept across a turn: back in portrait the movable layer is still away")
    func liteKept() throws {
        let f = try Self.playback()
        f.studio.setLiteMode(true)
        f.run(seconds: 1)
        _ = try Self.turn(f)
        f.studio.orientation.setLandscape(false)
        f.run(seconds: 1)
        #expect(f.studio.isLiteMode)
        #expect(f.studio.layer(.movable).isHidden)
        #expect(!f.studio.layer(.lite).isHidden && !f.studio.layer(.displayer).isHidden)
    }

    // MARK: Gestures in landscape

    @Test("a recording in landscape has its playback bar: pause and seek there hold in portrait, and it hides with the overlay")
    func landscapePlayback() throws {
        let f = try Self.playback()
        let portrait = try #require(f.widget("playbackBar", as: PlaybackBarWidget.self))
        let screen = try Self.turn(f)
        let bar = try #require(screen.playbackBar)
        #expect(!bar.isHidden && bar.isPlaying && abs(bar.position - portrait.position) < 1e-9)
        #expect(f.draw().allTexts.contains(bar.timeText))
        // Its button, tapped in the window (a quarter turn from the screen): both pause.
        func window(_ local: Point) -> Point { screen.transformToRoot.apply(bar.frame.origin + local) }
        f.tap(at: window(PlaybackBarWidget.buttonCenter))
        f.step()
        #expect(!bar.isPlaying && !portrait.isPlaying)
        // Half way along its track: both seek there.
        f.tap(at: window(Point(x: bar.track.midX, y: bar.track.midY)))
        f.step()
        #expect(abs(bar.position - bar.duration / 2) < 1 && abs(portrait.position - bar.position) < 1e-9)
        // A tap on the picture hides the overlay, the bar with it.
        f.tap(at: Self.window(Point(x: 640, y: 300)))
        f.run(seconds: GestureConfig().doubleTapInterval + 0.05)
        #expect(!screen.showsControls && bar.isHidden)
        // Back in portrait, the room is paused where landscape left it.
        f.studio.orientation.setLandscape(false)
        f.run(seconds: 1)
        #expect(!portrait.isPlaying && abs(portrait.position - portrait.duration / 2) < 1)
    }

    @Test("in landscape a tap on the picture hides the overlay and the next shows it, sending no hearts")
    func tapTogglesOverlay() throws {
        let f = try Self.playback()
        let screen = try Self.turn(f)
        let title = ConfiguredStudioFixture.room(for: StudioKinds.playback).title
        let hearts = f.studio.hearts.sent
        let middle = Self.window(Point(x: 640, y: 360))
        f.tap(at: middle)
        // The picture declares a double tap (a like): a single tap waits out its interval.
        #expect(screen.showsControls)
        f.run(seconds: GestureConfig().doubleTapInterval + 0.05)
        #expect(!screen.showsControls)
        #expect(!f.draw().texts(in: .float).contains(title))
        // Hidden, the back button's place only brings the overlay back.
        f.tap(at: Self.window(LandscapeScreenWidget.backButton.center))
        #expect(screen.showsControls && f.studio.orientation.isLandscape)
        #expect(f.draw().texts(in: .float).contains(title))
        #expect(f.studio.hearts.sent == hearts)
    }

    @Test("in landscape a double tap on the picture is a like: one big heart and its burst on the screen, counted once, the overlay kept")
    func doubleTapLikes() throws {
        let f = try Self.playback()
        let screen = try Self.turn(f)
        let onScreen = try #require(screen.hearts)
        let recorder = EventRecorder(f.studio.announcer, .roomTapped, .likeSent)
        let hearts = f.studio.hearts.sent
        f.tap(at: Self.window(Point(x: 640, y: 360)))
        f.step(6)
        f.tap(at: Self.window(Point(x: 646, y: 364)))
        f.run(seconds: 1)
        #expect(recorder.count(of: .likeSent) == 1 && recorder.count(of: .roomTapped) == 0)
        #expect(f.studio.hearts.sent == hearts + 1)
        #expect(onScreen.heartCount == onScreen.burstSize + 1, "the like's big heart and its burst")
        #expect(screen.showsControls, "a like does not toggle the overlay")
    }

    @Test("in landscape the like button and Space send hearts, which rise on the turned screen; arrows change nothing")
    func likeSendsHearts() throws {
        let f = try Self.playback()
        let screen = try Self.turn(f)
        let onScreen = try #require(screen.hearts)
        let hearts = f.studio.hearts.sent
        f.tap(at: Self.window(screen.likeButton.center))
        f.run(seconds: 0.2)
        #expect(f.studio.hearts.sent == hearts + 1)
        let afterLike = onScreen.heartCount
        #expect(afterLike > 0)
        #expect(screen.showsControls)
        f.studio.handleInput(.key(KeyEvent(.space)))
        f.step()
        #expect(f.studio.hearts.sent == hearts + 2)
        #expect(onScreen.heartCount > afterLike)
        // The page's hearts, under the screen, start none: none are left rising on return.
        #expect(try #require(f.studio.widget(HeartsWidget.self)).heartCount == 0)

        let recorder = EventRecorder(f.studio.announcer, .roomChangeRequested, .liteModeChanged)
        for key in [Key.up, .down, .left, .right] { f.studio.handleInput(.key(KeyEvent(key))) }
        f.step()
        #expect(recorder.received.isEmpty && f.studio.orientation.isLandscape)
    }

    @Test("in landscape swipes change neither the room nor lite mode, on either axis; back in portrait they do again")
    func swipesDoNothing() throws {
        let f = try Self.playback()
        _ = try Self.turn(f)
        let recorder = EventRecorder(f.studio.announcer, .roomChangeRequested, .roomDragged, .liteModeChanged)
        let middle = Self.window(Point(x: 640, y: 360))
        for delta in [Point(x: 0, y: -400), Point(x: 0, y: 400), Point(x: 400, y: 0), Point(x: -300, y: 0)] {
            f.drag(from: middle, by: delta)
            f.step()
        }
        #expect(recorder.received.isEmpty)
        #expect(f.studio.orientation.isLandscape && !f.studio.isLiteMode)
        f.studio.orientation.setLandscape(false)
        f.run(seconds: 0.5)
        f.drag(from: Point(x: 360, y: 900), by: Point(x: 0, y: -400))
        #expect(recorder.count(of: .roomChangeRequested) == 1)
    }

    @Test("a room with danmaku runs its barrage across the wide screen in landscape")
    func danmakuAcross() throws {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.audience)
        f.run(seconds: 1)
        let screen = try Self.turn(f)
        let band = try #require(screen.danmaku)
        #expect(band.frame.width == 1280)
        #expect(band.frame.minY >= LandscapeScreenWidget.barHeight)
        f.publish(.commentArrived, Comment(user: "Ana", text: "so wide", userColor: .white))
        f.run(seconds: 1)
        #expect(band.onScreenItems.map(\.text).contains("so wide"))
        #expect(f.draw().texts(in: .float).contains("so wide"))
    }

    @Test("landscape.jsonl plays in the playback room with taps in window coordinates: full screen, overlay off and on, a like, back")
    func shippedScenario() throws {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.playback)
        var player = ScenarioPlayer(try Scenario.load(path: FeedFixture.scenarioPath("landscape.jsonl")))
        var seen: [Double: (landscape: Bool, controls: Bool?, hearts: Int)] = [:]
        while f.time < 8.5 {
            for event in player.advance(to: f.time).inputs { f.studio.handleInput(event) }
            f.step()
            for t in [0.5, 2.5, 4.0, 5.0, 6.5, 8.4] where abs(f.time - t) < 0.5 / 60 {
                seen[t] = (f.studio.orientation.isLandscape, f.studio.orientation.landscapeScreen?.showsControls, f.studio.hearts.sent)
            }
        }
        #expect(seen[0.5]?.landscape == false)
        #expect(seen[2.5]?.landscape == true && seen[2.5]?.controls == true)
        #expect(seen[4.0]?.controls == false)
        #expect(seen[5.0]?.controls == true && seen[5.0]?.hearts == 0)
        #expect(seen[6.5]?.landscape == true && seen[6.5]?.hearts == 1)
        #expect(seen[8.4]?.landscape == false && f.studio.orientation.landscapeScreen == nil)
    }
}
