import StudioDomain
import StudioKit

/// The logic both feeds share: one generator per room the driver entered, one keep-alive
/// connection for all of them, and optionally a scenario's scripted server messages.
/// A pure value: controls in, timed notes out; no thread, no clock.
///
/// `ServerFeed` runs it on its own thread, `LockstepFeed` on the loop thread; given the
/// same controls in the same order both produce the same notes.
package struct FeedCore: Sendable {
    /// Keeps the feed's seeds apart from the rooms', which derive from the same session seed.
    static let seedOffset: UInt64 = 0x632B_E59B_D9B4_E019

    /// Each room's generator is seeded from this and the room's id.
    package let seed: UInt64
    /// Simulated time: the latest `.advance(to:)`. It never goes back.
    package private(set) var time: Double = 0
    package private(set) var connection: ConnectionMachine
    /// Keep-alive notes lost while the connection was down.
    package private(set) var missedWhileDisconnected = 0
    package private(set) var isShutDown = false
    /// The rooms being fed, in the order they were entered.
    package private(set) var generators: [FeedGenerator] = []
    private let ratesForRoom: @Sendable (RoomInfo) -> FeedRates
    private var ratesOverride: FeedRates?
    private var scenario: ScenarioPlayer?
    /// A danmaku file or recording played as the rooms' chat, and the index of its next note.
    private let file: FeedFile?
    private var fileNext = 0

    /// - Parameters:
    ///   - seed: the base seed of every room's generator and of the connection.
    ///   - policy: how the keep-alive connection behaves when it drops.
    ///   - scenario: scripted server messages and connection commands to play at their
    ///     times (its gestures are ignored here: input replay is the backend's business).
    ///   - rates: the rates for a room being entered (by its kind, usually).
    ///   - file: a danmaku file or live recording whose notes are the live rooms' comments,
    ///     gifts, super chats and memberships at their times; the rooms' own simulated
    ///     comments and gifts then stop (the rest of the room, its audience and likes, goes
    ///     on). The playback room replays it by position itself.
    ///   - serverElsewhere: another component is the rooms' server (a live connection): the
    ///     feed simulates nothing for any room, neither its audience nor its connection,
    ///     whatever the rates say (a scenario's scripted notes still play).
    package init(
        seed: UInt64, policy: ConnectionPolicy = ConnectionPolicy(), scenario: Scenario? = nil,
        file: FeedFile? = nil, serverElsewhere: Bool = false,
        rates: @escaping @Sendable (RoomInfo) -> FeedRates = { _ in .live }
    ) {
        self.seed = seed
        connection = ConnectionMachine(policy: policy, seed: SeededRandom.derive(seed, 0xC0FFEE, offset: FeedCore.seedOffset))
        self.scenario = scenario.map { ScenarioPlayer($0) }
        self.file = file
        if serverElsewhere {
            // A room without a keep-alive connection is sent nothing at all.
            ratesForRoom = { _ in FeedRates(keepAlive: false) }
        } else if file == nil {
            ratesForRoom = rates
        } else {
            ratesForRoom = { @Sendable room in
                var quiet = rates(room)
                quiet.comments = 0
                quiet.gifts = 0
                return quiet
            }
        }
    }

    package var status: FeedStatus {
        FeedStatus(
            time: time, connection: connection.state, missedWhileDisconnected: missedWhileDisconnected,
            rooms: generators.map(\.room.id), isShutDown: isShutDown)
    }

    /// Applies one control; returns the notes it produced, in time order.
    /// - Complexity: `.advance` is O(notes due × rooms); the rest O(rooms).
    package mutating func apply(_ control: FeedControl) -> [TimedNote] {
        guard !isShutDown else { return [] }
        switch control {
        case .driver(.advance(let t)):
            return advance(to: t)
        case .driver(.roomEntered(let room)):
            return enter(room)
        case .driver(.roomLeft(let room)):
            generators.removeAll { $0.room.id == room.id }
            return []
        case .driver(.video):
            return []
        case .driver(.shutdown):
            isShutDown = true
            generators = []
            return []
        case .disconnect:
            return announce(connection.drop(at: time))
        case .failNextReconnects(let count):
            connection.failNextAttempts(count)
            return []
        case .setRates(let rates):
            ratesOverride = rates
            for i in generators.indices { generators[i].setRates(rates) }
            return []
        }
    }

    private mutating func enter(_ room: RoomInfo) -> [TimedNote] {
        generators.removeAll { $0.room.id == room.id }
        let rates = ratesOverride ?? ratesForRoom(room)
        let roomSeed = SeededRandom.derive(seed, UInt64(bitPattern: Int64(room.id)), offset: FeedCore.seedOffset)
        generators.append(FeedGenerator(room: room, rates: rates, seed: roomSeed, start: time))
        // The room learns the connection's state as it joins (the driver's state starts
        // at `.connecting`); one entered during an outage shows the outage at once.
        guard rates.keepAlive else { return [] }
        return [TimedNote(time: time, note: StudioNote(.connectionChanged, connection.state, roomID: room.id))]
    }

    /// One thing due in the timeline of an advance.
    private enum Due {
        case note(TimedNote)
        case command(ConnectionCommand)
    }

    private mutating func advance(to t: Double) -> [TimedNote] {
        guard t >= time else { return [] }
        // Merge scenario entries and every room's notes by time; on equal times the scenario
        // comes first, then rooms in entry order (each source is in time order already).
        var timeline: [(time: Double, due: Due)] = []
        if var player = scenario {
            let currentRoom = generators.last?.room.id
            for entry in player.advance(to: t).entries {
                switch entry.action {
                case .note(var note):
                    note.roomID = currentRoom
                    timeline.append((entry.time, .note(TimedNote(time: entry.time, note: note))))
                case .connection(let command):
                    timeline.append((entry.time, .command(command)))
                case .input:
                    break
                }
            }
            scenario = player
        }
        if let file {
            // Notes due while no live room is open (none yet, or the playback room, which
            // replays the file by its own position) are missed, as a live room's chat is.
            let room = generators.last?.room
            while fileNext < file.count, file.time(at: fileNext) <= t {
                let position = fileNext
                fileNext += 1
                guard let room, room.kind != StudioKinds.playback, var timed = file.note(at: position) else { continue }
                timed.note.roomID = room.id
                timeline.append((timed.time, .note(timed)))
            }
        }
        for i in generators.indices {
            for timed in generators[i].notes(until: t) { timeline.append((timed.time, .note(timed))) }
        }
        let ordered = timeline.enumerated().sorted { a, b in
            a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
        }

        var out: [TimedNote] = []
        for (_, item) in ordered {
            // Connection changes due by then come first: a note at the instant the line
            // drops is lost, one at the instant it reconnects arrives.
            out += announce(connection.advance(to: item.time))
            switch item.due {
            case .note(let timed):
                if connection.isConnected { out.append(timed) } else { missedWhileDisconnected += 1 }
            case .command(.drop):
                out += announce(connection.drop(at: item.time))
            case .command(.fail):
                connection.failNextAttempts(1)
            }
        }
        out += announce(connection.advance(to: t))
        time = t
        return out
    }

    /// Each connection change as notes for every room with a keep-alive connection:
    /// `.connectionChanged`, then the `.systemMessage` the change shows, if any.
    private func announce(_ changes: [ConnectionMachine.Change]) -> [TimedNote] {
        var out: [TimedNote] = []
        for change in changes {
            for generator in generators where generator.rates.keepAlive {
                let id = generator.room.id
                out.append(TimedNote(time: change.time, note: StudioNote(.connectionChanged, change.state, roomID: id)))
                if let message = change.message {
                    out.append(TimedNote(time: change.time, note: StudioNote(.systemMessage, message, roomID: id)))
                }
            }
        }
        return out
    }
}
