import StudioKit
import Testing
@testable import Studios

@Suite("Host panel and hosts loop")
struct HostWidgetsTests {
    @Test("Go Live starts a running timer; End stops it and reports how long the live lasted")
    func liveTimer() throws {
        let f = try BusinessStudioFixture()
        let panel = try f.add(HostPanelWidget())
        let recorder = f.recorder([.liveStarted, .liveEnded])
        #expect(f.texts(in: .movable).contains("Go Live"))
        f.tapScreen(at: f.screenPoint(panel, HostPanelWidget.goButton.center))
        #expect(panel.isLive)
        #expect(recorder.count(of: .liveStarted) == 1)
        f.run(seconds: 12.5)
        #expect(panel.timerText == "LIVE 00:12")
        let texts = f.texts(in: .movable)
        #expect(texts.contains("LIVE 00:12") && texts.contains("End"))
        f.tap(panel, at: HostPanelWidget.goButton.center)
        #expect(!panel.isLive)
        guard case .double(let seconds)? = recorder.payloads(of: .liveEnded).first else {
            Issue.record("no liveEnded")
            return
        }
        #expect(abs(seconds - 12.5) < 0.02)
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
        #expect(panel.controls[1] == BeautyControl(title: "Whiten", level: 25))
        #expect(f.texts(in: .movable).contains("Whiten 25"))
    }

    @Test("the hosts loop counts down, announces the next host at zero and starts again")
    func rotation() throws {
        let f = try BusinessStudioFixture()
        let loop = try f.add(HostsLoopWidget(period: 5, hosts: ["Mia", "Kai"]))
        let recorder = f.recorder([.hostRotated])
        f.run(seconds: 4.5)
        #expect(loop.countdownText == "Next host in 00:01")
        #expect(f.texts(in: .movable).contains("Up next: Mia"))
        f.run(seconds: 0.6)
        #expect(recorder.payloads(of: .hostRotated) == [.text("Mia")])
        #expect(loop.nextHost == "Kai")
        #expect(loop.secondsLeft > 4.8)
        f.run(seconds: 10)
        #expect(recorder.payloads(of: .hostRotated) == [.text("Mia"), .text("Kai"), .text("Mia")])
    }

    @Test("an empty host list is a configuration error at its key")
    func emptyHosts() {
        let error = #expect(throws: ConfigError.self) {
            try HostsLoopWidget.make(level: Levels.hostsLoop, options: testOptions(["hosts": .array([])]))
        }
        #expect(error?.keyPath == "widgets[0].options.hosts")
    }
}
