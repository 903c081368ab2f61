/// How `LiveReplayServer` replays, and the faults it injects, for testing clients.
public struct LiveReplayOptions: Sendable {
    /// Simulated seconds per real second (2: twice as fast).
    public var speed: Double = 1
    /// Start the recording again from its beginning when it ends.
    package var loops = false
    /// Records due within this many seconds of each other go out in one batch.
    package var batchWindow: Double = 0.1
    /// Drop every Nth batch (0: none), as a lossy link would.
    package var dropEvery = 0
    /// The link to each client, when it is to be a slow one (nil: as fast as the socket).
    package var link: LiveLink?
    /// The share of batches (0...1) sent as malformed packets instead, chosen from `seed`.
    package var malformedRate: Double = 0
    /// Close each connection this many seconds after it authenticated (nil: never).
    package var disconnectAfter: Double?
    /// The popularity count in heartbeat replies.
    package var popularity: UInt32 = 1_000
    /// Batches a client may have waiting; past it, new batches for that client are dropped
    /// (and counted) rather than queued without bound.
    public var queueLimit = 256
    /// Bytes a client may have waiting; past it, new batches are dropped as well (one batch
    /// always fits an empty queue, whatever its size). A busy room's batch is tens of
    /// kilobytes, so this is seconds of backlog, and ten slow clients hold at most 20 MiB.
    package var queueBytes = 2 << 20
    /// Seeds the choice of malformed batches.
    public var seed: UInt64 = 1

    public init() {}
}

/// A slow link between the server and each client: a bandwidth and a one-way delay. A frame
/// goes onto the link when it was queued or when the link has carried the frames before it,
/// takes its size over the bandwidth to cross, and arrives `delay` later; the frames waiting
/// for the link stay in the client's queue, so a link slower than the replay fills that
/// queue and later batches are dropped and counted, as for a client that reads slowly.
package struct LiveLink: Hashable, Sendable {
    package var bytesPerSecond: Double
    package var delay: Double

    package init(bytesPerSecond: Double, delay: Double) {
        self.bytesPerSecond = bytesPerSecond
        self.delay = delay
    }
}
