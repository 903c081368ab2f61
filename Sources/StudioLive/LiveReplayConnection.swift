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
            let queue = FrameQueue(frames: server.options.queueLimit, bytes: server.options.queueBytes)
            // Nothing is sent through FlyingFox's messages out; finishing them closes the
            // connection (a disconnect asked for, or the client gone).
            let (closing, close) = AsyncStream.makeStream(of: WSMessage.self)
            let messages = Messages(server: server, queue: queue, closing: closing, close: close)
            let protocolFrames = try await MessageFrameWSHandler(handler: messages).makeFrames(for: client)
            let relay = Task {
                for await frame in protocolFrames { _ = queue.push(frame) }
                queue.finish()
            }
            queue.onTermination {
                relay.cancel()
                close.finish()
            }
            return queue.frames
        }
    }

    /// The client's packets in; the replies and the replay go straight into `queue`.
    struct Messages: WSMessageHandler {
        let server: LiveReplayServer
        let queue: FrameQueue
        let closing: AsyncStream<WSMessage>
        let close: AsyncStream<WSMessage>.Continuation

        func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
            let server = self.server, queue = self.queue, close = self.close
            server.counters.add("connections")
            let send: @Sendable ([UInt8]) -> Sent = { bytes in
                let sent = queue.push(WSFrame(fin: true, opcode: .binary, mask: nil, payload: Data(bytes)))
                if sent == .dropped { server.counters.add("batches dropped by a full queue") }
                return sent
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
            let clock = ContinuousClock(), start = clock.now, startDate = Date()
            let speed = options.speed > 0 && options.speed.isFinite ? options.speed : 1
            var random = SeededRandom(seed: options.seed)
            var batches = 0
            var offset = 0.0
            // Seconds of the recording (passes end to end), as seconds of the replay from now,
            // and as the date they fall on.
            func wait(until time: Double) -> Double { time / speed - (clock.now - start).seconds }
            func date(of time: Double) -> Date { startDate.addingTimeInterval(time / speed) }
            repeat {
                // A pass after the first is the stream going live again.
                if offset > 0 {
                    let wait = wait(until: offset)
                    if wait > 0 { try? await Task.sleep(for: .seconds(wait)) }
                    if state(.live, at: date(of: offset)) == .closed { return }
                }
                var i = 0
                while i < index.count, !Task.isCancelled {
                    let due = offset + index.entries[i].time
                    let wait = wait(until: due)
                    // A replay behind its times still gives way: other connections' replays,
                    // their authentications and the socket writes share the same few threads.
                    if wait > 0 { try? await Task.sleep(for: .seconds(wait)) } else { await Task.yield() }
                    // Each command carries the time it was due, not the time it was made, so
                    // a client's lag (its arrival less that time) counts the server's too.
                    let scheduled = date(of: due)
                    let (commands, next) = server.batches.commands(from: i, window: options.batchWindow)
                    i = next
                    batches += 1
                    if options.dropEvery > 0, batches % options.dropEvery == 0 {
                        counters.add("batches dropped on purpose")
                        continue
                    }
                    let packets = commands.map {
                        LivePacket(version: .json, operation: .message, sequence: 0, body: $0.bytes(at: scheduled))
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
                guard !Task.isCancelled else { return }
                // The recording is over: the stream stops, as a room's does when its host ends it.
                if state(.preparing, at: date(of: offset)) == .closed { return }
            } while options.loops && !Task.isCancelled
        }

        /// Sends the live state (`LIVE` or `PREPARING`) in a batch of its own, counted apart
        /// from the records.
        private func state(_ message: LiveMessage, at time: Date) -> Sent {
            guard let body = LiveCommands.encode(message, at: time) else { return .dropped }
            let packet = LivePacket(version: .json, operation: .message, sequence: 0, body: body)
            let sent = send(LiveCompression.batch([packet], as: .brotli).bytes)
            if sent == .queued { server.counters.add("live state changes") }
            return sent
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

/// A connection's frames out, bounded both in frames and in bytes: a batch of a busy room's
/// second can be megabytes, so a count alone would let a slow client hold a lot. FlyingFox
/// takes `frames` as the socket takes its writes; a frame that would pass either bound is
/// refused (`Sent.dropped`).
final class FrameQueue: Sendable {
    /// The one iterator of the queue's stream, used only by the one reader of `frames`. An
    /// iterator is not Sendable (two tasks must not call `next` at once), and `frames`'s
    /// closure is: the actor keeps the calls one at a time.
    private actor Reader {
        private var iterator: AsyncStream<WSFrame>.Iterator
        init(_ stream: AsyncStream<WSFrame>) { iterator = stream.makeAsyncIterator() }

        func next() async -> WSFrame? {
            // An actor's state cannot be passed inout across a suspension, so the iterator
            // is taken out and put back; `frames` has one reader, so no other call is between.
            var taken = iterator
            let frame = await taken.next(isolation: self)
            iterator = taken
            return frame
        }
    }

    /// The bytes queued: frames are pushed from the replay's task and taken by FlyingFox's.
    private let held = Locked(0)
    private let byteLimit: Int
    private let continuation: AsyncStream<WSFrame>.Continuation
    /// The frames, each one's bytes counted out of the queue as it is taken.
    let frames: AsyncStream<WSFrame>

    init(frames limit: Int, bytes byteLimit: Int) {
        self.byteLimit = byteLimit
        let (stream, continuation) = AsyncStream.makeStream(of: WSFrame.self, bufferingPolicy: .bufferingOldest(limit))
        self.continuation = continuation
        let reader = Reader(stream), held = held
        frames = AsyncStream {
            guard let frame = await reader.next() else { return nil }
            held.withLock { $0 -= frame.payload.count }
            return frame
        }
    }

    /// Queues `frame`, unless the queue is full or ended.
    func push(_ frame: WSFrame) -> Sent {
        let size = frame.payload.count
        let room = held.withLock { bytes in
            guard bytes + size <= byteLimit || bytes == 0 else { return false }
            bytes += size
            return true
        }
        guard room else { return .dropped }
        let result = continuation.yield(frame)
        if case .enqueued = result { return .queued }
        held.withLock { $0 -= size }
        if case .dropped = result { return .dropped }
        return .closed
    }

    func finish() { continuation.finish() }

    /// Calls `action` once the queue ends: finished, or its reader gone.
    func onTermination(_ action: @escaping @Sendable () -> Void) {
        continuation.onTermination = { _ in action() }
    }
}

/// The commands of the batches the connections' replays send, read from the file and
/// written once for all of them, each connection stamping in its own times: clients that
/// connected about the same time replay the same batches about the same time, and each would
/// otherwise read, decode and write every record itself. The most recent batches, up to
/// `capacity` commands, are kept.
final class ReplayBatches: Sendable {
    private struct Kept {
        var batches: [Int: (commands: [LiveTemplate], next: Int)] = [:]
        var order: [Int] = []
        var kept = 0
    }

    private let index: DanmakuFileIndex
    private let capacity: Int
    private let cache = Locked(Kept())

    init(index: DanmakuFileIndex, capacity: Int = 16_384) {
        self.index = index
        self.capacity = capacity
    }

    /// The commands of the records due within `window` seconds of record `first`'s time, in
    /// file order (a record whose bytes are gone is left out), and the index of the next
    /// batch's first record.
    func commands(from first: Int, window: Double) -> (commands: [LiveTemplate], next: Int) {
        if let batch = cache.withLock({ $0.batches[first] }) { return batch }
        var commands: [LiveTemplate] = []
        let due = index.entries[first].time
        var i = first
        while i < index.count, index.entries[i].time <= due + window {
            if let record = index.record(at: i), let command = LiveCommands.template(.record(record)) { commands.append(command) }
            i += 1
        }
        let capacity = capacity
        cache.withLock { cache in
            guard cache.batches.updateValue((commands, i), forKey: first) == nil else { return }
            cache.order.append(first)
            cache.kept += commands.count
            while cache.kept > capacity, cache.order.count > 1,
                let oldest = cache.batches.removeValue(forKey: cache.order.removeFirst())
            {
                cache.kept -= oldest.commands.count
            }
        }
        return (commands, i)
    }
}
