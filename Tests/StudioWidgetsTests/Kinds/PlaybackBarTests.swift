import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Playback bar")
struct PlaybackBarTests {
    @Test("a tap on the bar seeks to the tapped fraction and announces the position")
    func seek() throws {
        let f = try BusinessStudioFixture()
        let bar = try f.add(PlaybackBarWidget(duration: 2700, start: 192))
        let recorder = f.recorder(.playbackSeeked)
        let track = bar.track
        f.tapScreen(at: f.screenPoint(bar, Point(x: track.minX + track.width / 4, y: 36)))
        #expect(bar.position == 675)
        #expect(recorder.values(.playbackSeeked) == [675])
        // Past the ends of the track: clamped.
        f.tap(bar, at: Point(x: track.maxX + 10, y: 36))
        #expect(bar.position == 2700)
    }

    @Test("playing advances with step time and the text shows elapsed and total")
    func plays() throws {
        let f = try BusinessStudioFixture()
        let bar = try f.add(PlaybackBarWidget(duration: 2700, start: 192))
        #expect(bar.timeText == "03:12 / 45:00")
        f.run(seconds: 1.5)
        #expect(bar.timeText == "03:13 / 45:00")
        #expect(f.texts(in: .movable).contains("03:13 / 45:00"))
    }

    @Test("pause stops time and play starts it again, each announced")
    func pause() throws {
        let f = try BusinessStudioFixture()
        let bar = try f.add(PlaybackBarWidget(duration: 2700, start: 192))
        let recorder = f.recorder(.playbackToggled)
        f.tap(bar, at: Point(x: 38, y: 36))
        #expect(!bar.isPlaying)
        let position = bar.position
        f.run(seconds: 2)
        #expect(bar.position == position)
        f.tap(bar, at: Point(x: 38, y: 36))
        f.run(seconds: 1)
        #expect(bar.position > position)
        #expect(recorder.values(.playbackToggled) == [false, true])
    }

    @Test("the end of the recording pauses playback")
    func end() throws {
        let f = try BusinessStudioFixture()
        let bar = try f.add(PlaybackBarWidget(duration: 2, start: 1))
        let recorder = f.recorder(.playbackToggled)
        f.run(seconds: 1.5)
        #expect(!bar.isPlaying)
        #expect(bar.position == 2)
        #expect(recorder.values(.playbackToggled) == [false])
    }

    @Test("a start past the duration is a configuration error at its key")
    func badStart() {
        let error = #expect(throws: ConfigError.self) {
            try PlaybackBarWidget.make(
                level: Levels.playbackBar,
                options: testOptions(["duration": .number(60), "start": .number(90)]))
        }
        #expect(error?.keyPath == "widgets[0].options.start")
    }
}
