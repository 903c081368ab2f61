import DanmakuImport
import Foundation
import StudioKit

extension LiveCommands {
    /// Commands in the platform's shapes, with every field blivedm reads (the rest of a real
    /// command, avatars and badges, is left out).
    enum Shapes {
        static func record(_ record: DanmakuFileRecord) -> LiveJSON {
            let seconds = LiveJSON.stamp(.seconds(plus: 0))
            switch record {
            case .danmaku(let d): return danmaku(d)
            case .gift(let g):
                let gold = Int(clamping: ((g.unitPriceInYuan ?? 0) * 1000).rounded())
                let user = g.userName
                return [
                    "cmd": "SEND_GIFT",
                    "data": [
                        "giftName": .string(g.giftName), "num": .int(g.count), "uname": .string(user), "face": "",
                        "guard_level": 0, "uid": .int(g.userID.map(Int.init(clamping:)) ?? uid(user)),
                        "timestamp": seconds, "giftId": 0, "giftType": 0, "action": "投喂", "price": .int(gold),
                        "rnd": .stamp(.secondsText), "coin_type": g.isPaid == false ? "silver" : "gold",
                        "total_coin": .int(gold &* g.count), "tid": .stamp(.secondsText),
                    ],
                ]
            case .superChat(let s):
                return [
                    "cmd": "SUPER_CHAT_MESSAGE",
                    "data": [
                        "price": .int(Int(clamping: s.priceInYuan.rounded())), "message": .string(s.message),
                        "message_trans": "", "start_time": seconds,
                        "end_time": .stamp(.seconds(plus: Int(clamping: s.pinnedSeconds))), "time": .int(Int(clamping: s.pinnedSeconds)),
                        "id": seconds, "gift": ["gift_id": 12000, "gift_name": "醒目留言"],
                        "uid": .int(s.userID.map(Int.init(clamping:)) ?? uid(s.userName)),
                        "user_info": ["uname": .string(s.userName), "face": "", "guard_level": 0, "user_level": 1],
                        "background_bottom_color": "#2A60B2", "background_color": "#EDF5FF", "background_icon": "",
                        "background_image": "", "background_price_color": "#7497CD",
                    ],
                ]
            case .membership(let m):
                return [
                    "cmd": "GUARD_BUY",
                    "data": [
                        "uid": .int(m.userID.map(Int.init(clamping:)) ?? uid(m.userName)), "username": .string(m.userName),
                        "guard_level": .int(m.level.rawValue), "num": .int(m.count),
                        "price": .int(Int(clamping: ((m.priceInYuan ?? 0) * 1000).rounded())),
                        "gift_id": .int(10000 + m.level.rawValue), "gift_name": .string(m.level.chineseName),
                        "start_time": seconds, "end_time": seconds,
                    ],
                ]
            }
        }

        /// `DANMU_MSG`'s `info` array: [look, text, user, medal, level, title, 0, privilege, ...].
        static func danmaku(_ d: DanmakuRecord) -> LiveJSON {
            let user = d.userName ?? d.senderHash ?? "viewer"
            let userID = d.userID.map(Int.init(clamping:)) ?? uid(user)
            // Live danmaku are never positioned (mode 7 is a video's): such a record goes out
            // as a scrolling comment.
            let mode: Int = if case .positioned = d.mode { 1 } else { d.mode.bilibiliCode }
            let look: LiveJSON = [
                0, .int(mode), .int(d.size.rawValue), .int(Int(d.color & 0xFFFFFF)),
                .stamp(.milliseconds), .stamp(.millisecondsLow31), 0, .string(d.senderHash ?? ""), 0, 0, 0, "", 0, "{}", "{}",
                ["mode": 0, "show_player_type": 0, "extra": ""],
            ]
            let info: LiveJSON = [
                look, .string(d.text), [.int(userID), .string(user), 0, 0, 0, 10000, 1, ""], [], [0, 0, 9_868_950, ">50000"],
                ["", ""], 0, 0, .null, ["ts": .stamp(.seconds(plus: 0)), "ct": ""], 0, 0, .null, .null, 0, 0,
            ]
            return ["cmd": "DANMU_MSG", "info": info]
        }

        static func interact(_ user: String, type: Int) -> LiveJSON {
            [
                "cmd": "INTERACT_WORD",
                "data": [
                    "uname": .string(user), "uid": .int(uid(user)), "msg_type": .int(type),
                    "timestamp": .stamp(.seconds(plus: 0)),
                ],
            ]
        }

        /// A stable stand-in id for a user known by name only (FNV-1a of the name, 31 bits).
        static func uid(_ name: String) -> Int {
            Int(FNV1a<UInt32>.hash(name) & 0x7FFF_FFFF)
        }
    }
}
