import DanmakuImport
import Foundation
import StudioKit
import StudioLive

/// What a live server sent one client, as the fuzzer keeps it: each binary WebSocket message
/// as a 4-byte big-endian length and its bytes, in the order they arrived
/// (`Tests/Tools/record_live_traffic.py` writes such files from a real server).
enum LiveTraffic {
    /// The messages of a saved file, or nil when its framing is broken (the fuzzer only
    /// ever writes whole frames; what it damages is inside them).
    static func messages(_ bytes: [UInt8]) -> [[UInt8]]? {
        var out: [[UInt8]] = []
        var at = 0
        while at < bytes.count {
            guard bytes.count - at >= 4 else { return nil }
            let length = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            guard length <= bytes.count - at - 4 else { return nil }
            out.append(Array(bytes[at + 4..<at + 4 + length]))
            at += 4 + length
        }
        return out
    }

    static func file(_ messages: [[UInt8]]) -> [UInt8] {
        var out: [UInt8] = []
        for m in messages {
            let n = UInt32(m.count)
            out += [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + m
        }
        return out
    }

    /// Traffic written with the server's own encoder, for a fuzzer without the recorded files
    /// beside its Assets: the authentication's answer, a heartbeat's, the first records of
    /// `records` and each of the room's own commands, as plain packets, in a zlib batch and
    /// in a brotli batch (the platform's clients have met all three).
    static func encoded(records: [DanmakuFileRecord]) -> [(name: String, bytes: [UInt8])] {
        let time = Date(timeIntervalSince1970: 1_700_000_000)
        let messages: [LiveMessage] =
            records.prefix(12).map { .record($0) } + [
                .entered(user: "观众E"), .followed(user: "观众F"), .liked(user: "观众G"), .onlineCount(1234), .live, .preparing,
            ]
        let packets = messages.compactMap { LiveCommands.encode($0, at: time) }.map {
            LivePacket(version: .json, operation: .message, sequence: 0, body: $0)
        }
        let greeting = [
            LivePacket(operation: .authenticateReply, json: #"{"code":0}"#, version: .client).bytes,
            LivePacket(version: .client, operation: .heartbeatReply, body: [0, 0, 3, 232]).bytes,
        ]
        return [
            ("plain", file(greeting + packets.map(\.bytes))),
            ("zlib", file(greeting + [LiveCompression.batch(packets, as: .zlib).bytes])),
            ("brotli", file(greeting + [LiveCompression.batch(packets, as: .brotli).bytes])),
        ]
    }
}

/// Mutations of live traffic, aimed at the layers a client reads it through: the framing of
/// packets in a message (lying lengths, cut headers, unknown versions and operations), the
/// compressed batches (damaged, recompressed, a bomb) and the commands' JSON.
struct LiveMutator {
    let json: Mutator

    func mutate(_ file: [UInt8], _ rng: inout SeededRandom) -> [UInt8] {
        guard var messages = LiveTraffic.messages(file), !messages.isEmpty else { return file }
        for _ in 0..<(1 + rng.index(below: 3)) {
            let i = rng.index(below: messages.count)
            switch rng.index(below: 10) {
            case 0: messages[i] = Mutator.mutate(bytes: messages[i], &rng)
            case 1: messages.insert(messages[i], at: rng.index(below: messages.count + 1))
            case 2: if messages.count > 1 { messages.remove(at: i) }
            case 3: messages[i] = lie(messages[i], &rng)
            case 4:
                messages[i] +=
                    rng.chance(0.5) ? messages[rng.index(below: messages.count)] : Array(messages[i].prefix(rng.index(below: 20)))
            case 5: messages.append(bomb(&rng))
            default: messages[i] = mutateInside(messages[i], &rng)
            }
        }
        return LiveTraffic.file(messages)
    }

    /// A header field of the message's first packet set to another number.
    private func lie(_ message: [UInt8], _ rng: inout SeededRandom) -> [UInt8] {
        guard message.count >= LivePacket.headerLength else { return message }
        var out = message
        let fields: [(at: Int, width: Int)] = [(0, 4), (4, 2), (6, 2), (8, 4), (12, 4)]
        let field = rng.pick(fields)
        let values: [UInt32] = [
            0, 1, 15, 16, 17, UInt32(message.count), UInt32(message.count) + 1, UInt32(message.count) - 1,
            0xFFFF, 0x7FFF_FFFF, 0xFFFF_FFFF, UInt32(LivePacket.maximumLength) + 1, 2, 3, 4, 5, 7, 8, 9,
        ]
        let value = rng.chance(0.8) ? rng.pick(values) : UInt32(truncatingIfNeeded: rng.next())
        for k in 0..<field.width { out[field.at + k] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(field.width - 1 - k))) }
        return out
    }

    /// The message's packets read, one changed at the level under its header (its JSON, or
    /// the packets of its batch), and written again, recompressed with this or another codec.
    private func mutateInside(_ message: [UInt8], _ rng: inout SeededRandom) -> [UInt8] {
        guard var packets = try? LivePacket.split(message), !packets.isEmpty else { return Mutator.mutate(bytes: message, &rng) }
        let i = rng.index(below: packets.count)
        let packet = packets[i]
        if packet.version == .zlib || packet.version == .brotli, var inner = try? LiveCompression.unpack(packet), !inner.isEmpty {
            let j = rng.index(below: inner.count)
            inner[j] = LivePacket(
                version: inner[j].version, operation: inner[j].operation, sequence: inner[j].sequence,
                body: json.mutate(json: inner[j].body, &rng))
            if rng.chance(0.2) { inner.shuffle(using: &rng) }
            let codec: LiveBodyVersion = rng.chance(0.7) ? packet.version : rng.pick([.zlib, .brotli])
            packets[i] = LiveCompression.batch(inner, as: codec)
            if rng.chance(0.15) {
                // Damage to the compressed stream itself.
                packets[i] = LivePacket(
                    version: packets[i].version, operation: packets[i].operation, body: Mutator.mutate(bytes: packets[i].body, &rng))
            }
        } else {
            packets[i] = LivePacket(
                version: rng.chance(0.1) ? LiveBodyVersion(rawValue: UInt16(rng.index(below: 6))) : packet.version,
                operation: rng.chance(0.1) ? LiveOperation(rawValue: UInt32(rng.index(below: 10))) : packet.operation,
                sequence: packet.sequence, body: json.mutate(json: packet.body, &rng))
        }
        return packets.flatMap(\.bytes)
    }

    /// A batch that decompresses to far more than it holds: zeros, in zlib or brotli.
    private func bomb(_ rng: inout SeededRandom) -> [UInt8] { rng.pick(Self.bombs) }

    /// Every bomb the mutator adds, compressed once (compressing 64 MB for each input would
    /// cost more than reading it).
    private static let bombs: [[UInt8]] = [1 << 20, 16 << 20, LiveCompression.maximumOutput + 1].flatMap { size in
        let body = [UInt8](repeating: 0, count: size)
        return [
            LivePacket(version: .zlib, operation: .message, body: LiveCompression.deflate(body)).bytes,
            LivePacket(version: .brotli, operation: .message, body: LiveCompression.brotliCompress(body)).bytes,
        ]
    }
}

extension FuzzTargets {
    /// Live traffic as `studio run --live` reads it: `LiveMessageReader`, the client's own
    /// reading, then the messages' notes played in a room. Every message must be counted,
    /// the skipped-command counts must stay bounded, and each problem kept for the run's
    /// summary must be a sentence.
    func checkLive(_ bytes: [UInt8]) -> FuzzVerdict {
        guard let messages = LiveTraffic.messages(bytes) else {
            return .finding(.falseSuccess, "the saved traffic is not the fuzzer's framing (a 4-byte length before each message)")
        }
        var reader = LiveMessageReader()
        var notes: [StudioNote] = []
        for message in messages { notes += reader.read(message).compactMap(\.note) }
        let c = reader.counters
        if c.webSocketMessages != messages.count {
            return .finding(.falseSuccess, "\(messages.count) messages were read, the counters say \(c.webSocketMessages)")
        }
        if c.unknown.count > 32 || c.unknown.keys.contains(where: { $0.utf8.count > 64 }) || c.firstProblems.count > 5 {
            return .finding(
                .falseSuccess, "the counters grew past their bounds: \(c.unknown.count) names kept, \(c.firstProblems.count) problems")
        }
        if c.messages < notes.count { return .finding(.falseSuccess, "\(notes.count) notes from \(c.messages) messages counted as used") }
        for problem in c.firstProblems {
            if case .finding(let finding, let detail) = Self.judge(problem) {
                return .finding(finding, "a skipped message's reason: \(detail)")
            }
        }
        if !notes.isEmpty {
            do {
                try play(kind: kinds[bytes.count % kinds.count], assets: workAssets, notes: notes, frames: feedFrames)
            } catch {
                return .finding(.falseSuccess, "the room refused the live notes: \(error)")
            }
        }
        return c.firstProblems.first.map { .rejected($0) } ?? .accepted
    }
}
