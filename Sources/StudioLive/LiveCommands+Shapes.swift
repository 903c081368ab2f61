import DanmakuImport
import Foundation
import StudioKit

extension LiveCommands {
    /// Commands in the platform's shapes, with every field blivedm reads (the rest of a real
    /// command, avatars and badges, is left out).
    enum Shapes {
        static func record(_ record: DanmakuFileRecord, at time: Date) -> [String: Any] {
            let seconds = Int(clamping: time.timeIntervalSince1970)
            switch record {
            case .danmaku(let d): return danmaku(d, at: time)
            case .gift(let g):
                let gold = Int(clamping: ((g.unitPriceInYuan ?? 0) * 1000).rounded())
                let user = g.userName
                return [
                    "cmd": "SEND_GIFT",
                    "data": [
                        "giftName": g.giftName, "num": g.count, "uname": user, "face": "", "guard_level": 0,
                        "uid": g.userID.map(Int.init(clamping:)) ?? uid(user), "timestamp": seconds, "giftId": 0,
                        "giftType": 0, "action": "投喂", "price": gold, "rnd": "\(seconds)",
                        "coin_type": g.isPaid == false ? "silver" : "gold", "total_coin": gold * g.count, "tid": "\(seconds)",
                    ] as [String: Any],
                ]
            case .superChat(let s):
                return [
                    "cmd": "SUPER_CHAT_MESSAGE",
                    "data": [
                        "price": Int(clamping: s.priceInYuan.rounded()), "message": s.message, "message_trans": "",
                        "start_time": seconds, "end_time": seconds &+ Int(clamping: s.pinnedSeconds),
                        "time": Int(clamping: s.pinnedSeconds),
                        "id": seconds, "gift": ["gift_id": 12000, "gift_name": "醒目留言"],
                        "uid": s.userID.map(Int.init(clamping:)) ?? uid(s.userName),
                        "user_info": ["uname": s.userName, "face": "", "guard_level": 0, "user_level": 1],
                        "background_bottom_color": "#2A60B2", "background_color": "#EDF5FF", "background_icon": "",
                        "background_image": "", "background_price_color": "#7497CD",
                    ] as [String: Any],
                ]
            case .membership(let m):
                return [
                    "cmd": "GUARD_BUY",
                    "data": [
                        "uid": m.userID.map(Int.init(clamping:)) ?? uid(m.userName), "username": m.userName,
                        "guard_level": m.level.rawValue, "num": m.count, "price": Int(clamping: ((m.priceInYuan ?? 0) * 1000).rounded()),
                        "gift_id": 10000 + m.level.rawValue, "gift_name": m.level.chineseName, "start_time": seconds,
                        "end_time": seconds,
                    ] as [String: Any],
                ]
            }
        }

        /// `DANMU_MSG`'s `info` array: [look, text, user, medal, level, title, 0, privilege, ...].
        static func danmaku(_ d: DanmakuRecord, at time: Date) -> [String: Any] {
            let user = d.userName ?? d.senderHash ?? "viewer"
            let userID = d.userID.map(Int.init(clamping:)) ?? uid(user)
            let milliseconds = Int(clamping: time.timeIntervalSince1970 * 1000)
            // Live danmaku are never positioned (mode 7 is a video's): such a record goes out
            // as a scrolling comment.
            let mode: Int = if case .positioned = d.mode { 1 } else { d.mode.bilibiliCode }
            let look: [Any] = [
                0, mode, d.size.rawValue, Int(d.color & 0xFFFFFF),
                milliseconds, milliseconds & 0x7FFF_FFFF, 0, d.senderHash ?? "", 0, 0, 0, "", 0, "{}", "{}",
                ["mode": 0, "show_player_type": 0, "extra": ""],
            ]
            let info: [Any] = [
                look, d.text, [userID, user, 0, 0, 0, 10000, 1, ""], [Any](), [0, 0, 9_868_950, ">50000"], ["", ""], 0, 0,
                NSNull(), ["ts": milliseconds / 1000, "ct": ""], 0, 0, NSNull(), NSNull(), 0, 0,
            ]
            return ["cmd": "DANMU_MSG", "info": info]
        }

        static func interact(_ user: String, type: Int, at time: Date) -> [String: Any] {
            [
                "cmd": "INTERACT_WORD",
                "data": ["uname": user, "uid": uid(user), "msg_type": type, "timestamp": Int(clamping: time.timeIntervalSince1970)]
                    as [String: Any],
            ]
        }

        /// A stable stand-in id for a user known by name only (FNV-1a of the name, 31 bits).
        static func uid(_ name: String) -> Int {
            Int(name.utf8.reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 } & 0x7FFF_FFFF)
        }
    }
}
