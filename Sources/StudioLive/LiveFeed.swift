import DanmakuImport
import Foundation
import StudioDomain
import StudioFeed
import StudioKit

/// A live connection as the rooms' feed (`studio run --live`): a thread of its own connects
/// to a live broadcast server, authenticates for one room, and sends what it reads into the
/// driver's inbox as notes, the same notes a played recording sends, so widgets take live
/// data as they take the simulated server's. The room hears the connection's state through
/// `.connectionChanged`, as with the simulated server; a drop is retried with the simulated
/// server's backoff (`ConnectionPolicy`), for ever, until shutdown.
///
/// The server's room is the only one: nothing simulated goes with it (the app's feed sends
/// nothing of its own beside a live connection), and while the connection is down nothing
/// arrives. A room entered later (a swipe) hears at once what the server last said of the
/// connection, the online count and the live state, as a player that joins is told.
///
/// The loop thread never waits for the network: `handle` only sets a flag or sends notes,
/// except `.shutdown`, which waits at most a second for the thread (a connection attempt in
/// progress is left to end by itself).
package final class LiveFeed: IOComponent, Sendable {
    /// Whether the loop stopped the feed, what its connections counted, and what the server
    /// last said that a room entered later must hear.
    private let state = Locked((stopped: false, totals: LiveClient.Counters(), said: Said()))
    private let inbox: Inbox<StudioNote>

    /// What the server last said of the room as a whole.
    private struct Said {
        var connection = ConnectionState.connecting
        var online: Int?
        var live: LiveState?

        /// The notes that tell a room entered now, for `roomID`.
        func notes(for roomID: Int) -> [StudioNote] {
            var notes = [StudioNote(.connectionChanged, connection, roomID: roomID)]
            if let online { notes.append(StudioNote(.onlineCountChanged, online, roomID: roomID)) }
            if let live { notes.append(StudioNote(.liveStateReported, live, roomID: roomID)) }
            return notes
        }
    }
    private let finished = DispatchSemaphore(value: 0)

    /// Seconds a connection must last for its drop to start the backoff over.
    static let heldConnection = 10.0

    /// Starts the feed's thread, sending the platform's heartbeat every 30 s. `log` gets a
    /// line for each connection, drop and retry.
    package convenience init(
        url: URL, roomID: Int, key: String? = nil, inbox: Inbox<StudioNote>, policy: ConnectionPolicy = ConnectionPolicy(),
        log: @escaping @Sendable (String) -> Void
    ) {
        self.init(url: url, roomID: roomID, key: key, inbox: inbox, policy: policy, heartbeatInterval: 30, log: log)
    }

    /// Starts the feed's thread, with a heartbeat every `heartbeatInterval` seconds (a test's
    /// shorter one, so that a silent connection is found sooner).
    package init(
        url: URL, roomID: Int, key: String? = nil, inbox: Inbox<StudioNote>, policy: ConnectionPolicy = ConnectionPolicy(),
        heartbeatInterval: Double, log: @escaping @Sendable (String) -> Void
    ) {
        self.inbox = inbox
        let thread = Thread { [self] in
            ThreadNaming.nameCurrentThread("live feed")
            run(url: url, roomID: roomID, key: key, policy: policy, heartbeatInterval: heartbeatInterval, log: log)
            finished.signal()
        }
        thread.start()
    }

    /// What the connections so far skipped (every connection's counts added up).
    package var counters: LiveClient.Counters { state.withLock { $0.totals } }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    package func handle(_ control: DriverControl) {
        switch control {
        case .roomEntered(let room):
            // Sent from the loop's thread, which names its own track.
            for note in state.withLock({ $0.said.notes(for: room.id) }) { inbox.send(note, thread: "loop") }
        case .shutdown:
            state.withLock { $0.stopped = true }
            _ = finished.wait(timeout: .now() + 1)
        default:
            break
        }
    }

    /// Sends what `message` announces to the room, remembering what a room entered later
    /// must hear.
    private func send(_ message: LiveMessage) {
        guard let note = message.note else { return }
        switch message {
        case .popularity(let count), .onlineCount(let count): state.withLock { $0.said.online = count }
        case .live: state.withLock { $0.said.live = .live }
        case .preparing: state.withLock { $0.said.live = .ended }
        default: break
        }
        inbox.send(note, thread: "live feed")
    }

    private func say(_ connection: ConnectionState) {
        state.withLock { $0.said.connection = connection }
        inbox.send(StudioNote(.connectionChanged, connection), thread: "live feed")
    }

    private func run(
        url: URL, roomID: Int, key: String?, policy: ConnectionPolicy,
        heartbeatInterval: Double, log: @Sendable (String) -> Void
    ) {
        var attempt = 0
        while !isStopped {
            say(.connecting)
            var client: LiveClient?
            var connectedAt: Date?
            do {
                let connected = try LiveClient(url: url, roomID: roomID, key: key, heartbeatInterval: heartbeatInterval)
                client = connected
                connectedAt = Date()
                log("live: connected to \(url.absoluteString), room \(roomID)")
                say(.connected)
                while !isStopped {
                    for message in try connected.read(until: Date().addingTimeInterval(0.25)) {
                        send(message)
                    }
                }
            } catch {
                if isStopped { break }
                // Only a connection that held starts the backoff over: a server that takes
                // the authentication and drops at once would otherwise be redialled at the
                // first step for ever.
                if let connectedAt, Date().timeIntervalSince(connectedAt) >= Self.heldConnection { attempt = 0 }
                attempt += 1
                let wait = policy.retryDelay(attempt: attempt)
                log("live: \(error); connecting again in \(wait.formatted()) s (attempt \(attempt))")
                say(.disconnected(retryIn: wait, attempt: attempt))
                let until = Date().addingTimeInterval(wait)
                while !isStopped, Date() < until { Thread.sleep(forTimeInterval: 0.05) }
            }
            if let client { state.withLock { $0.totals.add(client.counters) } }
        }
    }
}

extension LiveClient.Counters {
    mutating func add(_ other: Self) {
        messages += other.messages
        malformed += other.malformed
        broken += other.broken
        webSocketMessages += other.webSocketMessages
        packets += other.packets
        unknownUnnamed += other.unknownUnnamed
        for (command, n) in other.unknown { countUnknown(command, n) }
        for problem in other.firstProblems { note(problem) }
    }
}

extension LiveMessage {
    /// What the message announces in a room, as the simulated server's notes do: the
    /// popularity of a heartbeat's answer is the room's online count, as the platform's
    /// players show it.
    public var note: StudioNote? {
        switch self {
        case .record(let record): record.note
        case .entered(let user): StudioNote(.audienceEntered, AudienceMember(name: user, level: 1))
        case .followed(let user): StudioNote(.systemMessage, "\(user) followed the host")
        case .liked: StudioNote(.likesArrived, 1)
        case .onlineCount(let count): StudioNote(.onlineCountChanged, count)
        case .rank(let rank): StudioNote(.rankChanged, rank)
        case .live: StudioNote(.liveStateReported, .live)
        case .preparing: StudioNote(.liveStateReported, .ended)
        case .popularity(let count): StudioNote(.onlineCountChanged, count)
        }
    }
}
