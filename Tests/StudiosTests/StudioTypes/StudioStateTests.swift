import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

/// The states a studio holds (the host's preview, live and end; lite mode; a paused
/// playback) and what they let through to the screen.
@Suite("Studio states: live state gates the feed, lite mode hides the movable layer, pause holds the picture")
struct StudioStateTests {
    static func gift(_ sender: String) -> GiftMessage {
        GiftMessage(sender: sender, gift: GiftCatalog.all[GiftCatalog.all.count - 1], count: 1)
    }

    static func comment(_ text: String) -> StudioDomain.Comment {
        Comment(user: "Yuki", text: text, userColor: .white)
    }

    /// Sends the room's server notes through the studio, as the driver's inbox does.
    static func serverSends(_ f: ConfiguredStudioFixture, _ tag: String) {
        f.studio.receiveFeed(StudioNote(.giftArrived, gift("Gifter \(tag)")))
        f.studio.receiveFeed(StudioNote(.commentArrived, comment("hello \(tag)")))
        f.studio.receiveFeed(StudioNote(.likesArrived, 5))
        f.step()
    }

    static func shows(_ f: ConfiguredStudioFixture, _ tag: String) -> Bool {
        let comments = (f.widget("commentList", as: CommentListWidget.self)?.comments ?? []).map(\.text)
        let gifts = f.widget("giftAnimation", as: GiftAnimationWidget.self)?.received ?? 0
        return comments.contains("hello \(tag)") || comments.contains { $0.hasPrefix("sent") } || gifts > 0
            || f.texts().contains { $0.contains(tag) }
    }

    @Test("in the host's preview and after the end, the server's gifts, comments and likes reach no widget")
    func feedGatedOutsideLive() throws {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.host)
        #expect(f.studio.part(HostRoom.self) != nil)
        let studio = f.studio
        let session = studio.liveSession
        #expect(session.liveState == .preview)
        Self.serverSends(f, "TAGP")
        f.run(seconds: 1)
        #expect(!Self.shows(f, "TAGP"))
        #expect(studio.gatedFeedNotes == 3)

        session.goLive()
        f.step()
        Self.serverSends(f, "TAGL")
        #expect(f.widget("commentList", as: CommentListWidget.self)?.comments.map(\.text).contains("hello TAGL") == true)
        #expect(f.widget("giftAnimation", as: GiftAnimationWidget.self)?.received == 1)

        session.endLive()
        f.step()
        let gatedBefore = studio.gatedFeedNotes
        Self.serverSends(f, "TAGE")
        #expect(studio.gatedFeedNotes == gatedBefore + 3)
        #expect(f.widget("giftAnimation", as: GiftAnimationWidget.self)?.received == 1)
        #expect(session.liveState == .ended)
    }

    @Test(
        "a note's subject, declared with its key, decides the gate: a new stream note passes a preview, an undeclared one is the audience's"
    )
    func noteSubjectGates() throws {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.host)
        #expect(f.studio.liveSession.liveState == .preview)
        let streamNote = EventKey<String>("testStreamNotice", note: .stream)
        let undeclared = EventKey<String>("testUndeclaredNotice")
        #expect(StudioNote(streamNote, "x").subject == .stream && StudioNote(undeclared, "x").subject == .audience)
        let gated = f.studio.gatedFeedNotes
        f.studio.receiveFeed(StudioNote(streamNote, "camera check"))
        #expect(f.studio.gatedFeedNotes == gated, "a stream note reaches a preview")
        f.studio.receiveFeed(StudioNote(undeclared, "hello"))
        #expect(f.studio.gatedFeedNotes == gated + 1, "a note declared without a subject is the audience's")
        // The notes that must reach a preview say so with their keys.
        for name in [EventKey.connectionChanged.noteSubject, EventKey.systemMessage.noteSubject, EventKey.liveStateReported.noteSubject] {
            #expect(name == .stream)
        }
        for channel in VideoChannel.allCases {
            #expect(channel.keys.frame.noteSubject == .stream && channel.keys.failed.noteSubject == .stream)
        }
        #expect(EventKey.commentArrived.noteSubject == .audience && EventKey.giftArrived.noteSubject == .audience)
    }

    @Test("the server's reported live state moves the room's session: LIVE opens a preview, PREPARING ends the stream")
    func reportedLiveState() throws {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.host)
        f.studio.receiveFeed(StudioNote(.liveStateReported, .live))
        f.step()
        #expect(f.studio.liveSession.liveState == .live)
        Self.serverSends(f, "TAGR")
        #expect(f.widget("commentList", as: CommentListWidget.self)?.comments.map(\.text).contains("hello TAGR") == true)
        f.studio.receiveFeed(StudioNote(.liveStateReported, .ended))
        f.step()
        #expect(f.studio.liveSession.liveState == .ended)
        let gated = f.studio.gatedFeedNotes
        Self.serverSends(f, "TAGS")
        #expect(f.studio.gatedFeedNotes == gated + 3, "after PREPARING the audience's notes reach no widget")
    }

    @Test(
        "a server's live state is followed in any order: LIVE after an end is the next stream, a second LIVE or end changes nothing, and the badge and the picture follow"
    )
    func serverStatesInAnyOrder() throws {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.audience)
        let video = try #require(f.widget("video", as: VideoPlayerWidget.self))
        let badge = try #require(f.studio.widget(StudioBadgeWidget.self))
        let recorder = EventRecorder(f.studio.announcer, .liveStateChanged)
        func report(_ state: LiveState) {
            f.studio.receiveFeed(StudioNote(.liveStateReported, state))
            f.step()
        }
        f.step()
        report(.live)
        #expect(badge.detail == nil && video.label == .live)
        report(.ended)
        report(.ended)
        #expect(f.studio.liveSession.liveState == .ended && video.label == .ended)
        #expect(badge.detail == "Ended", "the badge never says a room is live that is not")
        report(.live)
        #expect(f.studio.liveSession.liveState == .live && video.label == .live && badge.detail == nil)
        #expect(f.studio.liveSession.liveTime < 0.05, "the next stream's clock starts at 0")
        Self.serverSends(f, "NEXT")
        #expect(Self.shows(f, "NEXT"), "the next stream's audience is heard")
        report(.live)
        report(.preview)
        f.studio.announcer.deliverQueued()
        #expect(recorder.values(.liveStateChanged) == [.ended, .live])

        // A kind that keeps its own state beside the badge gets it back with the next stream.
        let pk = try ConfiguredStudioFixture(kind: StudioKinds.pk)
        let pkBadge = try #require(pk.studio.widget(StudioBadgeWidget.self))
        pk.step()
        let own = try #require(pkBadge.detail)
        pk.studio.receiveFeed(StudioNote(.liveStateReported, .ended))
        pk.step()
        #expect(pkBadge.detail == "Ended")
        pk.studio.receiveFeed(StudioNote(.liveStateReported, .live))
        pk.step()
        #expect(pkBadge.detail == own)
    }

    @Test("a live server's room makes up nothing: no first members, no count or stream age of its own, no rank until the server says")
    func liveServerRoomMakesNothingUp() throws {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.audience, liveServer: true)
        f.step()
        let list = try #require(f.widget("audienceList", as: AudienceListWidget.self))
        let host = try #require(f.studio.widget(HostInfoWidget.self))
        #expect(list.members.isEmpty && list.onlineCount == 0 && host.onlineCount == 0)
        #expect(f.studio.liveSession.liveTime < 0.05, "the stream's age is not known")
        f.studio.receiveFeed(StudioNote(.onlineCountChanged, 1_000))
        f.studio.receiveFeed(StudioNote(.audienceEntered, AudienceMember(name: "阿福", level: 3)))
        f.step()
        #expect(list.members.map(\.name) == ["阿福"])
        #expect(list.onlineCount == 1_000 && host.onlineCount == 1_000, "the server's count, not moved by an arrival")
        let rank = try #require(f.studio.widget(RankListDialogWidget.self))
        #expect(rank.hostRank == nil)
        f.studio.receiveFeed(StudioNote(.rankChanged, 4))
        f.step()
        #expect(rank.hostRank == 4)

        // The same kind simulated starts with members, the directory's count and a rank.
        let simulated = try ConfiguredStudioFixture(kind: StudioKinds.audience)
        simulated.step()
        #expect(simulated.widget("audienceList", as: AudienceListWidget.self)?.members.isEmpty == false)
        #expect(simulated.studio.widget(HostInfoWidget.self)?.onlineCount == 12_345)
        #expect(simulated.studio.widget(RankListDialogWidget.self)?.hostRank != nil)
    }

    @Test(
        "a viewer's room told the stream ended shows it: the picture says ended and holds, its clock stops, no comment arrives; the host's camera goes on"
    )
    func viewersSeeTheEnd() throws {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.audience)
        let video = try #require(f.widget("video", as: VideoPlayerWidget.self))
        f.step()
        #expect(video.label == .live)
        f.studio.receiveFeed(StudioNote(.liveStateReported, .ended))
        f.step()
        #expect(f.studio.liveSession.liveState == .ended)
        #expect(video.label == .ended)
        let ended = f.studio.liveSession.liveTime, picture = video.playTime
        for _ in 0..<30 { f.step() }
        #expect(f.studio.liveSession.liveTime == ended, "the clock holds")
        #expect(video.playTime == picture, "the picture holds its last frame")
        let gated = f.studio.gatedFeedNotes
        Self.serverSends(f, "TAGE2")
        #expect(f.studio.gatedFeedNotes == gated + 3)

        // The host's studio says it on its panel: its picture is configured without the card.
        let host = try ConfiguredStudioFixture(kind: StudioKinds.host)
        let own = try #require(host.widget("video", as: VideoPlayerWidget.self))
        #expect(!own.endCard)
        host.studio.receiveFeed(StudioNote(.liveStateReported, .live))
        host.step()
        host.studio.receiveFeed(StudioNote(.liveStateReported, .ended))
        host.step()
        #expect(own.label == .ended)
        let playing = own.playTime
        host.step()
        #expect(own.playTime > playing, "the host's camera still shows")
    }

    @Test("the live state moves preview -> live -> ended only, announcing each change")
    func liveStateMachine() throws {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.host)
        let recorder = EventRecorder(f.studio.announcer, .liveStateChanged)
        f.studio.liveSession.endLive()
        f.studio.liveSession.goLive()
        f.studio.liveSession.goLive()
        f.studio.liveSession.endLive()
        f.studio.liveSession.goLive()
        f.studio.announcer.deliverQueued()
        #expect(recorder.values(.liveStateChanged) == [.live, .ended])
    }

    @Test("there is one live timer: it counts from going live, and the panel and the video's clock show it")
    func oneLiveTimer() throws {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.host)
        f.run(seconds: 5)
        #expect(f.studio.liveSession.liveTime == 0)
        f.studio.liveSession.goLive()
        f.run(seconds: 3)
        #expect(abs(f.studio.liveSession.liveTime - 3) < 0.02)
        let panel = try #require(f.widget("hostPanel", as: HostPanelWidget.self))
        #expect(panel.timerText == "LIVE 00:03")
        #expect(f.draw().texts(in: .displayer).contains(VideoScene.clockText(f.studio.liveSession.liveTime)))
        f.studio.liveSession.endLive()
        f.run(seconds: 2)
        #expect(abs(f.studio.liveSession.liveTime - 3) < 0.02, "the timer holds once ended")
    }

    @Test(
        "in lite mode no draw command of the movable layer or of the danmaku reaches the display list",
        arguments: [StudioKinds.audience, StudioKinds.hostsLoop, StudioKinds.claw])
    func liteModeHidesMovable(kind: RoomKind) throws {
        let f = try ConfiguredStudioFixture(kind: kind)
        let danmaku = try #require(f.widget("danmaku", as: DanmakuWidget.self))
        for i in 0..<20 { danmaku.enqueue(DanmakuItem(Comment(user: "U", text: "danmaku \(i)", userColor: .white))) }
        f.run(seconds: 2)
        let before = f.draw()
        #expect(!before.items(in: .movable).isEmpty)
        #expect(before.allTexts.contains { $0.hasPrefix("danmaku") })

        f.studio.handleInput(.key(KeyEvent(.l)))
        f.run(seconds: 1)
        #expect(f.studio.isLiteMode)
        let lite = f.draw()
        #expect(lite.items(in: .movable).isEmpty)
        #expect(!lite.allTexts.contains { $0.hasPrefix("danmaku") })
        // What lite mode keeps is still drawn: the video and the lite buttons.
        #expect(!lite.items(in: .displayer).isEmpty && !lite.items(in: .lite).isEmpty)
    }

    @Test("a paused playback holds the picture: two frames a second apart draw the same video")
    func pauseHoldsThePicture() throws {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.playback)
        let bar = try #require(f.widget("playbackBar", as: PlaybackBarWidget.self))
        f.run(seconds: 1)
        let playingA = f.draw().items(in: .displayer)
        f.run(seconds: 1)
        #expect(Array(playingA) != Array(f.draw().items(in: .displayer)), "the picture does not move while playing")

        bar.toggle()
        f.step()
        #expect(!bar.isPlaying)
        let pausedA = Array(f.draw().items(in: .displayer))
        let position = bar.position
        f.run(seconds: 1)
        #expect(Array(f.draw().items(in: .displayer)) == pausedA)
        #expect(bar.position == position)

        bar.toggle()
        f.run(seconds: 1)
        #expect(Array(f.draw().items(in: .displayer)) != pausedA, "the picture does not resume")
    }
}
