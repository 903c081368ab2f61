import StudioDomain
import StudioKit

/// The simulated server's messages for one room: a pure, deterministic generator. Each
/// stream (comments, gift bursts, likes, enters...) is a Poisson process with its own
/// seeded generator; `notes(until:)` returns everything due up to a simulated time, in time
/// order, each note stamped with the room's id.
///
/// No clock is read: time is what the caller says. The result does not depend on how time
/// is chunked: `notes(until: 10)` equals `notes(until: 4) + notes(until: 10)`.
package struct FeedGenerator: Sendable {
    /// The streams; on equal times the earlier case fires first.
    enum Stream: Int, CaseIterable {
        case comments, giftBursts, likeBatches, enters, leaves, rank, pk, price, onlineReport
    }

    package let room: RoomInfo
    package private(set) var rates: FeedRates
    /// Notes have been produced up to this simulated time.
    package private(set) var time: Double
    /// The audience count as the server sees it (reported about every 2 s).
    package internal(set) var onlineCount: Int
    package internal(set) var rank: Int
    /// The current PK battle; nil when the room has none.
    package internal(set) var pkScore: PKScore?
    package internal(set) var price: Double

    /// How long one PK battle lasts, and the pause before the next one starts.
    package static let pkBattleLength = 300.0
    static let pkBreak = 10.0
    static let likeBatchesPerSecond = 2.0
    static let onlineReportsPerSecond = 0.5

    var streams: [ArrivalStream]
    /// Gift sends of bursts under way, scheduled ahead, in time order.
    var pending: [TimedNote] = []
    var startNotesDue = true
    var likesOwed = 0.0
    var lastLikeBatch: Double
    var announcedOnline: Int
    /// People who entered recently; most leavers are among them.
    var recentEntrants: [AudienceMember] = []
    var pkEnd: Double

    /// - Parameters:
    ///   - room: the room being fed: its kind, host and online count.
    ///   - rates: how many messages of each sort per second.
    ///   - seed: the whole output follows from it (the feed derives it from a base seed and the room id).
    ///   - start: the simulated time the room was entered; the first notes (online count,
    ///     rank, PK score, price) are stamped with it.
    package init(room: RoomInfo, rates: FeedRates, seed: UInt64, start: Double = 0) {
        self.room = room
        self.rates = rates
        time = start
        lastLikeBatch = start
        pkEnd = start + Self.pkBattleLength
        var root = SeededRandom(seed: seed)
        onlineCount = max(0, rates.initialOnline ?? room.onlineCount)
        announcedOnline = onlineCount
        rank = root.int(in: 8...60)
        price = Double(root.int(in: 40...240))
        pkScore = rates.pkUpdates > 0 ? PKScore(left: 0, right: 0, secondsLeft: Self.pkBattleLength) : nil
        streams = []
        for stream in Stream.allCases {
            streams.append(ArrivalStream(rate: Self.rate(of: stream, rates), seed: root.next(), start: start))
        }
    }

    /// The arrival rate of `stream` under `rates`.
    static func rate(of stream: Stream, _ rates: FeedRates) -> Double {
        switch stream {
        case .comments: rates.comments
        case .giftBursts: rates.gifts / GiftCatalog.meanBurstLength
        case .likeBatches: rates.likes > 0 ? likeBatchesPerSecond : 0
        case .enters: rates.enters
        case .leaves: rates.leaves
        case .rank: rates.rankChanges
        case .pk: rates.pkUpdates
        case .price: rates.priceTicks
        case .onlineReport: rates.enters + rates.leaves > 0 ? onlineReportsPerSecond : 0
        }
    }

    /// Every note due after the last call and at or before `until`, in time order (ties:
    /// burst sends first, then streams in `Stream` order). A time earlier than the last
    /// one returns nothing. A room without keep-alive gets nothing at all.
    /// - Complexity: O(notes produced × streams).
    package mutating func notes(until: Double) -> [TimedNote] {
        guard until >= time else { return [] }
        guard rates.keepAlive else {
            time = until
            return []
        }
        var out: [TimedNote] = []
        if startNotesDue {
            startNotesDue = false
            appendStartNotes(to: &out)
        }
        while true {
            var best = Double.infinity
            var which: Stream?
            if let first = pending.first { best = first.time }
            for (i, s) in streams.enumerated() where s.next < best {
                best = s.next
                which = Stream(rawValue: i)
            }
            guard best <= until else { break }
            if let which {
                fire(which, at: best, into: &out)
                streams[which.rawValue].fire()
            } else {
                out.append(pending.removeFirst())
            }
        }
        time = until
        return out
    }

    /// New rates from the current `time` on. Streams whose rate changed redraw their next
    /// arrival from now (exact for a Poisson process); likes owed so far are kept.
    package mutating func setRates(_ new: FeedRates) {
        likesOwed += rates.likes * max(0, time - lastLikeBatch)
        lastLikeBatch = time
        // A room that had no keep-alive drew nothing; its streams start now, not in the past.
        let waking = !rates.keepAlive && new.keepAlive
        rates = new
        for stream in Stream.allCases {
            let r = Self.rate(of: stream, new)
            if waking || r != streams[stream.rawValue].rate { streams[stream.rawValue].setRate(r, at: time) }
        }
        if new.pkUpdates > 0, pkScore == nil {
            pkScore = PKScore(left: 0, right: 0, secondsLeft: Self.pkBattleLength)
            pkEnd = time + Self.pkBattleLength
        }
    }

    func note<Payload>(_ key: EventKey<Payload>, _ value: Payload, at t: Double) -> TimedNote {
        TimedNote(time: t, note: StudioNote(key, value, roomID: room.id))
    }

    /// What a client is told as it joins: the counters it shows from the first frame.
    private mutating func appendStartNotes(to out: inout [TimedNote]) {
        out.append(note(.onlineCountChanged, onlineCount, at: time))
        if rates.rankChanges > 0 { out.append(note(.rankChanged, rank, at: time)) }
        if let pkScore { out.append(note(.pkScoreChanged, pkScore, at: time)) }
        if rates.priceTicks > 0 { out.append(note(.priceTicked, price, at: time)) }
    }
}
