import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Feed generator")
struct FeedGeneratorTests {
    static let busy = FeedRates(
        comments: 3, gifts: 5, likes: 20, enters: 1.5, leaves: 1, rankChanges: 0.5,
        pkUpdates: 1, priceTicks: 2)

    @Test("the same seed gives the same notes, a different seed different ones")
    func determinism() {
        var a = FeedGenerator(room: FeedFixture.room, rates: Self.busy, seed: 1)
        var b = FeedGenerator(room: FeedFixture.room, rates: Self.busy, seed: 1)
        var c = FeedGenerator(room: FeedFixture.room, rates: Self.busy, seed: 2)
        let notesA = a.notes(until: 60)
        #expect(!notesA.isEmpty)
        #expect(notesA == b.notes(until: 60))
        #expect(notesA != c.notes(until: 60))
    }

    @Test("notes do not depend on how time is chunked")
    func chunking() {
        var whole = FeedGenerator(room: FeedFixture.room, rates: Self.busy, seed: 3)
        var chunked = FeedGenerator(room: FeedFixture.room, rates: Self.busy, seed: 3)
        var pieces: [TimedNote] = []
        var t = 0.0
        while t < 30 {
            t += 0.013 * Double(1 + pieces.count % 7)  // uneven frames
            pieces += chunked.notes(until: min(t, 30))
        }
        #expect(whole.notes(until: 30) == pieces)
    }

    @Test("notes come in time order, stamped with the room's id")
    func orderAndRoom() {
        var g = FeedGenerator(room: FeedFixture.room, rates: Self.busy, seed: 4, start: 5)
        let notes = g.notes(until: 65)
        #expect(notes.allSatisfy { $0.note.roomID == FeedFixture.room.id })
        #expect(zip(notes, notes.dropFirst()).allSatisfy { $0.time <= $1.time })
        #expect(notes.first?.time == 5)
        #expect(notes.allSatisfy { $0.time >= 5 && $0.time <= 65 })
    }

    @Test("over 600 s every stream honours its rate within 15%")
    func ratesHonoured() {
        let window = 600.0
        var g = FeedGenerator(room: FeedFixture.room, rates: Self.busy, seed: 5)
        let notes = g.notes(until: window)
        func check<Payload>(_ key: EventKey<Payload>, _ rate: Double, sourceLocation: SourceLocation = #_sourceLocation) {
            let expected = rate * window
            let count = Double(notes.named(key).count)
            #expect(
                abs(count - expected) <= 0.15 * expected, "\(key.name): \(count) notes, expected about \(expected)",
                sourceLocation: sourceLocation)
        }
        check(.commentArrived, Self.busy.comments)
        check(.giftArrived, Self.busy.gifts)
        check(.audienceEntered, Self.busy.enters)
        check(.audienceLeft, Self.busy.leaves)
        check(.rankChanged, Self.busy.rankChanges)
        check(.priceTicked, Self.busy.priceTicks)
        // PK: one update a second, less the breaks between 300 s battles.
        check(.pkScoreChanged, Self.busy.pkUpdates * (window - FeedGenerator.pkBreak) / window)
        let likes = notes.named(.likesArrived).compactMap { $0.note.value(.likesArrived) }.reduce(0, +)
        #expect(abs(Double(likes) - Self.busy.likes * window) <= 0.15 * Self.busy.likes * window)
    }

    @Test("a room without keep-alive gets no notes at all")
    func noKeepAlive() {
        var rates = Self.busy
        rates.keepAlive = false
        var g = FeedGenerator(room: FeedFixture.room, rates: rates, seed: 6)
        #expect(g.notes(until: 600).isEmpty)
        #expect(g.time == 600)
    }

    @Test("a room whose keep-alive comes on later starts its streams then, not in the past")
    func keepAliveLater() {
        var g = FeedGenerator(room: FeedFixture.room, rates: .playback, seed: 6)
        _ = g.notes(until: 100)
        g.setRates(Self.busy)
        let notes = g.notes(until: 110)
        #expect(notes.allSatisfy { $0.time >= 100 })
        #expect(notes.named(.commentArrived).count < 60)  // ~30, not a burst of 330
    }

    @Test("gifts come in bursts by one sender, so combos happen")
    func giftBursts() {
        var g = FeedGenerator(room: FeedFixture.room, rates: FeedRates(gifts: 2), seed: 7)
        let gifts = g.notes(until: 300).named(.giftArrived).compactMap { $0.note.value(.giftArrived) }
        var longest = 1, run = 1
        for (a, b) in zip(gifts, gifts.dropFirst()) {
            run = a.sender == b.sender && a.gift == b.gift ? run + 1 : 1
            longest = max(longest, run)
        }
        #expect(longest >= 5)
        #expect(gifts.contains { $0.gift.tier == .fullScreen })
        #expect(Set(gifts.map(\.gift.id)).isSubset(of: Set(GiftCatalog.ids)))
    }

    @Test("comments are in English and Chinese, by Latin and Chinese names")
    func commentContent() {
        var g = FeedGenerator(room: FeedFixture.room, rates: FeedRates(comments: 5), seed: 8)
        let comments = g.notes(until: 120).named(.commentArrived).compactMap { $0.note.value(.commentArrived) }
        func isCJK(_ s: String) -> Bool { s.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) } }
        #expect(comments.contains { isCJK($0.text) } && comments.contains { !isCJK($0.text) })
        #expect(comments.contains { isCJK($0.user) } && comments.contains { !isCJK($0.user) })
        #expect(comments.contains { $0.text.contains("Luna") })
    }

    @Test("the online count starts at the room's and drifts with enters and leaves")
    func onlineCount() {
        var g = FeedGenerator(room: FeedFixture.room, rates: FeedRates(enters: 3, leaves: 0.5), seed: 9)
        let counts = g.notes(until: 200).named(.onlineCountChanged).compactMap { $0.note.value(.onlineCountChanged) }
        #expect(counts.first == FeedFixture.room.onlineCount)
        #expect(counts.count > 20)
        // About 500 more entered than left; the unseen drift is much smaller than that.
        #expect(counts.last! > FeedFixture.room.onlineCount + 250)
    }

    @Test("PK scores only grow for both sides while a battle lasts")
    func pkScores() {
        var g = FeedGenerator(room: FeedFixture.room, rates: FeedRates(pkUpdates: 2), seed: 10)
        let scores = g.notes(until: 250).named(.pkScoreChanged).compactMap { $0.note.value(.pkScoreChanged) }
        #expect(
            zip(scores, scores.dropFirst()).allSatisfy {
                $1.left >= $0.left && $1.right >= $0.right && $1.secondsLeft < $0.secondsLeft
            })
        #expect(scores.last!.left > 0 && scores.last!.right > 0)
    }

    @Test("a rate of zero turns its stream off")
    func zeroRate() {
        var g = FeedGenerator(room: FeedFixture.room, rates: FeedRates(comments: 4), seed: 11)
        let names = Set(g.notes(until: 100).map(\.note.name))
        #expect(names == [EventKey.commentArrived.name, EventKey.onlineCountChanged.name])
    }
}
