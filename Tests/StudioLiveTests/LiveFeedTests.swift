import DanmakuImport
import Foundation
import StudioDomain
import StudioFeed
import StudioKit
import Testing

@testable import StudioLive

/// The live feed as a room's I/O component: the notes it sends are a recording's notes, and
/// the room hears its connection's state.
@Suite("Live feed", .serialized)
struct LiveFeedTests {
    /// How often `collect` looks into the inbox.
    static let collectGranularity = 0.02

    /// The notes sent into `inbox` until `seconds` pass or `enough` holds.
    static func collect(_ inbox: Inbox<StudioNote>, seconds: Double, until enough: ([StudioNote]) -> Bool) -> [StudioNote] {
        let end = Date().addingTimeInterval(seconds)
        var notes: [StudioNote] = []
        while Date() < end, !enough(notes) {
            inbox.drain(into: &notes)
            Thread.sleep(forTimeInterval: collectGranularity)
        }
        return notes
    }

    @Test("the feed's notes are the recording's, in order; connecting and connected are announced, and a drop with its retry")
    func notesAndConnection() throws {
        let (server, url) = try LiveClientTests.serve()
        let inbox = Inbox<StudioNote>()
        let lines = LogLines()
        let feed = LiveFeed(url: url, roomID: 7, inbox: inbox, log: lines.add)
        let index = try DanmakuFileIndex(contentsOf: LiveClientTests.recording)
        // The recording's notes, then the stream's end.
        let expected = (0..<index.count).compactMap { index.record(at: $0)?.note } + [StudioNote(.liveStateReported, .ended)]
        // The connection's state and the heartbeats' popularity come beside the content.
        let aside: Set = [EventKey<ConnectionState>.connectionChanged.name, EventKey<Int>.onlineCountChanged.name]
        var notes = Self.collect(inbox, seconds: 15) { notes in
            notes.filter { !aside.contains($0.name) }.count >= expected.count
        }
        let states = notes.compactMap { $0.value(.connectionChanged) }
        #expect(states.prefix(2) == [.connecting, .connected])
        #expect(notes.contains { $0.value(.onlineCountChanged) == 1_000 }, "the server's popularity is the online count")
        let content = notes.filter { !aside.contains($0.name) }
        #expect(content.map(\.name) == expected.map(\.name))
        #expect(content.compactMap { $0.value(.commentArrived)?.text } == expected.compactMap { $0.value(.commentArrived)?.text })
        #expect(content.compactMap { $0.value(.giftArrived) } == expected.compactMap { $0.value(.giftArrived) })
        #expect(content.compactMap { $0.value(.superChatArrived) } == expected.compactMap { $0.value(.superChatArrived) })
        #expect(lines.text.contains("live: connected to \(url.absoluteString), room 7"), "\(lines.text)")

        // A room entered now (a swipe) hears what the server last said, as a joining player is told.
        let later = RoomInfo(id: 55, kind: "audience", title: "", hostName: "", cover: ImageRef("cover-1"), onlineCount: 0)
        feed.handle(.roomEntered(later))
        var told: [StudioNote] = []
        inbox.drain(into: &told)
        #expect(
            told == [
                StudioNote(.connectionChanged, .connected, roomID: 55), StudioNote(.onlineCountChanged, 1_000, roomID: 55),
                StudioNote(.liveStateReported, .ended, roomID: 55),
            ])

        server.stop()
        notes = Self.collect(inbox, seconds: 5) { $0.contains { $0.value(.connectionChanged) == .disconnected(retryIn: 1, attempt: 1) } }
        #expect(notes.contains { $0.value(.connectionChanged) == .disconnected(retryIn: 1, attempt: 1) }, "\(notes.map(\.name))")
        let started = Date()
        feed.handle(.shutdown)
        #expect(Date().timeIntervalSince(started) < 1.5)
        #expect(feed.counters.messages >= expected.count)
    }

    @Test("after the server restarts, the feed's first retry connects it again, one backoff step after the drop")
    func reconnectsAfterARestart() throws {
        let (first, url) = try LiveClientTests.serve()
        let port = try #require(url.port)
        let inbox = Inbox<StudioNote>()
        let feed = LiveFeed(url: url, roomID: 7, inbox: inbox) { _ in }
        defer { feed.handle(.shutdown) }
        var notes = Self.collect(inbox, seconds: 10) { $0.contains { $0.value(.connectionChanged) == .connected } }
        #expect(notes.contains { $0.value(.connectionChanged) == .connected })
        first.process.terminate()
        first.process.waitUntilExit()
        let stopped = Date()
        let (second, _) = try LiveClientTests.serve(["--port", "\(port)"])
        defer { second.stop() }
        // A server that took longer to start again than the first step leaves nothing for
        // the first retry to find: then only the reconnection itself is checked.
        let restartedInTime = Date().timeIntervalSince(stopped) < ConnectionPolicy().firstRetry - 0.1
        notes = Self.collect(inbox, seconds: 10) { $0.contains { $0.value(.connectionChanged) == .connected } }
        let took = Date().timeIntervalSince(stopped)
        #expect(notes.contains { $0.value(.connectionChanged) == .connected }, "\(notes.map(\.name))")
        // The first retry, after the first backoff step, is the one that connects: no second
        // attempt was announced. (How long that takes on a quiet machine is a measurement,
        // not this test's: its bound only says the first step was not skipped or repeated.)
        let attempts = notes.compactMap { note -> Int? in
            if case .disconnected(_, let attempt)? = note.value(.connectionChanged) { attempt } else { nil }
        }
        guard restartedInTime else { return }
        #expect(attempts.allSatisfy { $0 == 1 }, "retries announced: \(attempts)")
        #expect(took >= ConnectionPolicy().firstRetry - 0.05 && took < 2 * ConnectionPolicy().firstRetry, "reconnected after \(took) s")
    }

    @Test("a server that drops each connection just after its authentication is redialled with a growing backoff")
    func flappingServerBacksOff() throws {
        let (server, url) = try LiveClientTests.serve(["--disconnect-at", "0.05"])
        defer { server.stop() }
        let inbox = Inbox<StudioNote>()
        let feed = LiveFeed(url: url, roomID: 7, inbox: inbox) { _ in }
        defer { feed.handle(.shutdown) }
        let notes = Self.collect(inbox, seconds: 8) { notes in
            notes.contains { if case .disconnected(_, 3)? = $0.value(.connectionChanged) { true } else { false } }
        }
        let retries = notes.compactMap { note -> Double? in
            if case .disconnected(let wait, _)? = note.value(.connectionChanged) { wait } else { nil }
        }
        #expect(Array(retries.prefix(3)) == [1, 2, 4], "\(retries)")
        #expect(notes.filter { $0.value(.connectionChanged) == .connected }.count >= 3, "each attempt connected")
    }

    @Test("entries, follows, likes, the online count, the rank and the live state become the room's notes")
    func roomNotes() {
        #expect(LiveMessage.entered(user: "Ola").note == StudioNote(.audienceEntered, AudienceMember(name: "Ola", level: 1)))
        #expect(LiveMessage.followed(user: "Ola").note == StudioNote(.systemMessage, "Ola followed the host"))
        #expect(LiveMessage.liked(user: "Ola").note == StudioNote(.likesArrived, 1))
        #expect(LiveMessage.onlineCount(42).note == StudioNote(.onlineCountChanged, 42))
        #expect(LiveMessage.live.note == StudioNote(.liveStateReported, .live))
        #expect(LiveMessage.preparing.note == StudioNote(.liveStateReported, .ended))
        #expect(LiveMessage.popularity(9).note == StudioNote(.onlineCountChanged, 9), "the platform's players show it as online")
        #expect(LiveMessage.rank(3).note == StudioNote(.rankChanged, 3))
    }
}

/// The feed's log lines, kept for a test to read.
final class LogLines: Sendable {
    private let lines = Locked<[String]>([])
    func add(_ line: String) { lines.withLock { $0.append(line) } }
    var text: String { lines.value.joined(separator: "\n") }
}
