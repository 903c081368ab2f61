import DanmakuImport
import Foundation
import StudioKit

/// The JSON commands of message packets, read into `LiveMessage`s and written from them in
/// the shapes the platform sends (the fields other clients, such as blivedm, read).
package enum LiveCommands {
    /// The commands `decode` turns into messages.
    package static let known: Set<String> = [
        "DANMU_MSG", "SEND_GIFT", "COMBO_SEND", "SUPER_CHAT_MESSAGE", "GUARD_BUY", "INTERACT_WORD",
        "LIKE_INFO_V3_CLICK", "ONLINE_RANK_COUNT", "HOT_RANK_CHANGED", "HOT_RANK_CHANGED_V2", "LIVE", "PREPARING",
        "CUT_OFF",
    ]

    /// One command's body, as JSON bytes.
    package static func decode(_ body: [UInt8]) -> LiveDecoded {
        // Foundation's JSONDecoder reads the structure once and decodes only the values
        // asked for: a room reads six of a `DANMU_MSG`'s many fields. (JSONSerialization
        // built every object, number and string of the body, and cost a live room fed
        // thousands of comments a second a good part of a core.)
        (try? reader.decode(Command.self, from: Data(body)))?.decoded
            ?? .malformed(command: "?", "the body is not a JSON object with a \"cmd\" string")
    }

    private static let reader = JSONDecoder()

    /// A command read straight from the decoder: it throws only when the body has no
    /// command name, and a known command with a bad field is `.malformed`, with the field.
    private struct Command: Decodable {
        let decoded: LiveDecoded

        init(from decoder: any Decoder) throws {
            let fields = Fields(try decoder.container(keyedBy: Key.self))
            let full = try fields.container.decode(String.self, forKey: Key("cmd"))
            // Since 2019 some commands carry parameters after a colon ("DANMU_MSG:4:0:2:2:2:0").
            let command = full.firstIndex(of: ":").map { String(full[..<$0]) } ?? full
            do {
                decoded = try Self.read(command, fields)
            } catch {
                decoded = .malformed(command: command, error.reason)
            }
        }

        private static func read(_ command: String, _ fields: Fields) throws -> LiveDecoded {
            switch command {
            case "DANMU_MSG": return .message(.record(.danmaku(try fields.danmaku())))
            case "SEND_GIFT": return .message(.record(.gift(try fields.gift())))
            case "COMBO_SEND": return .message(.record(.gift(try fields.combo())))
            case "SUPER_CHAT_MESSAGE": return .message(.record(.superChat(try fields.superChat())))
            case "GUARD_BUY": return .message(.record(.membership(try fields.membership())))
            case "INTERACT_WORD":
                let data = try fields.object("data")
                let user = try data.text("uname")
                switch try data.int("msg_type") {
                case 1: return .message(.entered(user: user))
                case 2: return .message(.followed(user: user))
                default: return .unknown(command: "INTERACT_WORD")
                }
            case "LIKE_INFO_V3_CLICK": return .message(.liked(user: try fields.object("data").text("uname")))
            case "ONLINE_RANK_COUNT": return .message(.onlineCount(try fields.object("data").int("count")))
            case "HOT_RANK_CHANGED", "HOT_RANK_CHANGED_V2": return .message(.rank(try fields.object("data").int("rank")))
            case "LIVE": return .message(.live)
            case "PREPARING", "CUT_OFF": return .message(.preparing)
            default: return .unknown(command: command)
            }
        }
    }

    /// When a `DANMU_MSG` body says it was sent (`info[0][4]`, milliseconds since 1970),
    /// read without decoding the rest of the command: nil for another command, or a danmaku
    /// that does not say. For a client that measures lag on many commands a second, where
    /// `decode` would cost more than the measuring.
    package static func danmakuSentTime(_ body: [UInt8]) -> Date? {
        guard let named = find(#""cmd":"DANMU_MSG"#, in: body, from: 0), let start = find(#""info":[["#, in: body, from: named)
        else { return nil }
        // info[0] opens with four numbers (0, mode, size, colour) before the time.
        var i = start, commas = 0
        while i < body.count, commas < 4 {
            if body[i] == UInt8(ascii: ",") { commas += 1 } else if body[i] == UInt8(ascii: "]") { return nil }
            i += 1
        }
        var milliseconds = 0, digits = 0
        while i < body.count, body[i] >= UInt8(ascii: "0"), body[i] <= UInt8(ascii: "9"), digits < 16 {
            milliseconds = milliseconds * 10 + Int(body[i] - UInt8(ascii: "0"))
            digits += 1
            i += 1
        }
        return digits > 0 && milliseconds > 0 ? Date(timeIntervalSince1970: Double(milliseconds) / 1000) : nil
    }

    /// The index just past the first `needle` in `body` at or after `from`. (Foundation's
    /// `firstRange(of:)`, which `[UInt8]` gets as a `DataProtocol`, is generic over both
    /// collections and cost more than the rest of the read; glibc's `memmem` is not visible
    /// from Swift.)
    private static func find(_ needle: StaticString, in body: [UInt8], from: Int) -> Int? {
        let n = needle.utf8CodeUnitCount
        return needle.withUTF8Buffer { pattern -> Int? in
            guard n > 0, body.count >= n else { return nil }
            var i = from
            while i <= body.count - n {
                if body[i] == pattern[0] {
                    var k = 1
                    while k < n, body[i + k] == pattern[k] { k += 1 }
                    if k == n { return i + n }
                }
                i += 1
            }
            return nil
        }
    }

    /// `message` as a command body, in the platform's shape, sent at `time`. A heartbeat's
    /// popularity is not a command (it travels as a heartbeat reply): nil.
    package static func encode(_ message: LiveMessage, at time: Date = Date(timeIntervalSince1970: 0)) -> [UInt8]? {
        template(message)?.bytes(at: time)
    }

    /// `message` as a command body whose times are stamped in later (`LiveTemplate.bytes(at:)`):
    /// a server writes each record once, and each client's copy gets its own times.
    static func template(_ message: LiveMessage) -> LiveTemplate? {
        let object: LiveJSON
        switch message {
        case .record(let record): object = Shapes.record(record)
        case .entered(let user): object = Shapes.interact(user, type: 1)
        case .followed(let user): object = Shapes.interact(user, type: 2)
        case .liked(let user):
            object = ["cmd": "LIKE_INFO_V3_CLICK", "data": ["uname": .string(user), "uid": .int(Shapes.uid(user)), "like_text": "为主播点赞了"]]
        case .onlineCount(let count): object = ["cmd": "ONLINE_RANK_COUNT", "data": ["count": .int(count), "online_count": .int(count)]]
        case .rank(let rank): object = ["cmd": "HOT_RANK_CHANGED_V2", "data": ["rank": .int(rank), "trend": .int(0)]]
        case .live: object = ["cmd": "LIVE", "live_time": .stamp(.seconds(plus: 0))]
        case .preparing: object = ["cmd": "PREPARING"]
        case .popularity: return nil
        }
        return object.template
    }

    struct FieldError: Error { let reason: String }

    /// Any key of a command's objects.
    struct Key: CodingKey {
        let stringValue: String
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    /// A value where a number belongs. Some fields come as numbers in one command and as
    /// strings in another ("price"); `true`, `false` and `null` are not numbers.
    enum Scalar: Decodable, Equatable {
        case number(Double)
        case null
        case other

        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() {
                self = .null
            } else if let n = try? value.decode(Double.self) {
                self = .number(n)
            } else if let s = try? value.decode(String.self), let n = Double(s), n.isFinite {
                self = .number(n)
            } else {
                self = .other
            }
        }

        /// The number, or an error that names `what`.
        func number(_ what: String) throws -> Double {
            guard let n = value else { throw FieldError(reason: "\(what) is not a number") }
            return n
        }

        /// The number, for a field that may say nothing.
        var value: Double? {
            if case .number(let n) = self { n } else { nil }
        }
    }

    /// Typed reads of one of a command's objects, each failing with the field's name.
    struct Fields {
        let container: KeyedDecodingContainer<Key>
        init(_ container: KeyedDecodingContainer<Key>) { self.container = container }

        func object(_ key: String) throws -> Fields {
            guard let nested = try? container.nestedContainer(keyedBy: Key.self, forKey: Key(key)) else {
                throw FieldError(reason: "no \"\(key)\" object")
            }
            return Fields(nested)
        }
        func text(_ key: String) throws -> String {
            let text: String?
            do { text = try container.decodeIfPresent(String.self, forKey: Key(key)) } catch {
                throw FieldError(reason: "\"\(key)\" is not a string")
            }
            guard let text else { throw FieldError(reason: "no \"\(key)\"") }
            return text
        }
        func number(_ key: String) throws -> Double {
            // `try?` folds a missing key and a null into nil: both are "no" field.
            guard let value = try? container.decodeIfPresent(Scalar.self, forKey: Key(key)), value != .null else {
                throw FieldError(reason: "no \"\(key)\"")
            }
            return try value.number("\"\(key)\"")
        }
        func int(_ key: String) throws -> Int {
            Int(clamping: Int64(exactly: try number(key).rounded()) ?? 0)
        }
        private func uid(_ key: String) -> UInt64? {
            (try? number(key)).flatMap { UInt64(exactly: $0.rounded()) }
        }

        /// An array field of at least `count` items, to read in order.
        static func array(
            _ read: () throws -> UnkeyedDecodingContainer, _ what: String, count: Int
        ) throws
            -> UnkeyedDecodingContainer
        {
            guard let array = try? read(), (array.count ?? 0) >= count else {
                throw FieldError(reason: "\(what) is not an array of at least \(count) items")
            }
            return array
        }

        /// `info`: [[0, mode, size, colour, sent, ...], text, [uid, name, ...], ...].
        func danmaku() throws -> DanmakuRecord {
            var info = try Self.array({ try container.nestedUnkeyedContainer(forKey: Key("info")) }, "\"info\"", count: 3)
            var look = try Self.array({ try info.nestedUnkeyedContainer() }, "info[0]", count: 4)
            guard let text = try? info.decode(String.self) else { throw FieldError(reason: "info[1] (the text) is not a string") }
            var user = try Self.array({ try info.nestedUnkeyedContainer() }, "info[2]", count: 2)
            let uid = (try? user.decode(Scalar.self))?.value.flatMap { UInt64(exactly: $0.rounded()) }
            guard let name = try? user.decode(String.self) else { throw FieldError(reason: "info[2][1] (the sender) is not a string") }
            var numbers: [Scalar] = []
            while numbers.count < 5, !look.isAtEnd { numbers.append(try look.decode(Scalar.self)) }
            let mode: DanmakuRecordMode =
                switch try numbers[1].number("\"info[0][1]\"") {
                case 4: .bottom
                case 5: .top
                case 6: .reverse
                default: .scroll
                }
            let points = Int(exactly: try numbers[2].number("\"info[0][2]\"").rounded()) ?? 25
            let color = UInt32(clamping: Int64(exactly: try numbers[3].number("\"info[0][3]\"").rounded()) ?? 0xFFFFFF)
            // info[0][4]: when it was sent, in milliseconds since 1970 (0 or missing: unknown).
            let sent = numbers.count > 4 ? numbers[4].value.flatMap { $0 > 0 ? $0 : nil } : nil
            var record = DanmakuRecord(
                time: 0, mode: mode, size: DanmakuRecordSize(nearestTo: points), color: color & 0xFFFFFF, text: text,
                userName: name, userID: uid)
            record.sentAt = sent.map { Date(timeIntervalSince1970: $0 / 1000) }
            return record
        }

        func gift() throws -> GiftRecord {
            let data = try object("data")
            let gold = (try? data.text("coin_type")).map { $0 == "gold" }
            return GiftRecord(
                time: 0, userName: try data.text("uname"), userID: data.uid("uid"), giftName: try data.text("giftName"),
                count: max(1, try data.int("num")), unitPriceInYuan: try data.number("price") / 1000, isPaid: gold)
        }

        func combo() throws -> GiftRecord {
            let data = try object("data")
            let count = (try? data.int("combo_num")) ?? (try? data.int("total_num")) ?? 1
            let total = try? data.number("combo_total_coin")
            return GiftRecord(
                time: 0, userName: try data.text("uname"), userID: data.uid("uid"), giftName: try data.text("gift_name"),
                count: max(1, count), unitPriceInYuan: total.map { $0 / 1000 / Double(max(1, count)) }, isPaid: true)
        }

        func superChat() throws -> SuperChatRecord {
            let data = try object("data")
            let user = try data.object("user_info")
            return SuperChatRecord(
                time: 0, userName: try user.text("uname"), userID: data.uid("uid"), priceInYuan: try data.number("price"),
                pinnedSeconds: (try? data.number("time")) ?? 0, message: try data.text("message"))
        }

        func membership() throws -> MembershipRecord {
            let data = try object("data")
            guard let level = MembershipLevel(rawValue: try data.int("guard_level")) else {
                throw FieldError(reason: "\"guard_level\" is not 1, 2 or 3")
            }
            return MembershipRecord(
                time: 0, userName: try data.text("username"), userID: data.uid("uid"), level: level,
                count: max(1, try data.int("num")), priceInYuan: (try? data.number("price")).map { $0 / 1000 })
        }
    }
}

extension Error {
    fileprivate var reason: String { (self as? LiveCommands.FieldError)?.reason ?? "\(self)" }
}
