import DanmakuImport
import Foundation
import StudioKit

/// The JSON commands of message packets, read into `LiveMessage`s and written from them in
/// the shapes the platform sends (the fields other clients, such as blivedm, read).
public enum LiveCommands {
    /// The commands `decode` turns into messages.
    public static let known: Set<String> = [
        "DANMU_MSG", "SEND_GIFT", "COMBO_SEND", "SUPER_CHAT_MESSAGE", "GUARD_BUY", "INTERACT_WORD",
        "LIKE_INFO_V3_CLICK", "ONLINE_RANK_COUNT", "LIVE", "PREPARING",
    ]

    /// One command's body, as JSON bytes.
    public static func decode(_ body: [UInt8]) -> LiveDecoded {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
            let full = object["cmd"] as? String
        else { return .malformed(command: "?", "the body is not a JSON object with a \"cmd\" string") }
        // Since 2019 some commands carry parameters after a colon ("DANMU_MSG:4:0:2:2:2:0").
        let command = full.split(separator: ":", maxSplits: 1).first.map(String.init) ?? full
        let fields = Fields(command: command, object: object)
        do {
            switch command {
            case "DANMU_MSG": return .message(.record(.danmaku(try fields.danmaku())))
            case "SEND_GIFT": return .message(.record(.gift(try fields.gift())))
            case "COMBO_SEND": return .message(.record(.gift(try fields.combo())))
            case "SUPER_CHAT_MESSAGE": return .message(.record(.superChat(try fields.superChat())))
            case "GUARD_BUY": return .message(.record(.membership(try fields.membership())))
            case "INTERACT_WORD":
                let data = try fields.data()
                let user = try fields.text(data, "uname")
                switch try fields.int(data, "msg_type") {
                case 1: return .message(.entered(user: user))
                case 2: return .message(.followed(user: user))
                default: return .unknown(command: "INTERACT_WORD")
                }
            case "LIKE_INFO_V3_CLICK": return .message(.liked(user: try fields.text(try fields.data(), "uname")))
            case "ONLINE_RANK_COUNT": return .message(.onlineCount(try fields.int(try fields.data(), "count")))
            case "LIVE": return .message(.live)
            case "PREPARING": return .message(.preparing)
            default: return .unknown(command: command)
            }
        } catch {
            return .malformed(command: command, error.reason)
        }
    }

    /// When a `DANMU_MSG` body says it was sent (`info[0][4]`, milliseconds since 1970),
    /// read without decoding the rest of the command: nil for another command, or a danmaku
    /// that does not say. For a client that measures lag on many commands a second, where
    /// `decode` would cost more than the measuring.
    public static func danmakuSentTime(_ body: [UInt8]) -> Date? {
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
    public static func encode(_ message: LiveMessage, at time: Date = Date(timeIntervalSince1970: 0)) -> [UInt8]? {
        template(message)?.bytes(at: time)
    }

    /// `message` as a command body whose times are stamped in later (`Template.bytes(at:)`):
    /// a server writes each record once, and each client's copy gets its own times.
    static func template(_ message: LiveMessage) -> LiveJSON.Template? {
        let object: LiveJSON
        switch message {
        case .record(let record): object = Shapes.record(record)
        case .entered(let user): object = Shapes.interact(user, type: 1)
        case .followed(let user): object = Shapes.interact(user, type: 2)
        case .liked(let user):
            object = ["cmd": "LIKE_INFO_V3_CLICK", "data": ["uname": .string(user), "uid": .int(Shapes.uid(user)), "like_text": "为主播点赞了"]]
        case .onlineCount(let count): object = ["cmd": "ONLINE_RANK_COUNT", "data": ["count": .int(count), "online_count": .int(count)]]
        case .live: object = ["cmd": "LIVE", "live_time": .stamp(.seconds(plus: 0))]
        case .preparing: object = ["cmd": "PREPARING"]
        case .popularity: return nil
        }
        return object.template
    }

    struct FieldError: Error { let reason: String }

    /// Typed reads of a command's fields, each failing with the field's path.
    struct Fields {
        let command: String
        let object: [String: Any]

        func data() throws -> [String: Any] {
            guard let data = object["data"] as? [String: Any] else { throw FieldError(reason: "no \"data\" object") }
            return data
        }
        func value(_ container: [String: Any], _ key: String) throws -> Any {
            guard let value = container[key], !(value is NSNull) else { throw FieldError(reason: "no \"\(key)\"") }
            return value
        }
        func text(_ container: [String: Any], _ key: String) throws -> String {
            guard let text = try value(container, key) as? String else { throw FieldError(reason: "\"\(key)\" is not a string") }
            return text
        }
        func number(_ container: [String: Any], _ key: String) throws -> Double {
            try Self.number(try value(container, key), key)
        }
        func int(_ container: [String: Any], _ key: String) throws -> Int {
            Int(clamping: Int64(exactly: try number(container, key).rounded()) ?? 0)
        }
        static func number(_ value: Any, _ key: String) throws -> Double {
            // Some fields come as numbers in one command and as strings in another ("price").
            // JSONSerialization gives `true` and `false` as NSNumbers too, with a char's type.
            if let n = value as? NSNumber, String(cString: n.objCType) != "c" { return n.doubleValue }
            if let s = value as? String, let n = Double(s), n.isFinite { return n }
            throw FieldError(reason: "\"\(key)\" is not a number")
        }
        func array(_ value: Any?, _ what: String, count: Int) throws -> [Any] {
            guard let array = value as? [Any], array.count >= count else {
                throw FieldError(reason: "\(what) is not an array of at least \(count) items")
            }
            return array
        }

        func danmaku() throws -> DanmakuRecord {
            let info = try array(object["info"], "\"info\"", count: 3)
            let look = try array(info[0], "info[0]", count: 4)
            let user = try array(info[2], "info[2]", count: 2)
            guard let text = info[1] as? String else { throw FieldError(reason: "info[1] (the text) is not a string") }
            guard let name = user[1] as? String else { throw FieldError(reason: "info[2][1] (the sender) is not a string") }
            let mode: DanmakuRecordMode =
                switch try Self.number(look[1], "info[0][1]") {
                case 4: .bottom
                case 5: .top
                case 6: .reverse
                default: .scroll
                }
            let color = UInt32(clamping: Int64(exactly: try Self.number(look[3], "info[0][3]").rounded()) ?? 0xFFFFFF)
            let points = Int(exactly: try Self.number(look[2], "info[0][2]").rounded()) ?? 25
            let uid = (try? Self.number(user[0], "info[2][0]")).flatMap { UInt64(exactly: $0.rounded()) }
            // info[0][4]: when it was sent, in milliseconds since 1970 (0 or missing: unknown).
            let sent = (look.count > 4 ? try? Self.number(look[4], "info[0][4]") : nil).flatMap { $0 > 0 ? $0 : nil }
            var record = DanmakuRecord(
                time: 0, mode: mode, size: DanmakuRecordSize(nearestTo: points), color: color & 0xFFFFFF, text: text,
                userName: name, userID: uid)
            record.sentAt = sent.map { Date(timeIntervalSince1970: $0 / 1000) }
            return record
        }

        func gift() throws -> GiftRecord {
            let data = try data()
            let gold = (try? text(data, "coin_type")).map { $0 == "gold" }
            return GiftRecord(
                time: 0, userName: try text(data, "uname"), userID: uid(data, "uid"), giftName: try text(data, "giftName"),
                count: max(1, try int(data, "num")), unitPriceInYuan: try number(data, "price") / 1000, isPaid: gold)
        }

        func combo() throws -> GiftRecord {
            let data = try data()
            let count = (try? int(data, "combo_num")) ?? (try? int(data, "total_num")) ?? 1
            let total = try? number(data, "combo_total_coin")
            return GiftRecord(
                time: 0, userName: try text(data, "uname"), userID: uid(data, "uid"), giftName: try text(data, "gift_name"),
                count: max(1, count), unitPriceInYuan: total.map { $0 / 1000 / Double(max(1, count)) }, isPaid: true)
        }

        func superChat() throws -> SuperChatRecord {
            let data = try data()
            guard let user = data["user_info"] as? [String: Any] else { throw FieldError(reason: "no \"user_info\" object") }
            return SuperChatRecord(
                time: 0, userName: try text(user, "uname"), userID: uid(data, "uid"), priceInYuan: try number(data, "price"),
                pinnedSeconds: (try? number(data, "time")) ?? 0, message: try text(data, "message"))
        }

        func membership() throws -> MembershipRecord {
            let data = try data()
            guard let level = MembershipLevel(rawValue: try int(data, "guard_level")) else {
                throw FieldError(reason: "\"guard_level\" is not 1, 2 or 3")
            }
            return MembershipRecord(
                time: 0, userName: try text(data, "username"), userID: uid(data, "uid"), level: level,
                count: max(1, try int(data, "num")), priceInYuan: (try? number(data, "price")).map { $0 / 1000 })
        }

        private func uid(_ data: [String: Any], _ key: String) -> UInt64? {
            (try? number(data, key)).flatMap { UInt64(exactly: $0.rounded()) }
        }
    }
}

extension Error {
    fileprivate var reason: String { (self as? LiveCommands.FieldError)?.reason ?? "\(self)" }
}
