import DanmakuImport
import Foundation
import Testing

@testable import StudioLive

@Suite("Live protocol commands")
struct LiveCommandsTests {
    static func decode(_ json: String) -> LiveDecoded { LiveCommands.decode(Array(json.utf8)) }

    @Test("DANMU_MSG, with the parameters after its name, reads its text, mode, color, size and sender")
    func danmaku() throws {
        let json = #"""
            {"cmd":"DANMU_MSG:4:0:2:2:2:0","info":[[0,5,36,16738408,1700000000000,1530951045,0,"9ab8c1d2",0,0,0,"",0,"{}","{}",{"mode":0}],
            "主播好美 ❤️",[1234567,"星星",0,0,0,10000,1,""],[21,"粉丝团","主播",5050,6067854,"",0],[12,0,6406234,">50000"],["",""],0,0,null,
            {"ts":1700000000,"ct":"AB12"},0,0,null,null,0,0]}
            """#
        guard case .message(.record(.danmaku(let d))) = Self.decode(json) else {
            Issue.record("not read as a danmaku: \(Self.decode(json))")
            return
        }
        #expect(d.text == "主播好美 ❤️")
        #expect(d.mode == .top)
        #expect(d.size == .large)
        #expect(d.color == 16_738_408)
        #expect(d.userName == "星星" && d.userID == 1_234_567)
        #expect(d.sentAt == Date(timeIntervalSince1970: 1_700_000_000), "info[0][4], milliseconds: when it was sent")

        // A danmaku written at a time carries it to the millisecond; one written without a
        // time says nothing of when it was sent.
        let sent = Date(timeIntervalSince1970: 1_700_000_000.25)
        let body = try #require(LiveCommands.encode(.record(.danmaku(d)), at: sent))
        guard case .message(.record(.danmaku(let back))) = LiveCommands.decode(body) else {
            Issue.record("not read back as a danmaku")
            return
        }
        #expect(back.sentAt == sent)
        guard case .message(.record(.danmaku(let unknown))) = LiveCommands.decode(try #require(LiveCommands.encode(.record(.danmaku(d)))))
        else {
            Issue.record("not read back as a danmaku")
            return
        }
        #expect(unknown.sentAt == nil)
    }

    @Test("SEND_GIFT, COMBO_SEND, SUPER_CHAT_MESSAGE and GUARD_BUY read as the records a recording holds")
    func paidMessages() {
        let gift = Self.decode(
            #"{"cmd":"SEND_GIFT","data":{"giftName":"辣条","num":3,"uname":"阿杰","uid":42,"price":100,"coin_type":"gold"}}"#)
        #expect(
            gift
                == .message(
                    .record(
                        .gift(GiftRecord(time: 0, userName: "阿杰", userID: 42, giftName: "辣条", count: 3, unitPriceInYuan: 0.1, isPaid: true))
                    )))
        let combo = Self.decode(
            #"{"cmd":"COMBO_SEND","data":{"gift_name":"小心心","combo_num":10,"uname":"Mia","uid":7,"combo_total_coin":50000}}"#)
        #expect(
            combo
                == .message(
                    .record(
                        .gift(GiftRecord(time: 0, userName: "Mia", userID: 7, giftName: "小心心", count: 10, unitPriceInYuan: 5, isPaid: true))
                    )))
        let chat = Self.decode(
            #"{"cmd":"SUPER_CHAT_MESSAGE","data":{"price":30,"message":"加油!","time":60,"uid":"99","user_info":{"uname":"Leo_88"}}}"#)
        #expect(
            chat
                == .message(
                    .record(
                        .superChat(
                            SuperChatRecord(time: 0, userName: "Leo_88", userID: 99, priceInYuan: 30, pinnedSeconds: 60, message: "加油!")))))
        let member = Self.decode(
            #"{"cmd":"GUARD_BUY","data":{"uid":5,"username":"老王","guard_level":3,"num":1,"price":198000}}"#)
        #expect(
            member
                == .message(
                    .record(.membership(MembershipRecord(time: 0, userName: "老王", userID: 5, level: .captain, count: 1, priceInYuan: 198))))
        )
    }

    @Test("entries, follows, likes, the online count, the rank and the live state are the room's own messages")
    func roomMessages() {
        #expect(Self.decode(#"{"cmd":"INTERACT_WORD","data":{"uname":"Sakura","msg_type":1}}"#) == .message(.entered(user: "Sakura")))
        #expect(Self.decode(#"{"cmd":"INTERACT_WORD","data":{"uname":"Sakura","msg_type":2}}"#) == .message(.followed(user: "Sakura")))
        #expect(Self.decode(#"{"cmd":"INTERACT_WORD","data":{"uname":"Sakura","msg_type":3}}"#) == .unknown(command: "INTERACT_WORD"))
        #expect(Self.decode(#"{"cmd":"LIKE_INFO_V3_CLICK","data":{"uname":"Tom","like_text":"为主播点赞了"}}"#) == .message(.liked(user: "Tom")))
        #expect(Self.decode(#"{"cmd":"ONLINE_RANK_COUNT","data":{"count":1234,"online_count":5000}}"#) == .message(.onlineCount(1234)))
        #expect(Self.decode(#"{"cmd":"LIVE","live_time":1700000000}"#) == .message(.live))
        #expect(Self.decode(#"{"cmd":"PREPARING","roomid":"1"}"#) == .message(.preparing))
        // The platform cutting a stream off ends it as its host does.
        #expect(Self.decode(#"{"cmd":"CUT_OFF","msg":"违规","roomid":1}"#) == .message(.preparing))
        #expect(Self.decode(#"{"cmd":"HOT_RANK_CHANGED_V2","data":{"rank":7,"trend":1,"area_name":"唱见"}}"#) == .message(.rank(7)))
        #expect(Self.decode(#"{"cmd":"HOT_RANK_CHANGED","data":{"rank":12}}"#) == .message(.rank(12)))
        #expect(Self.decode(#"{"cmd":"HOT_RANK_CHANGED","data":{}}"#) == .malformed(command: "HOT_RANK_CHANGED", #"no "rank""#))
    }

    @Test("an unknown command is counted as unknown; a known one missing a field says which")
    func unknownAndMalformed() {
        #expect(Self.decode(#"{"cmd":"WIDGET_BANNER","data":{}}"#) == .unknown(command: "WIDGET_BANNER"))
        #expect(
            Self.decode(#"{"cmd":"SEND_GIFT","data":{"giftName":"辣条","num":3,"price":100}}"#)
                == .malformed(command: "SEND_GIFT", #"no "uname""#))
        #expect(
            Self.decode(#"{"cmd":"DANMU_MSG","info":[[0,1,25],"hi",[1,"a"]]}"#)
                == .malformed(command: "DANMU_MSG", "info[0] is not an array of at least 4 items"))
        #expect(
            Self.decode(#"{"cmd":"ONLINE_RANK_COUNT","data":{"count":"many"}}"#)
                == .malformed(command: "ONLINE_RANK_COUNT", #""count" is not a number"#))
        // A boolean and a null are not numbers, a null is no value, and a number is not text.
        #expect(
            Self.decode(#"{"cmd":"ONLINE_RANK_COUNT","data":{"count":true}}"#)
                == .malformed(command: "ONLINE_RANK_COUNT", #""count" is not a number"#))
        #expect(
            Self.decode(#"{"cmd":"SEND_GIFT","data":{"giftName":"辣条","num":3,"price":100,"uname":null}}"#)
                == .malformed(command: "SEND_GIFT", #"no "uname""#))
        #expect(
            Self.decode(#"{"cmd":"SEND_GIFT","data":{"giftName":"辣条","num":3,"price":100,"uname":5}}"#)
                == .malformed(command: "SEND_GIFT", #""uname" is not a string"#))
        #expect(
            Self.decode(#"{"cmd":"DANMU_MSG","info":[[0,null,25,0],"hi",[1,"a"]]}"#)
                == .malformed(command: "DANMU_MSG", #""info[0][1]" is not a number"#))
        #expect(
            Self.decode(#"{"cmd":"DANMU_MSG","info":[[0,1,25,0],7,[1,"a"]]}"#)
                == .malformed(command: "DANMU_MSG", "info[1] (the text) is not a string"))
        #expect(
            Self.decode(#"{"cmd":"SUPER_CHAT_MESSAGE","data":{"price":30}}"#)
                == .malformed(command: "SUPER_CHAT_MESSAGE", #"no "user_info" object"#))
        for body in ["[1,2]", #"{"cmd":5}"#, #"{"cmd":"LIVE""#, #"{"data":{}}"#] {
            #expect(Self.decode(body) == .malformed(command: "?", #"the body is not a JSON object with a "cmd" string"#), "\(body)")
        }
        #expect(Self.decode("") == .malformed(command: "?", #"the body is not a JSON object with a "cmd" string"#))
    }

    @Test("every message LiveStudio writes reads back as itself")
    func roundTrip() throws {
        let messages: [LiveMessage] = [
            .record(
                .danmaku(DanmakuRecord(time: 0, mode: .bottom, size: .small, color: 0x00FF00, text: "666 😂", userName: "小鱼儿", userID: 3))),
            .record(.gift(GiftRecord(time: 0, userName: "Ava", userID: 11, giftName: "棒棒糖", count: 2, unitPriceInYuan: 0.5, isPaid: true))),
            .record(
                .superChat(
                    SuperChatRecord(
                        time: 0, userName: "Noah", userID: 12, priceInYuan: 50, pinnedSeconds: 120, message: "Hello from Berlin"))),
            .record(.membership(MembershipRecord(time: 0, userName: "Kenji", userID: 13, level: .admiral, count: 1, priceInYuan: 1998))),
            .entered(user: "Ola"), .followed(user: "Ola"), .liked(user: "Ola"), .onlineCount(321), .rank(4), .live, .preparing,
        ]
        for message in messages {
            let body = try #require(LiveCommands.encode(message), "\(message) was not written")
            #expect(LiveCommands.decode(body) == .message(message), "\(String(decoding: body, as: UTF8.self))")
        }
        #expect(LiveCommands.encode(.popularity(5)) == nil)
    }

    @Test("a danmaku's send time is read without decoding the command, from the platform's shape and LiveStudio's")
    func sentTime() throws {
        let platform = #"{"cmd":"DANMU_MSG:4:0:2:2:2:0","dm_v2":"","info":[[0,5,36,16738408,1700000000123,1530951045,0],"hi",[1,"a"]]}"#
        #expect(LiveCommands.danmakuSentTime(Array(platform.utf8)) == Date(timeIntervalSince1970: 1_700_000_000.123))
        let ours = try #require(
            LiveCommands.encode(
                .record(.danmaku(DanmakuRecord(time: 0, mode: .scroll, size: .normal, color: 0xFFFFFF, text: "[1,2]", userName: "x"))),
                at: Date(timeIntervalSince1970: 1_750_000_000.5)))
        #expect(LiveCommands.danmakuSentTime(ours) == Date(timeIntervalSince1970: 1_750_000_000.5))
        let gift = try #require(
            LiveCommands.encode(
                .record(.gift(GiftRecord(time: 0, userName: "a", giftName: "辣条", count: 1))), at: Date(timeIntervalSince1970: 1_750_000_000)
            ))
        #expect(LiveCommands.danmakuSentTime(gift) == nil)
        #expect(LiveCommands.danmakuSentTime(Array(#"{"cmd":"DANMU_MSG","info":[[0,1,25]]}"#.utf8)) == nil)
        #expect(LiveCommands.danmakuSentTime([]) == nil)
    }

    @Test("text with quotes, backslashes, control characters, CJK and emoji is written as JSON that reads back the same")
    func escaping() throws {
        let text = "say \"hi\" \\ back\n\ttab \u{1} 弹幕 🎉 </script>"
        let d = DanmakuRecord(time: 0, mode: .scroll, size: .normal, color: 0xFFFFFF, text: text, userName: "名字 \"q\"")
        let body = try #require(LiveCommands.encode(.record(.danmaku(d))))
        #expect(try JSONSerialization.jsonObject(with: Data(body)) is [String: Any], "\(String(decoding: body, as: UTF8.self))")
        guard case .message(.record(.danmaku(let back))) = LiveCommands.decode(body) else {
            Issue.record("not read back: \(String(decoding: body, as: UTF8.self))")
            return
        }
        #expect(back.text == text && back.userName == "名字 \"q\"")
    }
}
