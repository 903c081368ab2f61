import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Hosts loop hand-over")
struct HostsLoopHandOverTests {
    /// What a viewer sees of the host: the card's name, the video's look, the last
    /// "Now on stage" line of the comments.
    struct Seen: Equatable {
        var card: String
        var look: VideoLook
        var stageLine: String?
    }

    static func seen(_ f: ConfiguredStudioFixture) throws -> Seen {
        let card = try #require(f.studio.widget(HostInfoWidget.self))
        let video = try #require(f.studio.widget(VideoPlayerWidget.self))
        let comments = try #require(f.studio.widget(CommentListWidget.self))
        return Seen(
            card: card.shownHost, look: video.currentLook,
            stageLine: comments.comments.last { $0.text.hasPrefix("Now on stage: ") }?.text)
    }

    @Test("at a hand-over the host card, the video's look and the comments change together, in one frame")
    func changesTogether() throws {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.hostsLoop)
        let loop = try #require(f.widget("hostsLoop", as: HostsLoopWidget.self))
        let next = loop.nextHost
        f.run(seconds: loop.period - 0.5)
        let before = try Self.seen(f)
        #expect(before.card == f.studio.room.hostName && before.stageLine == nil)
        var after = before
        for _ in 0..<60 where after == before {
            f.step()
            after = try Self.seen(f)
            // Whatever changed in this frame, all three did.
            #expect((after.card != before.card) == (after.look != before.look))
            #expect((after.card != before.card) == (after.stageLine != before.stageLine))
        }
        #expect(after.card == next)
        #expect(after.look != before.look)
        #expect(after.stageLine == "Now on stage: \(next)")
        // The card draws the new host; following starts over for them, and the follow
        // button, tapped, names them.
        #expect(f.texts().contains(next))
        let card = try #require(f.studio.widget(HostInfoWidget.self))
        #expect(!card.isFollowing)
        let recorder = EventRecorder(f.studio.announcer, .toastRequested)
        f.tap(at: card.transformToRoot.apply(card.followButton.center))
        #expect(recorder.values(.toastRequested).last == "Following \(next)")
    }

    @Test("after a hand-over the audience greets the new host by name, the same way for the same seed")
    func audienceGreets() throws {
        func greetings(seed: UInt64) throws -> [StudioDomain.Comment] {
            let f = try ConfiguredStudioFixture(kind: StudioKinds.hostsLoop, seed: seed)
            let loop = try #require(f.widget("hostsLoop", as: HostsLoopWidget.self))
            let next = loop.nextHost
            let recorder = EventRecorder(f.studio.announcer, .commentArrived)
            f.run(seconds: loop.period + 6)
            return recorder.values(.commentArrived).filter { $0.user != "Relay" && $0.text.contains(next) }
        }
        let first = try greetings(seed: 11)
        #expect(first.count >= HostsLoopRoom.greetingCount, "\(first)")
        #expect(try greetings(seed: 11) == first)
    }
}
