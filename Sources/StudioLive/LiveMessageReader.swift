/// What a client makes of the WebSocket messages a live server sends: each message split
/// into its packets, compressed batches unpacked, and the commands decoded into
/// `LiveMessage`s. What it cannot use is counted in `counters`, never fatal.
///
/// `LiveClient` reads its connection with one; the fuzzer feeds one recorded and mutated
/// traffic, so both run the same code on the same bytes.
package struct LiveMessageReader: Sendable {
    package private(set) var counters = LiveClient.Counters()

    package init() {}

    /// The messages of one WebSocket message.
    package mutating func read(_ message: [UInt8]) -> [LiveMessage] { decode(unpack(message)) }

    /// One WebSocket message's packets, unpacked from their compressed batches but not
    /// decoded. A broken message is counted and skipped whole.
    package mutating func unpack(_ message: [UInt8]) -> [LivePacket] {
        counters.webSocketMessages += 1
        do {
            var packets: [LivePacket] = []
            for packet in try LivePacket.split(message) { packets += try LiveCompression.unpack(packet) }
            counters.packets += packets.count
            return packets
        } catch {
            counters.broken += 1
            counters.note("\(error)")
            return []
        }
    }

    /// The messages of a WebSocket message's packets: commands, and the heartbeat reply's
    /// popularity.
    package mutating func decode(_ packets: [LivePacket]) -> [LiveMessage] {
        var out: [LiveMessage] = []
        for inner in packets {
            switch inner.operation {
            case .heartbeatReply where inner.body.count >= 4:
                out.append(.popularity(Int(inner.body[0..<4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })))
            case .message:
                switch LiveCommands.decode(inner.body) {
                case .message(let m): out.append(m)
                case .unknown(let command): counters.countUnknown(command)
                case .malformed(let command, let why):
                    counters.malformed += 1
                    counters.note("\(command): \(why)")
                }
            default: continue
            }
        }
        counters.messages += out.count
        return out
    }
}
