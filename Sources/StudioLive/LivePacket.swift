/// One packet of the live-broadcast danmaku protocol: a 16-byte big-endian header, then a
/// body. docs/LIVE-PROTOCOL.md describes it.
///
///     0       4        6         8           12         16
///     | length | header | version | operation | sequence | body ...
///
/// `length` counts the header and the body; `header` is the header's own length (16). A
/// WebSocket message holds one packet or several back to back, and a compressed body
/// (versions 2 and 3) is itself such a run of packets.
package struct LivePacket: Hashable, Sendable {
    package var version: LiveBodyVersion
    package var operation: LiveOperation
    package var sequence: UInt32
    package var body: [UInt8]

    /// The header's length in every packet this side writes.
    package static let headerLength = 16
    /// The longest packet read: a bigger length is a broken or hostile stream, refused before
    /// anything is allocated for it.
    package static let maximumLength = 16 << 20

    package init(version: LiveBodyVersion, operation: LiveOperation, sequence: UInt32 = 1, body: [UInt8]) {
        self.version = version
        self.operation = operation
        self.sequence = sequence
        self.body = body
    }

    /// A packet whose body is `json` as UTF-8, uncompressed.
    package init(operation: LiveOperation, json: String, version: LiveBodyVersion = .json, sequence: UInt32 = 1) {
        self.init(version: version, operation: operation, sequence: sequence, body: Array(json.utf8))
    }

    /// The packet's bytes: header and body.
    package var bytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(Self.headerLength + body.count)
        func put(_ value: UInt32, bytes: Int) {
            for shift in stride(from: (bytes - 1) * 8, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
        }
        put(UInt32(truncatingIfNeeded: Self.headerLength + body.count), bytes: 4)
        put(UInt32(Self.headerLength), bytes: 2)
        put(UInt32(version.rawValue), bytes: 2)
        put(operation.rawValue, bytes: 4)
        put(sequence, bytes: 4)
        out += body
        return out
    }

    /// The packets in `bytes`, one after another to its end.
    ///
    /// - Throws: `LiveProtocolError` naming the packet (by its offset) whose header is cut
    ///   short, whose lengths contradict each other, or that is longer than
    ///   `maximumLength`; nothing after it is read.
    package static func split(_ bytes: some Collection<UInt8>) throws(LiveProtocolError) -> [LivePacket] {
        let bytes = Array(bytes)
        var packets: [LivePacket] = []
        var offset = 0
        while offset < bytes.count {
            guard bytes.count - offset >= headerLength else {
                throw .truncated(offset: offset, "\(bytes.count - offset) bytes are left, fewer than a 16-byte header")
            }
            func read(_ at: Int, _ count: Int) -> UInt32 {
                (0..<count).reduce(UInt32(0)) { $0 << 8 | UInt32(bytes[offset + at + $1]) }
            }
            let length = Int(read(0, 4)), header = Int(read(4, 2))
            guard header >= headerLength, header <= length else {
                throw .malformed(offset: offset, "header length \(header) with packet length \(length); the header is 16 bytes")
            }
            guard length <= maximumLength else {
                throw .malformed(offset: offset, "packet length \(length) is over the \(maximumLength)-byte limit")
            }
            guard length <= bytes.count - offset else {
                throw .truncated(offset: offset, "packet length \(length), but only \(bytes.count - offset) bytes are left")
            }
            packets.append(
                LivePacket(
                    version: LiveBodyVersion(rawValue: UInt16(truncatingIfNeeded: read(6, 2))),
                    operation: LiveOperation(rawValue: read(8, 4)), sequence: read(12, 4),
                    body: Array(bytes[offset + header..<offset + length])))
            offset += length
        }
        return packets
    }
}

/// What a packet's body is: plain JSON, or a compressed run of packets.
package struct LiveBodyVersion: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    package var rawValue: UInt16
    package init(rawValue: UInt16) { self.rawValue = rawValue }

    /// JSON, uncompressed (and the popularity count of a heartbeat reply).
    package static let json = LiveBodyVersion(rawValue: 0)
    /// What clients write in their own packets (authentication, heartbeats): JSON too.
    package static let client = LiveBodyVersion(rawValue: 1)
    /// A zlib stream of packets.
    package static let zlib = LiveBodyVersion(rawValue: 2)
    /// A brotli stream of packets: what the platform's servers send today.
    package static let brotli = LiveBodyVersion(rawValue: 3)

    package var description: String {
        switch rawValue {
        case 0: "json"
        case 1: "client"
        case 2: "zlib"
        case 3: "brotli"
        default: "version \(rawValue)"
        }
    }
}

/// What a packet does.
package struct LiveOperation: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    package var rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The client's heartbeat, every 30 seconds.
    package static let heartbeat = LiveOperation(rawValue: 2)
    /// The server's answer to a heartbeat: the room's popularity count, 4 bytes.
    package static let heartbeatReply = LiveOperation(rawValue: 3)
    /// A message (or, compressed, a batch of them) from the server.
    package static let message = LiveOperation(rawValue: 5)
    /// The client's first packet: which room, and its token.
    package static let authenticate = LiveOperation(rawValue: 7)
    /// The server's answer to it: `{"code":0}` when accepted.
    package static let authenticateReply = LiveOperation(rawValue: 8)

    package var description: String {
        switch rawValue {
        case 2: "heartbeat"
        case 3: "heartbeat reply"
        case 5: "message"
        case 7: "authenticate"
        case 8: "authenticate reply"
        default: "operation \(rawValue)"
        }
    }
}

/// A stream that breaks the protocol, with where.
package enum LiveProtocolError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes end inside a packet.
    case truncated(offset: Int, String)
    /// A packet's header contradicts itself or the limits.
    case malformed(offset: Int, String)
    /// A compressed body that does not decompress.
    case compression(String)

    package var description: String {
        switch self {
        case .truncated(let offset, let why): "a packet at byte \(offset) is cut short: \(why)"
        case .malformed(let offset, let why): "a malformed packet at byte \(offset): \(why)"
        case .compression(let why): why
        }
    }
}
