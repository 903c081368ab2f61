import Foundation
import StudioFoundation

/// Makes a deterministic, realistic-looking recording of any size, for benchmarks and
/// round-trip tests: comments in mixed Latin, CJK and emoji with a few colors and modes,
/// gifts such as 辣条 and 节奏风暴 at their prices, super chats and memberships, all in time
/// order over `minutes`.
///
/// Records are made on demand, so a 500,000-line file costs no more memory than a short one.
/// The same seed gives the same records, byte for byte, on every platform.
public struct DanmakuRecordingGenerator: Sendable {
    public var seed: UInt64
    public var minutes: Double
    public var danmaku: Int
    public var gifts: Int
    package var superChats: Int
    package var memberships: Int
    public var shape: Shape = .liveRecording

    /// What kind of file the records look like.
    public enum Shape: Sendable, Hashable {
        /// A live recording: records in time order, mostly scrolling comments, one in fifty
        /// a mode-7 script.
        case liveRecording
        /// A video's comment file as Bilibili serves it: comments in the order they were sent,
        /// each at its own point of the video, so not in time order; one in eight a mode-7
        /// script (JSON in the text), one in fifty a long line of CJK text.
        case videoComments
    }

    /// When the generated recording started (2024-01-01 00:00 UTC), for `sentAt`.
    package static let startSeconds: Int64 = 1_704_067_200

    public init(seed: UInt64, minutes: Double, danmaku: Int, gifts: Int = 0, superChats: Int = 0, memberships: Int = 0) {
        self.seed = seed
        self.minutes = max(0, minutes)
        self.danmaku = max(0, danmaku)
        self.gifts = max(0, gifts)
        self.superChats = max(0, superChats)
        self.memberships = max(0, memberships)
    }

    /// The records as a reader will return them from a file written in `format` (positions
    /// aside). Bilibili files hold comments only, so for `.bilibili` the other kinds are left out.
    package func records(in format: DanmakuFileFormat = .bililiveRecorder) -> Records {
        Records(generator: self, format: format)
    }

    /// Writes the recording to `url` in `format`, replacing any file there.
    ///
    /// - Returns: how many records were written.
    /// - Complexity: O(records); memory stays at the writer's 64 KiB buffer.
    @discardableResult
    public func write(to url: URL, format: DanmakuFileFormat = .bililiveRecorder) throws -> Int {
        let writer = try DanmakuXMLWriter(
            url: url, format: format,
            recordingInfo: DanmakuRecordingInfo(
                roomID: 21_452_505, streamerName: "测试主播 Test", title: "Generated stream #\(seed) — 晚上好 & welcome",
                startTime: "2024-01-01T08:00:00.0000000+08:00", recorder: nil))
        var count = 0
        for record in records(in: format) {
            try writer.write(record)
            count += 1
        }
        try writer.finish()
        return count
    }

    /// The generated records: in time order for a live recording, in the order sent for a
    /// video's comments.
    public struct Records: Sequence, Sendable {
        let generator: DanmakuRecordingGenerator
        let format: DanmakuFileFormat

        public func makeIterator() -> Iterator { Iterator(generator: generator, format: format) }
    }

    /// Merges one time-ordered stream per kind; ties go to the kind listed first.
    public struct Iterator: IteratorProtocol {
        private var streams: [Stream]
        private let format: DanmakuFileFormat

        init(generator: DanmakuRecordingGenerator, format: DanmakuFileFormat) {
            self.format = format
            let durationMs = Int64(generator.minutes * 60_000)
            let counts =
                format == .bilibili
                ? [generator.danmaku, 0, 0, 0]
                : [generator.danmaku, generator.gifts, generator.superChats, generator.memberships]
            streams = DanmakuRecordKind.allCases.enumerated().map { index, kind in
                Stream(
                    kind: kind, count: counts[index], durationMs: durationMs, shape: generator.shape,
                    random: SeededRandom(seed: generator.seed &+ UInt64(index + 1) &* 0x5851_F42D_4C95_7F2D))
            }
            for index in streams.indices { streams[index].advance() }
        }

        public mutating func next() -> DanmakuFileRecord? {
            var best: Int?
            for index in streams.indices where streams[index].nextMs != nil {
                if best == nil || streams[index].nextMs! < streams[best!].nextMs! { best = index }
            }
            guard let best else { return nil }
            let record = streams[best].make(format: format)
            streams[best].advance()
            return record
        }
    }

    /// One kind's records: the i-th of n falls at a random point of the i-th of n equal
    /// slices of the recording, so times are sorted without holding them all.
    struct Stream {
        let kind: DanmakuRecordKind
        let count: Int
        let durationMs: Int64
        let shape: Shape
        var random: SeededRandom
        var index = -1
        var nextMs: Int64?

        init(kind: DanmakuRecordKind, count: Int, durationMs: Int64, shape: Shape, random: SeededRandom) {
            self.kind = kind
            self.count = count
            self.durationMs = durationMs
            self.shape = shape
            self.random = random
        }

        mutating func advance() {
            index += 1
            guard index < count else {
                nextMs = nil
                return
            }
            let slice = (Double(index) + random.unit()) / Double(count)
            nextMs = Int64(slice * Double(durationMs))
        }

        mutating func make(format: DanmakuFileFormat) -> DanmakuFileRecord {
            let ms = nextMs ?? 0
            // A video's comments were sent in order but each at the point of the video its
            // sender was watching.
            let time = shape == .videoComments ? Double(random.index(below: Int(max(1, durationMs)))) / 1000 : Double(ms) / 1000
            let user = DanmakuGeneratedContent.user(random.index(below: 500))
            switch kind {
            case .danmaku: return .danmaku(danmaku(time: time, ms: ms, user: user, format: format))
            case .gift:
                let gift = random.pick(DanmakuGeneratedContent.gifts)
                let count = random.index(below: 10) < 7 ? 1 : random.pick([2, 5, 10, 66, 520])
                return .gift(
                    GiftRecord(
                        time: time, userName: user.name, userID: user.id, giftName: gift.name, count: count,
                        unitPriceInYuan: gift.yuan, isPaid: format == .blrec ? gift.yuan > 0 : nil))
            case .superChat:
                let tier = random.index(below: DanmakuGeneratedContent.superChatPrices.count)
                return .superChat(
                    SuperChatRecord(
                        time: time, userName: user.name, userID: user.id,
                        priceInYuan: DanmakuGeneratedContent.superChatPrices[tier],
                        pinnedSeconds: DanmakuGeneratedContent.superChatSeconds[tier],
                        message: random.pick(DanmakuGeneratedContent.superChatMessages)))
            case .membership:
                let roll = random.index(below: 100)
                let level: MembershipLevel = roll < 90 ? .captain : roll < 99 ? .admiral : .governor
                let months = random.index(below: 10) < 8 ? 1 : 3
                return .membership(
                    MembershipRecord(
                        time: time, userName: user.name, userID: user.id, level: level, count: months,
                        priceInYuan: format == .blrec ? DanmakuGeneratedContent.membershipYuan(level) : nil))
            }
        }

        private mutating func danmaku(
            time: Double, ms: Int64, user: (name: String, id: UInt64),
            format: DanmakuFileFormat
        ) -> DanmakuRecord {
            if shape == .videoComments {
                return videoComment(time: time, ms: ms, user: user, format: format)
            }
            let text = mixedText(pieces: 1 + random.index(below: 3), chineseInTen: 4)
            let roll = random.index(below: 100)
            let mode: DanmakuRecordMode =
                switch roll {
                case 0..<85: .scroll
                case 85..<90: .top
                case 90..<95: .bottom
                case 95..<98: .reverse
                default: .positioned(motion())
                }
            return comment(time: time, ms: ms, user: user, format: format, mode: mode, text: text)
        }

        /// A comment of a video's file: the demo's kinds of lines, more mode-7 scripts, and
        /// now and then a long line.
        private mutating func videoComment(
            time: Double, ms: Int64, user: (name: String, id: UInt64), format: DanmakuFileFormat
        ) -> DanmakuRecord {
            let long = random.index(below: 50) == 0
            let text = mixedText(pieces: 1 + (long ? 12 + random.index(below: 12) : random.index(below: 3)), chineseInTen: 5)
            let roll = random.index(below: 8)
            let mode: DanmakuRecordMode =
                switch roll {
                case 0: .positioned(motion())
                case 1: random.index(below: 2) == 0 ? .top : .bottom
                default: .scroll
                }
            return comment(time: time, ms: ms, user: user, format: format, mode: mode, text: text)
        }

        /// `pieces` phrases: Chinese `chineseInTen` times in ten, then Latin, emoji and text
        /// that needs escaping.
        private mutating func mixedText(pieces: Int, chineseInTen: Int) -> String {
            var text = ""
            for _ in 0..<pieces {
                switch random.index(below: 10) {
                case 0..<chineseInTen: text += random.pick(DanmakuGeneratedContent.chinese)
                case chineseInTen..<7: text += random.pick(DanmakuGeneratedContent.latin)
                case 7..<9: text += random.pick(DanmakuGeneratedContent.emoji)
                default: text += random.pick(DanmakuGeneratedContent.escaped)
                }
            }
            return text
        }

        private mutating func comment(
            time: Double, ms: Int64, user: (name: String, id: UInt64), format: DanmakuFileFormat,
            mode: DanmakuRecordMode, text: String
        ) -> DanmakuRecord {
            let sizeRoll = random.index(below: 20)
            let size: DanmakuRecordSize = sizeRoll == 0 ? .small : sizeRoll == 1 ? .large : .normal
            var record = DanmakuRecord(
                time: time, mode: mode, size: size, color: random.pick(DanmakuGeneratedContent.palette),
                text: text, pool: 0)
            let sentMs = DanmakuRecordingGenerator.startSeconds * 1000 + ms
            switch format {
            case .bilibili:
                record.sentAt = Date(timeIntervalSince1970: Double(sentMs / 1000))
                record.senderHash = DanmakuGeneratedContent.hash(of: user.id)
                record.rowID = 40_000_000_000_000_000 + UInt64(index) &* 7_919
            case .bililiveRecorder:
                record.sentAt = Date(timeIntervalSince1970: Double(sentMs) / 1000)
                record.senderHash = String(user.id)
                record.rowID = 0
                record.userName = user.name
                record.userID = user.id
            case .blrec:
                record.sentAt = Date(timeIntervalSince1970: Double(sentMs) / 1000)
                record.senderHash = DanmakuGeneratedContent.hash(of: user.id)
                record.rowID = 40_000_000_000_000_000 + UInt64(index) &* 7_919
                record.userName = user.name
                record.userID = user.id
            }
            return record
        }

        /// A mode-7 script in screen fractions with whole-millisecond timings, so that it
        /// survives writing and reading exactly.
        private mutating func motion() -> PositionedMotion {
            func fraction() -> Double { Double(random.index(below: 101)) / 100 }
            return PositionedMotion(
                start: .init(x: fraction(), y: fraction()), end: .init(x: fraction(), y: fraction()),
                coordinates: .fractionOfScreen, alphaFrom: 1, alphaTo: random.pick([1, 0.5, 0]),
                duration: random.pick([3, 4.5, 6]), moveDuration: Double(random.index(below: 3000)) / 1000,
                moveDelay: Double(random.index(below: 1000)) / 1000, rotationZ: random.pick([0, 0, 30, -45]), rotationY: 0)
        }
    }
}
