import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Host panel and hosts loop")
struct HostWidgetsTests {
    @Test("Go Live starts the studio's live timer; End stops it, reports how long the live lasted and offers Leave")
    func liveTimer() throws {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.host)
        let panel = try #require(f.widget("hostPanel", as: HostPanelWidget.self))
        let recorder = EventRecorder(f.studio.announcer, .liveStarted, .liveEnded, .closeRequested)
        #expect(f.draw().texts(in: .movable).contains("Go Live"))
        f.tap(at: panel.transformToRoot.apply(HostPanelWidget.goButton.center))
        #expect(panel.isLive)
        #expect(recorder.count(of: .liveStarted) == 1)
        f.run(seconds: 12.5)
        #expect(panel.timerText == "LIVE 00:12")
        #expect(panel.liveTime == f.studio.liveSession.liveTime)
        let texts = f.draw().texts(in: .movable)
        #expect(texts.contains("LIVE 00:12") && texts.contains("End"))
        f.tap(at: panel.transformToRoot.apply(HostPanelWidget.goButton.center))
        #expect(!panel.isLive)
        #expect(panel.liveState == .ended)
        guard let seconds = recorder.values(.liveEnded).first else {
            Issue.record("no liveEnded")
            return
        }
        #expect(abs(seconds - 12.5) < 0.02)
        #expect(f.draw().texts(in: .movable).contains("Leave"))
        f.tap(at: panel.transformToRoot.apply(HostPanelWidget.goButton.center))
        #expect(recorder.count(of: .closeRequested) == 1)
    }

    @Test("the beauty effects change the picture: Whiten lightens the face, Smooth softens the blush, Filter warms it")
    func beautyOnThePicture() throws {
        let look = VideoLook.forRoom(110)
        func fills(_ beauty: Beauty) -> [Color] {
            let canvas = Canvas(measurer: ApproximateTextMeasurer())
            var scene = VideoScene(look: look)
            scene.beauty = beauty
            scene.draw(in: canvas, size: Size(width: 720, height: 1280), time: 1)
            return canvas.list.items.compactMap { if case .fill(_, let c) = $0.command { return c } else { return nil } }
        }
        let plain = fills(.none)
        #expect(plain.contains(look.skin))
        let white = fills(Beauty(whiten: 1))
        #expect(!white.contains(look.skin))
        let face = look.skin.mixed(with: .white, 0.35)
        #expect(white.contains(face))
        // A third of the way to white: each channel up by a third of what it lacks.
        #expect(Int(face.g) - Int(look.skin.g) >= 20, "\(look.skin) to \(face)")
        let blush = { (colors: [Color]) in colors.filter { $0.r == 0xFF && $0.g == 0x8F }.map(\.a) }
        #expect(blush(fills(Beauty(smooth: 1))).allSatisfy { $0 < blush(plain).min()! })
        #expect(fills(Beauty(filter: 1)).count == plain.count + 1, "the warm wash")
    }

    @Test("the host panel's effects reach the displayer: on at their levels, off when toggled")
    func beautyReachesTheVideo() throws {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.host)
        let panel = try #require(f.widget("hostPanel", as: HostPanelWidget.self))
        let video = try #require(f.widget("video", as: VideoPlayerWidget.self))
        f.step()
        #expect(video.beauty == Beauty(smooth: 0.6, whiten: 0.4, filter: 0))
        // Whiten's chip: a tap selects it, a second turns it off.
        let whiten = try #require(panel.controls.firstIndex { $0.title == "Whiten" })
        f.tap(at: panel.transformToRoot.apply(panel.chipRect(whiten).center))
        f.tap(at: panel.transformToRoot.apply(panel.chipRect(whiten).center))
        f.step()
        #expect(video.beauty == Beauty(smooth: 0.6, whiten: 0, filter: 0))
    }

    @Test("a swipe up or down in the host's studio changes no room and says how to leave, in the preview and live")
    func swipeHint() throws {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.host)
        let toast = try #require(f.widget("toast", as: ToastWidget.self))
        let recorder = EventRecorder(f.studio.announcer, .roomChangeRequested)
        f.drag(from: Point(x: 650, y: 900), by: Point(x: 0, y: -500))
        f.step()
        #expect(toast.message == "Swiping changes rooms for viewers; close the studio to leave")
        let panel = try #require(f.widget("hostPanel", as: HostPanelWidget.self))
        f.tap(at: panel.transformToRoot.apply(HostPanelWidget.goButton.center))
        f.run(seconds: 4)
        f.drag(from: Point(x: 650, y: 400), by: Point(x: 0, y: 500))
        f.step()
        #expect(toast.message == "You're live: swiping changes rooms for viewers. End the stream to leave")
        #expect(recorder.count(of: .roomChangeRequested) == 0)
        // A short drag that would not have changed rooms says nothing.
        f.run(seconds: 5)
        #expect(toast.message == nil)
        f.drag(from: Point(x: 650, y: 700), by: Point(x: 0, y: -20))
        f.step()
        #expect(toast.message == nil)
    }

    @Test("an effect is selected by a tap, toggled by a second, and the slider sets its level")
    func beauty() throws {
        let f = try BusinessStudioFixture()
        let panel = try f.add(HostPanelWidget(smooth: 60, whiten: 40, filter: 0))
        f.tap(panel, at: panel.chipRect(1).center)
        #expect(panel.selected == 1 && panel.controls[1].isOn)
        f.tap(panel, at: panel.chipRect(1).center)
        #expect(!panel.controls[1].isOn)
        let s = HostPanelWidget.slider
        f.tap(panel, at: Point(x: s.minX + s.width / 4, y: s.midY))
        #expect(panel.controls[1] == HostControl(title: "Whiten", level: 25))
        #expect(f.texts(in: .movable).contains("Whiten 25"))
    }

    @Test("the microphone's volume is the panel's fourth control: selected by a tap, set by the slider, 0 mutes it")
    func micVolume() throws {
        let f = try BusinessStudioFixture()
        let panel = try f.add(HostPanelWidget())
        #expect(panel.controls.map(\.title) == ["Smooth", "Whiten", "Filter", "Mic"])
        #expect(panel.controls[3] == HostControl(title: "Mic", level: 80))
        f.tap(panel, at: panel.chipRect(3).center)
        #expect(panel.selected == 3)
        let s = HostPanelWidget.slider
        f.tap(panel, at: Point(x: s.minX + s.width / 2, y: s.midY))
        #expect(panel.controls[3].level == 50 && panel.controls[0].level == 60)
        #expect(f.texts(in: .movable).contains("Mic 50"))
        #expect(HostControl(title: "Mic", level: 0).isOn == false)
        // Every chip within the panel, side by side.
        for i in 0..<3 { #expect(panel.chipRect(i).maxX < panel.chipRect(i + 1).minX) }
        #expect(panel.chipRect(3).maxX <= HostPanelWidget.size.width - 20)
    }

    @Test("the hosts loop counts down, announces the next host at zero and starts again")
    func rotation() throws {
        let f = try BusinessStudioFixture()
        let loop = try f.add(HostsLoopWidget(period: 5, hosts: ["Mia", "Kai"]))
        let recorder = f.recorder(.hostRotated)
        f.run(seconds: 4.5)
        #expect(loop.countdownText == "Next host in 00:01")
        #expect(f.texts(in: .movable).contains("Up next: Mia"))
        f.run(seconds: 0.6)
        #expect(recorder.values(.hostRotated) == ["Mia"])
        #expect(loop.nextHost == "Kai")
        #expect(loop.secondsLeft > 4.8)
        f.run(seconds: 10)
        #expect(recorder.values(.hostRotated) == ["Mia", "Kai", "Mia"])
    }

    @Test("an empty host list is a configuration error at its key")
    func emptyHosts() {
        let error = #expect(throws: ConfigError.self) {
            try HostsLoopWidget.make(level: Levels.hostsLoop, options: testOptions(["hosts": .array([])]))
        }
        #expect(error?.keyPath == "widgets[0].options.hosts")
    }
}
