import Foundation
import StudioDomain
import StudioKit

/// What each stream says when it fires. Every draw comes from the firing stream's own
/// generator, so one stream's content never shifts another's.
extension FeedGenerator {
    mutating func fire(_ stream: Stream, at t: Double, into out: inout [TimedNote]) {
        var random = streams[stream.rawValue].random
        defer { streams[stream.rawValue].random = random }
        switch stream {
        case .comments:
            out.append(note(.commentArrived, comment(&random), at: t))
        case .giftBursts:
            startBurst(at: t, &random, into: &out)
        case .likeBatches:
            likesOwed += rates.likes * (t - lastLikeBatch)
            lastLikeBatch = t
            // Whole likes are sent, the fraction carried: the total follows the rate exactly.
            let count = Int(clamping: likesOwed)
            likesOwed -= Double(count)
            if count > 0 { out.append(note(.likesArrived, count, at: t)) }
        case .enters:
            let member = Self.member(&random)
            onlineCount += 1
            recentEntrants.append(member)
            if recentEntrants.count > 64 { recentEntrants.removeFirst() }
            out.append(note(.audienceEntered, member, at: t))
        case .leaves:
            let member: AudienceMember
            if !recentEntrants.isEmpty, random.unit() < 0.7 {
                member = recentEntrants.remove(at: random.index(below: recentEntrants.count))
            } else {
                member = Self.member(&random)
            }
            onlineCount = max(0, onlineCount - 1)
            out.append(note(.audienceLeft, member, at: t))
        case .rank:
            var next = rank + random.pick([-3, -2, -1, 1, 2, 3])
            next = min(max(next, 1), 99)
            if next == rank { next = rank == 1 ? 2 : rank - 1 }
            rank = next
            out.append(note(.rankChanged, rank, at: t))
        case .pk:
            if let score = pkUpdate(at: t, &random) {
                out.append(note(.pkScoreChanged, score, at: t))
            }
        case .price:
            price = max(0.01, (price * exp(0.002 * random.roughlyNormal()) * 100).rounded() / 100)
            out.append(note(.priceTicked, price, at: t))
        case .onlineReport:
            // Most of the audience comes and goes unseen: the count drifts around what the
            // visible enters and leaves suggest.
            let drift = (Double(onlineCount) * 0.0005 * random.roughlyNormal()).rounded()
            onlineCount = max(0, onlineCount &+ Int(clamping: drift))
            if onlineCount != announcedOnline {
                announcedOnline = onlineCount
                out.append(note(.onlineCountChanged, onlineCount, at: t))
            }
        }
    }

    private mutating func comment(_ random: inout SeededRandom) -> Comment {
        let user = random.pick(FeedContent.users)
        let text: String
        if !room.hostName.isEmpty, random.unit() < 0.12 {
            text = random.pick(FeedContent.hostGreetings).replacingOccurrences(of: "%@", with: room.hostName)
        } else {
            text = random.pick(FeedContent.comments)
        }
        return Comment(user: user, text: text, userColor: Self.color(of: user))
    }

    /// A user keeps one color wherever their name shows.
    package static func color(of user: String) -> Color {
        Palette.names[Int(stableHash(user) % UInt64(Palette.names.count))]
    }

    static func member(_ random: inout SeededRandom) -> AudienceMember {
        let name = random.pick(FeedContent.users)
        // Most of an audience has a low fan level.
        let u = random.unit()
        let level = 1 + Int(clamping: u * u * 59)
        return AudienceMember(name: name, level: level, isVIP: random.unit() < 0.08)
    }

    /// One sender sends one gift one or more times in a row, 0.12-0.35 s apart (a combo).
    private mutating func startBurst(at t: Double, _ random: inout SeededRandom, into out: inout [TimedNote]) {
        let gift = GiftCatalog.all[random.index(weights: GiftCatalog.weights)]
        let sender = random.pick(FeedContent.users)
        let shape = GiftCatalog.burstShape(gift.tier)
        let length = random.unit() < shape.single ? 1 : random.int(in: shape.range)
        let send = note(.giftArrived, GiftMessage(sender: sender, gift: gift), at: t)
        out.append(send)
        var at = t
        for _ in 1..<max(length, 1) {
            at += random.double(in: 0.12...0.35)
            var later = send
            later.time = at
            schedule(later)
        }
    }

    /// Inserts after every pending note due at the same time or earlier (ties keep order).
    private mutating func schedule(_ timed: TimedNote) {
        let i = pending.firstIndex { $0.time > timed.time } ?? pending.endIndex
        pending.insert(timed, at: i)
    }

    /// Both sides gain points; a battle ends after `pkBattleLength` and, after a break,
    /// the next starts from 0:0. Nil during the break.
    private mutating func pkUpdate(at t: Double, _ random: inout SeededRandom) -> PKScore? {
        guard var score = pkScore else { return nil }
        if t >= pkEnd {
            if score.secondsLeft > 0 {
                score.secondsLeft = 0
                pkScore = score
                return score
            }
            guard t >= pkEnd + Self.pkBreak else { return nil }
            pkEnd = t + Self.pkBattleLength
            score = PKScore(left: 0, right: 0, secondsLeft: Self.pkBattleLength)
        }
        for side in 0..<2 where random.unit() < 0.6 {
            // Mostly small gifts; now and then a big one swings the battle.
            let points = random.unit() < 0.05 ? random.int(in: 100...500) : random.int(in: 1...30)
            if side == 0 { score.left += points } else { score.right += points }
        }
        score.secondsLeft = pkEnd - t
        pkScore = score
        return score
    }
}
