import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Playback comment replay")
struct PlaybackReplayTests {
    private func fixture() throws -> (ConfiguredStudioFixture, PlaybackRoom, PlaybackBarWidget, CommentListWidget) {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.playback)
        let studio = try #require(f.studio.part(PlaybackRoom.self))
        let bar = try #require(f.widget("playbackBar", as: PlaybackBarWidget.self))
        let list = try #require(f.widget("commentList", as: CommentListWidget.self))
        return (f, studio, bar, list)
    }

    @Test("while it plays, the comments recorded between two positions appear in recorded order")
    func replaysInOrder() throws {
        let (f, studio, bar, list) = try fixture()
        let start = bar.position
        f.run(seconds: 20)
        let expected = studio.recording.comments(after: start, upTo: bar.position).map(\.comment)
        #expect(expected.count >= 3)
        let shown = list.comments.filter { $0.kind == .chat }
        #expect(!shown.isEmpty)
        #expect(shown == Array(expected.suffix(shown.count)))
    }

    @Test("paused, no recorded comment appears")
    func pausedIsQuiet() throws {
        let (f, _, bar, list) = try fixture()
        bar.toggle()
        f.step()
        let before = list.comments
        f.run(seconds: 15)
        #expect(list.comments == before)
    }

    @Test("paused, the danmaku on screen hold where they are and go on from there when it plays")
    func pausedHoldsDanmaku() throws {
        let (f, _, bar, _) = try fixture()
        let band = try #require(f.widget("danmaku", as: DanmakuWidget.self))
        f.run(seconds: 20)
        #expect(!band.onScreenItems.isEmpty)
        bar.toggle()
        f.step()
        let held = band.onScreenItems
        f.run(seconds: 3)
        #expect(band.isHeld)
        #expect(band.onScreenItems == held)
        bar.toggle()
        f.step()
        let moved = band.onScreenItems
        #expect(!band.isHeld)
        // Each comment that moves goes on from where it stood: one step further, not reset.
        for item in moved where item.mode == .scroll {
            guard let before = held.first(where: { $0.order == item.order }) else { continue }
            #expect(item.frame.minX < before.frame.minX)
            #expect(before.frame.minX - item.frame.minX < 20)
        }
        #expect(moved != held)
    }

    @Test("a seek jumps over the comments in between instead of replaying them all")
    func seekSkips() throws {
        let (f, studio, bar, list) = try fixture()
        f.step()
        let before = list.comments.count
        bar.seek(toFraction: 0.9)
        f.step(2)
        let skipped = studio.recording.comments(after: 192, upTo: bar.position).count
        #expect(skipped > 100)
        #expect(list.comments.count <= before + 1)
    }

    @Test("the same seed records the same comments; another seed others")
    func recordingIsSeeded() throws {
        var a = SeededRandom(seed: 5), b = SeededRandom(seed: 5), c = SeededRandom(seed: 6)
        let ra = RecordedComments(duration: 600, random: &a)
        #expect(ra == RecordedComments(duration: 600, random: &b))
        #expect(ra != RecordedComments(duration: 600, random: &c))
        #expect(ra.entries.map(\.time) == ra.entries.map(\.time).sorted())
        #expect((180...300).contains(ra.entries.count))  // one per 2.5 s on average
    }
}

@Suite("Video label")
struct VideoLabelTests {
    @Test("a playback room's video says REPLAY and shows no live clock")
    func replayLabel() throws {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.playback)
        f.run(seconds: 1)
        let texts = f.draw().texts(in: .displayer)
        #expect(texts.contains("REPLAY"))
        #expect(!texts.contains("LIVE"))
    }

    @Test("the host's video says PREVIEW until the host goes live, then LIVE")
    func hostLabel() throws {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.host)
        f.run(seconds: 1)
        #expect(f.draw().texts(in: .displayer).contains("PREVIEW"))
        f.publish(.liveStarted)
        f.step()
        #expect(f.draw().texts(in: .displayer).contains("LIVE"))
    }

    @Test("an unknown label is a configuration error listing the valid ones")
    func badLabel() {
        let options = WidgetOptions(file: "x.json", keyPath: "widgets[1].options", values: ["label": .string("vod")])
        #expect {
            _ = try VideoPlayerWidget.make(level: 110, options: options)
        } throws: { error in
            "\(error)".contains("widgets[1].options.label") && "\(error)".contains("live, replay, preview")
        }
    }
}
