import Foundation

/// A client of a live broadcast server (the platform's, or `studio serve`): it connects,
/// authenticates for a room, sends a heartbeat every `heartbeatInterval` seconds, and reads
/// what arrives as `LiveMessage`s. Blocking: it is meant for a feed's own thread.
///
/// What it cannot use is counted, never fatal: commands it does not know, commands missing
/// a field, and messages whose packets are broken (each skipped whole). A connection on
/// which nothing arrives for two heartbeats ends (`LiveConnectionError.timedOut`): a
/// server answers every heartbeat, so one that answers none has gone.
public final class LiveClient {
    /// What the client skipped, and why.
    public struct Counters: Hashable, Sendable {
        /// Messages read, of every kind.
        public var messages = 0
        /// Commands LiveStudio does not use, by name: the first `unknownNamesKept` names of
        /// at most `unknownNameLength` bytes. A server that gives each command a new name
        /// would otherwise grow this without bound; the rest count in `unknownUnnamed`.
        public var unknown: [String: Int] = [:]
        /// Commands LiveStudio does not use, past the names kept in `unknown`.
        package var unknownUnnamed = 0
        /// WebSocket messages read, and the packets they held once unpacked from their
        /// compressed batches (a busy room's message is one batch of many commands).
        package var webSocketMessages = 0
        package var packets = 0
        /// Commands it uses whose fields were missing or wrong.
        package var malformed = 0
        /// WebSocket messages skipped whole: broken packets, or bodies that do not decompress.
        package var broken = 0
        /// The first few reasons for `malformed` and `broken`, for a log.
        package var firstProblems: [String] = []

        static let unknownNamesKept = 32
        static let unknownNameLength = 64

        mutating func note(_ problem: String) {
            if firstProblems.count < 5 { firstProblems.append(problem) }
        }

        /// Counts `n` commands called `name` that LiveStudio does not use.
        mutating func countUnknown(_ name: String, _ n: Int = 1) {
            if unknown[name] != nil {
                unknown[name, default: 0] += n
            } else if unknown.count < Self.unknownNamesKept, name.utf8.count <= Self.unknownNameLength {
                unknown[name] = n
            } else {
                unknownUnnamed += n
            }
        }

        /// Every command skipped as unknown, named or not.
        package var unknownTotal: Int { unknown.values.reduce(unknownUnnamed, +) }
    }

    public let url: URL
    public let roomID: Int
    package let heartbeatInterval: Double
    /// What the connection skipped so far.
    package var counters: Counters { reader.counters }
    private var reader = LiveMessageReader()
    private let socket: LiveSocket
    /// The first heartbeat goes right after the authentication, as the platform's own player does.
    private var nextHeartbeat = Date.distantPast
    /// When the last WebSocket message arrived: the connection is dead after two heartbeats
    /// with none.
    private var lastArrival = Date()
    private var pending: [LiveMessage] = []

    /// Connects to `url` and authenticates for `roomID` (with the platform's token `key`,
    /// when it wants one), waiting at most `timeout` seconds for each step.
    /// - Throws: `LiveConnectionError`: the address cannot be reached, the server refuses
    ///   the upgrade or the room (with its code), or does not answer in time.
    public init(
        url: URL, roomID: Int, key: String? = nil, heartbeatInterval: Double = 30, timeout: Double = 10
    )
        throws(LiveConnectionError)
    {
        self.url = url
        self.roomID = roomID
        self.heartbeatInterval = heartbeatInterval
        socket = try LiveSocket(url: url, timeout: timeout)
        var auth: [String: Any] = ["uid": 0, "roomid": roomID, "protover": 3, "platform": "web", "type": 2]
        if let key { auth["key"] = key }
        let body = (try? JSONSerialization.data(withJSONObject: auth, options: [.sortedKeys])).map(Array.init) ?? []
        try socket.send(LivePacket(version: .client, operation: .authenticate, body: body).bytes)
        let deadline = Date().addingTimeInterval(timeout)
        var accepted = false
        while !accepted {
            guard let message = try socket.receive(until: deadline) else {
                throw .timedOut("\(url.absoluteString): no answer to the authentication for room \(roomID) within \(timeout.formatted()) s")
            }
            for packet in (try? LivePacket.split(message)) ?? [] where packet.operation == .authenticateReply {
                let reply = (try? JSONSerialization.jsonObject(with: Data(packet.body))) as? [String: Any]
                let code = (reply?["code"] as? NSNumber)?.intValue
                guard code == 0 else {
                    throw .refused("\(url.absoluteString): the server refused room \(roomID) (code \(code.map(String.init) ?? "missing"))")
                }
                accepted = true
            }
            if !accepted { pending += decode(unpack(message)) }
        }
        // The silence is counted from the authentication's answer, the last thing to arrive.
        lastArrival = Date()
        try heartbeatIfDue()
    }

    /// The messages of the next WebSocket message to arrive by `deadline` (empty when none
    /// came, or it held nothing LiveStudio uses). Sends the heartbeat when it is due.
    /// - Throws: `LiveConnectionError.closed` when the connection ends.
    public func read(until deadline: Date) throws(LiveConnectionError) -> [LiveMessage] {
        if !pending.isEmpty {
            defer { pending.removeAll() }
            return pending
        }
        return decode(try readPackets(until: deadline))
    }

    /// The packets of the next WebSocket message to arrive by `deadline`, unpacked from their
    /// compressed batches but not decoded: for a client that looks at a few fields of many
    /// commands (`LiveCommands.danmakuSentTime`) rather than reading each whole. Sends the
    /// heartbeat when it is due. A broken message is counted and skipped whole.
    /// - Throws: `LiveConnectionError.closed` when the connection ends.
    package func readPackets(until deadline: Date) throws(LiveConnectionError) -> [LivePacket] {
        try heartbeatIfDue()
        guard let message = try socket.receive(until: min(deadline, nextHeartbeat, lastArrival + silenceLimit)) else {
            if Date() >= lastArrival + silenceLimit {
                throw .timedOut(
                    "\(url.absoluteString): nothing arrived for \(silenceLimit.formatted()) s, two heartbeats' time, "
                        + "though a server answers each heartbeat; the connection is taken as dead")
            }
            return []
        }
        return unpack(message)
    }

    /// Seconds without a message after which the connection is dead.
    package var silenceLimit: Double { 2 * heartbeatInterval }

    private func heartbeatIfDue() throws(LiveConnectionError) {
        guard Date() >= nextHeartbeat else { return }
        try socket.send(LivePacket(version: .client, operation: .heartbeat, body: Array("{}".utf8)).bytes)
        nextHeartbeat = Date().addingTimeInterval(heartbeatInterval)
    }

    /// One WebSocket message's packets, unpacked; a broken message is counted and skipped whole.
    private func unpack(_ message: [UInt8]) -> [LivePacket] {
        lastArrival = Date()
        return reader.unpack(message)
    }

    private func decode(_ packets: [LivePacket]) -> [LiveMessage] { reader.decode(packets) }
}
