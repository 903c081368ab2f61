import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Buttons")
struct ButtonTests {
    @Test("tapping the close button announces closeRequested")
    func closeButton() {
        let f = StudioFixture()
        let recorder = EventRecorder(f.studio.announcer, .closeRequested, .roomTapped)
        f.tap(at: f.center(of: f.widget(CloseButtonWidget.self)))
        #expect(recorder.count(of: .closeRequested) == 1)
        #expect(recorder.count(of: .roomTapped) == 0)
    }

    @Test("tapping the lite switch enters lite mode and tapping it again leaves it")
    func liteSwitch() {
        let f = StudioFixture()
        let recorder = EventRecorder(f.studio.announcer, .liteModeChanged)
        let button = f.center(of: f.widget(LiteSwitchWidget.self))
        f.tap(at: button)
        #expect(f.studio.isLiteMode)
        f.run(seconds: 0.5)
        #expect(f.studio.stack.liteProgress == 1)
        f.tap(at: button)
        #expect(!f.studio.isLiteMode)
        #expect(recorder.values(.liteModeChanged) == [true, false])
    }

    @Test("the lite switch stays on screen when lite mode sends the movable layer away")
    func liteSwitchStaysInLite() {
        let f = StudioFixture()
        f.tap(at: f.center(of: f.widget(LiteSwitchWidget.self)))
        f.run(seconds: 0.5)
        let list = f.draw()
        #expect(list.texts(in: .lite).contains("Lite"))
        let movableOnScreen = list.items(in: .movable).contains { item in
            item.transform.apply(Point.zero).x < 700
        }
        #expect(!movableOnScreen)
    }

    @Test("tapping the rotate button turns the room to landscape, and the rotate button's place in portrait does not turn it back")
    func rotateButton() throws {
        let f = StudioFixture()
        let recorder = EventRecorder(f.studio.announcer, .orientationChanged)
        let button = f.center(of: f.widget(RotateButtonWidget.self))
        f.tap(at: button)
        f.run(seconds: 0.5)
        #expect(f.studio.orientation.isLandscape)
        let screen = try #require(f.studio.orientation.landscapeScreen)
        #expect(screen.progress == 1)
        // In landscape the portrait button is hidden with its layer: its place is the picture.
        f.tap(at: button)
        #expect(f.studio.orientation.isLandscape)
        f.studio.orientation.toggleOrientation()
        f.run(seconds: 0.5)
        #expect(screen.progress == 0)
        #expect(recorder.values(.orientationChanged) == [true, false])
    }

    @Test("tapping share announces shareTapped and toasts nothing: nothing is shared yet")
    func shareShowsToast() {
        let f = StudioFixture()
        let recorder = EventRecorder(f.studio.announcer, .shareTapped, .toastRequested)
        let docker = f.widget(BottomBarWidget.self)
        f.tap(at: docker.transformToRoot.apply(docker.center(of: .share)))
        f.step()
        #expect(recorder.count(of: .shareTapped) == 1)
        #expect(recorder.count(of: .toastRequested) == 0)
        #expect(f.draw().texts(in: .float).isEmpty)
    }

    @Test("a toast fades out and is gone after its duration")
    func toastGoes() {
        let f = StudioFixture()
        f.studio.announcer.publish(.toastRequested, "Hello")
        f.run(seconds: 0.5)
        #expect(f.draw().texts(in: .float) == ["Hello"])
        f.run(seconds: 1.2)
        #expect(f.draw().texts(in: .float).isEmpty)
        #expect(f.widget(ToastWidget.self).message == nil)
    }

    @Test("tapping follow toggles following and says so")
    func follow() {
        let f = StudioFixture()
        let info = f.widget(HostInfoWidget.self)
        let recorder = EventRecorder(f.studio.announcer, .followToggled)
        let button = info.transformToRoot.apply(info.followButton.center)
        f.tap(at: button)
        #expect(info.isFollowing)
        f.step()
        #expect(f.draw().texts(in: .movable).contains("Following"))
        #expect(recorder.values(.followToggled) == [true])
    }

    @Test("a tap on the bottom bar between its controls lands on the room")
    func dockerGap() {
        let f = StudioFixture()
        let recorder = EventRecorder(f.studio.announcer, .roomTapped)
        let docker = f.widget(BottomBarWidget.self)
        f.tap(at: docker.transformToRoot.apply(Point(x: 400, y: 55)))
        #expect(recorder.count(of: .roomTapped) == 1)
    }
}
