import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

/// What a configuration changes in a studio, checked with variants of one configuration.
@Suite("Configuration effects")
struct StudioConfigEffectTests {
    func audience(_ change: (inout StudioConfig) -> Void) throws -> ConfiguredStudioFixture {
        var config = try ConfiguredStudioFixture.shippedConfig(StudioKinds.audience)
        change(&config)
        return try ConfiguredStudioFixture(config: config)
    }

    @Test("concealing the comment list's level hides it: no comment is drawn, but it stays in the tree")
    func concealHides() throws {
        let shown = try audience { _ in }
        shown.run(seconds: 2)
        #expect(shown.draw().texts(in: .movable).contains("LiveStudio"))

        let f = try audience { $0.conceal = [Levels.commentList] }
        f.run(seconds: 2)
        let list = try #require(f.widget("commentList", as: CommentListWidget.self))
        #expect(list.isConcealed)
        #expect(list.isLoaded)
        #expect(!f.draw().texts(in: .movable).contains("LiveStudio"))
    }

    @Test("a configured level moves a widget to that level's layer")
    func levelMovesLayer() throws {
        let f = try audience { config in
            let i = config.widgets.firstIndex { $0.name == "activityIcon" }!
            config.widgets[i].level = 340
        }
        let icon = try #require(f.studio.widget(named: "activityIcon"))
        #expect((icon.parent as? LayerContainer)?.kind == .lite)
    }

    @Test("the gesture mapping from the configuration decides what a swipe does")
    func gestureMapping() throws {
        let f = try audience { $0.gestures = GestureMapping(vertical: .none, horizontal: .switchRoom) }
        let recorder = EventRecorder(f.studio.announcer, .roomChangeRequested, .liteModeChanged)
        f.studio.handleInput(.key(KeyEvent(.up, isDown: true)))
        f.studio.announcer.deliverQueued()
        #expect(recorder.received.isEmpty)
        f.studio.handleInput(.key(KeyEvent(.right, isDown: true)))
        f.studio.announcer.deliverQueued()
        #expect(recorder.received.map(\.name) == [EventKey.roomChangeRequested.name])
        #expect(!f.studio.isLiteMode)
    }

    @Test("the bottom bar shows the configured buttons, right-aligned in order")
    func dockerButtons() throws {
        let f = try audience { $0.docker = [.share, .like] }
        let docker = try #require(f.studio.widget(BottomBarWidget.self))
        #expect(docker.buttons == [.share, .like])
        #expect(docker.center(of: .share).x < docker.center(of: .like).x)
        #expect(docker.center(of: .gift).x < 0)
        // No pill without `comment`: a tap where it was lands on the room.
        let recorder = EventRecorder(f.studio.announcer, .roomTapped, .commentInputTapped)
        f.tap(at: docker.transformToRoot.apply(Point(x: 100, y: 54)))
        #expect(recorder.received.map(\.name) == [EventKey.roomTapped.name])
    }

    @Test("the record button announces recordTapped and says so")
    func recordButton() throws {
        let f = try audience { $0.docker = [.comment, .record, .like] }
        let docker = try #require(f.studio.widget(BottomBarWidget.self))
        let recorder = EventRecorder(f.studio.announcer, .recordTapped)
        f.tap(at: docker.transformToRoot.apply(docker.center(of: .record)))
        #expect(recorder.count(of: .recordTapped) == 1)
        f.step()
        #expect(f.draw().texts(in: .float).contains("Recording the last 30 s"))
    }

    @Test("the built-in audience configuration builds the studio it always did")
    func builtIn() throws {
        let widgets = try StudioConfig.builtInAudience.makeWidgets(catalog: .standard())
        #expect(widgets.count == 11)
        let studio = Room(
            builtInAudience: RoomDirectory.demoRooms[0],
            environment: StudioEnvironment(measurer: ApproximateTextMeasurer(), seed: 1))
        studio.load()
        #expect(studio.layer(.movable).children.map(\.name) == ["hostInfo", "activityIcon", "commentList", "docker"])
    }
}
