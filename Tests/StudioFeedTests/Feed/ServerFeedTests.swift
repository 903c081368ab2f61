import RoomFixtures
import Foundation
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Server feed and lockstep feed")
struct ServerFeedTests {
    static func core() -> FeedCore {
        FeedCore(seed: 99, rates: { _ in FeedRates(comments: 4, gifts: 1, likes: 10, enters: 1, leaves: 1) })
    }

    /// The controls a driver sends over 12 s: a room, frames, a disconnect, a room change.
    static func script(_ feed: IOComponent, disconnect: () -> Void) {
        feed.handle(.roomEntered(FeedFixture.room))
        for frame in 1...720 {
            feed.handle(.advance(to: Double(frame) / 60))
            if frame == 180 { disconnect() }
            if frame == 480 {
                feed.handle(.roomLeft(FeedFixture.room))
                feed.handle(.roomEntered(FeedFixture.otherRoom))
            }
        }
    }

    @Test("the server feed delivers its notes through the inbox from its own thread")
    func delivers() {
        let inbox = Inbox<StudioNote>()
        let feed = ServerFeed(inbox: inbox, core: Self.core())
        defer { feed.handle(.shutdown) }
        feed.handle(.roomEntered(FeedFixture.room))
        for frame in 1...300 { feed.handle(.advance(to: Double(frame) / 60)) }
        var received: [StudioNote] = []
        let arrived = FeedFixture.eventually {
            inbox.drain(into: &received)
            return received.contains { $0.name == EventKey.commentArrived.name }
        }
        #expect(arrived)
        #expect(received.allSatisfy { $0.roomID == FeedFixture.room.id })
        #expect(FeedFixture.eventually { feed.status.time == 5 })
    }

    @Test("handle only queues: it returns while the feed thread is held, and the work happens after")
    func handleNeverWaits() {
        let inbox = Inbox<StudioNote>()
        let feed = ServerFeed(inbox: inbox, core: Self.core())
        defer { feed.handle(.shutdown) }
        feed.pauseWorkerForTesting()
        feed.handle(.roomEntered(FeedFixture.room))
        for frame in 1...1000 { feed.handle(.advance(to: Double(frame) / 60)) }
        feed.simulateDisconnect()
        feed.setRates(FeedRates(comments: 1))
        // Every call above returned although the thread could take none of them.
        #expect(feed.pendingControlCount == 1003)
        var received: [StudioNote] = []
        inbox.drain(into: &received)
        #expect(received.isEmpty)

        feed.resumeWorkerForTesting()
        #expect(FeedFixture.eventually { feed.pendingControlCount == 0 && feed.status.time == 1000.0 / 60 })
        inbox.drain(into: &received)
        #expect(!received.isEmpty)
    }

    @Test("the lockstep feed and the server feed given the same controls produce the same notes")
    func sameNotes() {
        let lockstepInbox = Inbox<StudioNote>()
        let lockstep = LockstepFeed(inbox: lockstepInbox, core: Self.core())
        Self.script(lockstep) { lockstep.simulateDisconnect() }
        lockstep.handle(.shutdown)

        let serverInbox = Inbox<StudioNote>()
        let server = ServerFeed(inbox: serverInbox, core: Self.core())
        Self.script(server) { server.simulateDisconnect() }
        server.handle(.shutdown)  // joins the thread: every note is in the inbox now

        var expected: [StudioNote] = [], actual: [StudioNote] = []
        lockstepInbox.drain(into: &expected)
        serverInbox.drain(into: &actual)
        #expect(expected.count > 100)
        #expect(expected.contains { $0.roomID == FeedFixture.otherRoom.id })
        #expect(expected.contains { $0.name == EventKey.connectionChanged.name })
        #expect(actual == expected)
        #expect(server.status == lockstep.status)
    }

    @Test("the lockstep feed's notes are in the inbox when advance returns")
    func lockstepImmediate() {
        let inbox = Inbox<StudioNote>()
        let feed = LockstepFeed(inbox: inbox, core: Self.core())
        feed.handle(.roomEntered(FeedFixture.room))
        feed.handle(.advance(to: 10))
        var received: [StudioNote] = []
        inbox.drain(into: &received)
        #expect(received.contains { $0.name == EventKey.commentArrived.name })
    }

    @Test("after shutdown the server feed's thread is gone and further controls are ignored")
    func shutdown() {
        let inbox = Inbox<StudioNote>()
        let feed = ServerFeed(inbox: inbox, core: Self.core())
        feed.handle(.roomEntered(FeedFixture.room))
        feed.handle(.shutdown)
        #expect(feed.status.isShutDown)
        feed.handle(.advance(to: 10))
        feed.handle(.shutdown)  // a second shutdown returns at once
        #expect(feed.pendingControlCount == 0)
        var received: [StudioNote] = []
        inbox.drain(into: &received)
        #expect(!received.contains { $0.name == EventKey.commentArrived.name })
    }
}
