import DanmakuImport
import FlyingFox
import Foundation
import StudioKit

/// One client of `LiveReplayServer`: its packets in, its own replay of the file out.
enum Connection {
    /// The connection's frames out. FlyingFox's `MessageFrameWSHandler` keeps the protocol
    /// (validating the client's frames, answering pings and closes), but its own queue of
    /// frames out is unbounded, and it is drained as fast as messages come. So the replay's
    /// batches go into one bounded queue of frames, which FlyingFox's connection writes only as
    /// fast as the socket takes them: a client that stops reading leaves it full, and newer
    /// batches are dropped and counted. The protocol's own frames are relayed into the same
    /// queue, and its end ends the connection.
    struct Handler: WSHandler {
        let server: LiveReplayServer

        func makeFrames(for client: AsyncThrowingStream<WSFrame, any Error>) async throws -> AsyncStream<WSFrame> {
            let (frames, queue) = AsyncStream.makeStream(
                of: WSFrame.self, bufferingPolicy: .bufferingOldest(server.options.queueLimit))
            // Nothing is sent through FlyingFox's messages out; finishing them closes the
            // connection (a disconnect asked for, or the client gone).
            let (closing, close) = AsyncStream.makeStream(of: WSMessage.self)
            let messages = Messages(server: server, queue: queue, closing: closing, close: close)
            let protocolFrames = try await MessageFrameWSHandler(handler: messages).makeFrames(for: client)
            let relay = Task {
                for await frame in protocolFrames { queue.yield(frame) }
                queue.finish()
            }
            queue.onTermination = { _ in
                relay.cancel()
                close.finish()
            }
            return frames
        }
    }

    /// The client's packets in; the replies and the replay go straight into `queue`.
    struct Messages: WSMessageHandler {
        let server: LiveReplayServer
        let queue: AsyncStream<WSFrame>.Continuation
        let closing: AsyncStream<WSMessage>
        let close: AsyncStream<WSMessage>.Continuation

        func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
            let server = self.server, queue = self.queue, close = self.close
            server.counters.add("connections")
            let send: @Sendable ([UInt8]) -> Sent = { bytes in
                switch queue.yield(WSFrame(fin: true, opcode: .binary, mask: nil, payload: Data(bytes))) {
                case .enqueued: return .queued
                case .dropped:
                    server.counters.add("batches dropped by a full queue")
                    return .dropped
                case .terminated: return .closed
                @unknown default: return .closed
                }
            }
            let receive = Task {
                var replay: Task<Void, Never>?
                for await message in client {
                    guard case .data(let data) = message, let packets = try? LivePacket.split(data) else {
                        server.counters.add("client packets not understood")
                        continue
                    }
                    for packet in packets {
                        switch packet.operation {
                        case .authenticate:
                            server.counters.add("authentications")
                            _ = send(LivePacket(operation: .authenticateReply, json: #"{"code":0}"#, version: .client).bytes)
                            if replay == nil { replay = Task { await Replay(server: server, send: send, close: close).run() } }
                        case .heartbeat:
                            server.counters.add("heartbeats")
                            let count = server.options.popularity
                            let body = (0..<4).map { UInt8(truncatingIfNeeded: count >> (24 - 8 * UInt32($0))) }
                            _ = send(LivePacket(version: .client, operation: .heartbeatReply, body: body).bytes)
                        default:
                            server.counters.add("client packets not understood")
                        }
                    }
                }
                replay?.cancel()
                close.finish()
            }
            close.onTermination = { _ in receive.cancel() }
            return closing
        }
    }

    /// The file's records, sent at their times in batches, with the faults asked for.
    struct Replay {
        let server: LiveReplayServer
        let send: @Sendable ([UInt8]) -> Sent
        let close: AsyncStream<WSMessage>.Continuation

        func run() async {
            let options = server.options, index = server.index, counters = server.counters
            if let after = options.disconnectAfter {
                let close = self.close
                Task {
                    try? await Task.sleep(for: .seconds(after))
                    counters.add("disconnects")
                    close.finish()
                }
            }
            let clock = ContinuousClock(), start = clock.now
            let speed = options.speed > 0 && options.speed.isFinite ? options.speed : 1
            var random = SeededRandom(seed: options.seed)
            var batches = 0
            var offset = 0.0
            repeat {
                var i = 0
                while i < index.count, !Task.isCancelled {
                    let due = index.entries[i].time
                    let wait = (offset + due) / speed - (clock.now - start).seconds
                    if wait > 0 { try? await Task.sleep(for: .seconds(wait)) }
                    var packets: [LivePacket] = []
                    while i < index.count, index.entries[i].time <= due + options.batchWindow {
                        if let record = index.record(at: i), let body = LiveCommands.encode(.record(record), at: Date()) {
                            packets.append(LivePacket(version: .json, operation: .message, sequence: 0, body: body))
                        }
                        i += 1
                    }
                    batches += 1
                    if options.dropEvery > 0, batches % options.dropEvery == 0 {
                        counters.add("batches dropped on purpose")
                        continue
                    }
                    if options.slowSeconds > 0 { try? await Task.sleep(for: .seconds(options.slowSeconds)) }
                    let malformed = options.malformedRate > 0 && Double.random(in: 0..<1, using: &random) < options.malformedRate
                    let batch = LiveCompression.batch(packets, as: .brotli)
                    switch send(malformed ? Self.malformed(batch) : batch.bytes) {
                    // The connection is gone (a disconnect, or the client left): nothing more is
                    // made for it, and nothing it could not get is counted as sent.
                    case .closed: return
                    case .dropped: continue
                    case .queued where malformed: counters.add("batches sent malformed")
                    case .queued:
                        counters.add("batches")
                        counters.add("records", packets.count)
                    }
                }
                offset += (index.entries.last?.time ?? 0) + 1
            } while options.loops && !Task.isCancelled
        }

        /// `packet`'s bytes with a length that claims more than there is: a client must
        /// refuse it without reading past the message.
        static func malformed(_ packet: LivePacket) -> [UInt8] {
            var bytes = packet.bytes
            let claimed = UInt32(truncatingIfNeeded: bytes.count + 1_000)
            for k in 0..<4 { bytes[k] = UInt8(truncatingIfNeeded: claimed >> (24 - 8 * UInt32(k))) }
            return bytes
        }
    }
}

extension Duration {
    fileprivate var seconds: Double {
        let (s, atto) = components
        return Double(s) + Double(atto) / 1e18
    }
}

/// What became of a batch handed to a connection's queue.
enum Sent {
    case queued
    /// The queue was full: dropped and counted.
    case dropped
    /// The connection has ended.
    case closed
}
