import DanmakuImport
import Foundation
import HummingbirdWebSocket
import NIOCore
import StudioKit

/// One client of `LiveReplayServer`: its packets in, its own replay of the file out.
enum Connection {
    /// Serves one WebSocket until the client leaves, sends what no viewer sends, or the
    /// replay closes it (a disconnect asked for). Three tasks: the client's packets in, the
    /// queue's frames out as fast as the socket takes them, and (once authenticated) the
    /// replay filling the queue. The first of the first two to end ends the others at once,
    /// so a client that has gone is made nothing more.
    static func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, source: ReplaySource) async {
        let counters = source.counters
        let queue = FrameQueue(frames: source.options.queueLimit, bytes: source.options.queueBytes)
        counters.add("connections")
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                var link = source.options.link.map { LinkTimeline(link: $0) }
                for await frame in queue.frames {
                    // A slow link holds each frame until it has crossed.
                    if let arrival = link?.arrival(of: frame) {
                        try? await Task.sleep(until: arrival, clock: .continuous)
                        if Task.isCancelled { break }
                    }
                    do {
                        try await outbound.write(.binary(ByteBuffer(bytes: frame.bytes)))
                    } catch {
                        break
                    }
                    // Counted once written, not when queued: a client that left got nothing more.
                    frame.delivered(counters)
                }
            }
            group.addTask {
                await receive(inbound, queue: queue, source: source)
            }
            await group.next()
            queue.finish()
            group.cancelAll()
        }
    }

    /// The client's packets: an authentication starts the replay, heartbeats are answered.
    private static func receive(_ inbound: WebSocketInboundStream, queue: FrameQueue, source: ReplaySource) async {
        let counters = source.counters
        var replay: Task<Void, Never>?
        // A viewer authenticates first thing; a connection that does not is closed.
        let authenticated = Locked(false)
        let watchdog = Task {
            try? await Task.sleep(for: .seconds(LiveReplayServer.authenticationSeconds))
            guard !Task.isCancelled, !authenticated.value else { return }
            counters.add("clients closed for no authentication within \(Int(LiveReplayServer.authenticationSeconds)) s")
            queue.finish()
        }
        defer {
            replay?.cancel()
            watchdog.cancel()
        }
        let send: @Sendable (Outgoing) -> Sent = { frame in
            let sent = queue.push(frame)
            if sent == .dropped { counters.add("batches dropped by a full queue") }
            return sent
        }
        do {
            for try await message in inbound.messages(maxSize: LiveReplayServer.maxClientMessage) {
                guard case .binary(let buffer) = message else {
                    counters.add("client packets not understood")
                    continue
                }
                // A first frame may be as long as a frame may be; a message of many is capped
                // as it is read.
                guard buffer.readableBytes <= LiveReplayServer.maxClientMessage else {
                    counters.add("clients closed for a message over \(LiveReplayServer.maxClientMessage) bytes")
                    return
                }
                guard let packets = try? LivePacket.split(Array(buffer.readableBytesView)) else {
                    counters.add("client packets not understood")
                    continue
                }
                for packet in packets {
                    switch packet.operation {
                    case .authenticate:
                        counters.add("authentications")
                        authenticated.withLock { $0 = true }
                        _ = send(Outgoing(LivePacket(operation: .authenticateReply, json: #"{"code":0}"#, version: .client).bytes))
                        if replay == nil { replay = Task { await Replay(source: source, send: send, close: queue.finish).run() } }
                    case .heartbeat:
                        counters.add("heartbeats")
                        let count = source.options.popularity
                        let body = (0..<4).map { UInt8(truncatingIfNeeded: count >> (24 - 8 * UInt32($0))) }
                        _ = send(Outgoing(LivePacket(version: .client, operation: .heartbeatReply, body: body).bytes))
                    default:
                        counters.add("client packets not understood")
                    }
                }
            }
        } catch {
            // A message of many frames past the cap, or frames out of the protocol's order. (A
            // frame whose header claims more than the frame cap ends the stream instead: the
            // decoder closes the connection with 1009 before this reads anything.)
            counters.add("clients closed for a message over \(LiveReplayServer.maxClientMessage) bytes in fragments, or broken ones")
        }
    }

    /// The file's records, sent at their times in batches, with the faults asked for.
    struct Replay {
        let source: ReplaySource
        let send: @Sendable (Outgoing) -> Sent
        let close: @Sendable () -> Void

        func run() async {
            let options = source.options, index = source.index, counters = source.counters
            if let after = options.disconnectAfter {
                let close = self.close
                Task {
                    try? await Task.sleep(for: .seconds(after))
                    counters.add("disconnects")
                    close()
                }
            }
            let clock = ContinuousClock(), start = clock.now, startDate = Date()
            let speed = options.speed > 0 && options.speed.isFinite ? options.speed : 1
            var random = SeededRandom(seed: options.seed)
            var batches = 0, passes = 0
            var offset = 0.0
            // Seconds of the recording (passes end to end), as seconds of the replay from now,
            // and as the date they fall on.
            func wait(until time: Double) -> Double { time / speed - (clock.now - start).seconds }
            func date(of time: Double) -> Date { startDate.addingTimeInterval(time / speed) }
            repeat {
                // A pass after the first is the stream going live again.
                passes += 1
                if passes > 1 {
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
                    let (commands, next) = source.batches.commands(from: i, window: options.batchWindow)
                    i = next
                    batches += 1
                    if options.dropEvery > 0, batches % options.dropEvery == 0 {
                        counters.add("batches dropped on purpose")
                        continue
                    }
                    let packets = commands.map {
                        LivePacket(version: .json, operation: .message, sequence: 0, body: $0.bytes(at: scheduled))
                    }
                    let malformed = options.malformedRate > 0 && Double.random(in: 0..<1, using: &random) < options.malformedRate
                    let batch = LiveCompression.batch(packets, as: .brotli)
                    let frame =
                        malformed
                        ? Outgoing(Self.malformed(batch), counting: .malformed) : Outgoing(batch.bytes, counting: .records(packets.count))
                    // The connection is gone (a disconnect, or the client left): nothing more
                    // is made for it. What is counted is what the socket took (`Outgoing`).
                    if send(frame) == .closed { return }
                }
                // The next pass's first record follows this one's last at the file's own mean
                // spacing, as if the file went on: a pause of the file's lead-in and a second
                // more cost a looped burst a share of its rate at every pass.
                let first = index.entries.first?.time ?? 0, last = index.entries.last?.time ?? 0
                let spacing = index.count > 1 && last > first ? (last - first) / Double(index.count - 1) : 1
                offset += last - first + spacing
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
            return send(Outgoing(LiveCompression.batch([packet], as: .brotli).bytes, counting: .liveState))
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

/// A frame for a client, and what the summary counts once the socket has taken it.
struct Outgoing: Sendable {
    enum Counting: Sendable {
        case none
        case records(Int)
        case malformed
        case liveState
    }

    let bytes: [UInt8]
    let counting: Counting
    /// When it was made for the queue: when a slow link may start carrying it.
    let queued = ContinuousClock.now

    init(_ bytes: [UInt8], counting: Counting = .none) {
        self.bytes = bytes
        self.counting = counting
    }

    func delivered(_ counters: LiveReplayCounters) {
        switch counting {
        case .none: break
        case .records(let n):
            counters.add("batches")
            counters.add("records", n)
        case .malformed: counters.add("batches sent malformed")
        case .liveState: counters.add("live state changes")
        }
    }
}

/// When each frame of one connection arrives over its `LiveLink`: the link is busy with one
/// frame at a time, for its size over the bandwidth, and each arrives the delay after.
struct LinkTimeline {
    let link: LiveLink
    /// When the link has carried the frames so far.
    private var free = ContinuousClock.Instant.now

    init(link: LiveLink) { self.link = link }

    mutating func arrival(of frame: Outgoing) -> ContinuousClock.Instant {
        let start = max(frame.queued, free)
        free = start + .seconds(Double(frame.bytes.count) / link.bytesPerSecond)
        return free + .seconds(link.delay)
    }
}

/// A connection's frames out, bounded both in frames and in bytes: a batch of a busy room's
/// second can be megabytes, so a count alone would let a slow client hold a lot. The
/// connection's writer takes `frames` as the socket takes its writes; a frame that would
/// pass either bound is refused (`Sent.dropped`).
final class FrameQueue: Sendable {
    /// The one iterator of the queue's stream, used only by the one reader of `frames`. An
    /// iterator is not Sendable (two tasks must not call `next` at once), and `frames`'s
    /// closure is: the actor keeps the calls one at a time.
    private actor Reader {
        private var iterator: AsyncStream<Outgoing>.Iterator
        init(_ stream: AsyncStream<Outgoing>) { iterator = stream.makeAsyncIterator() }

        func next() async -> Outgoing? {
            // An actor's state cannot be passed inout across a suspension, so the iterator
            // is taken out and put back; `frames` has one reader, so no other call is between.
            var taken = iterator
            let frame = await taken.next(isolation: self)
            iterator = taken
            return frame
        }
    }

    /// The bytes queued: frames are pushed from the replay's task and taken by the writer's.
    private let held = Locked(0)
    private let byteLimit: Int
    private let continuation: AsyncStream<Outgoing>.Continuation
    /// The frames, each one's bytes counted out of the queue as it is taken.
    let frames: AsyncStream<Outgoing>

    init(frames limit: Int, bytes byteLimit: Int) {
        self.byteLimit = byteLimit
        let (stream, continuation) = AsyncStream.makeStream(of: Outgoing.self, bufferingPolicy: .bufferingOldest(limit))
        self.continuation = continuation
        let reader = Reader(stream), held = held
        frames = AsyncStream {
            guard let frame = await reader.next() else { return nil }
            held.withLock { $0 -= frame.bytes.count }
            return frame
        }
    }

    /// Queues `frame`, unless the queue is full or ended.
    func push(_ frame: Outgoing) -> Sent {
        let size = frame.bytes.count
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

    /// Ends the queue: the writer stops after what it holds, and pushes are `.closed`.
    @Sendable func finish() { continuation.finish() }
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
