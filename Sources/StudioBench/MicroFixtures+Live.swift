import Foundation
import StudioLive

extension MicroFixtures {
    /// A `DANMU_MSG` as the platform sends it: the command's parameters after its name, the
    /// `dm_v2` blob, and the 20-odd items of `info`, of which a room reads six.
    static let platformDanmaku = Array(
        #"""
        {"cmd":"DANMU_MSG:4:0:2:2:2:0","dm_v2":"CiIzZTQ2ZjM0YjE5YTY0YjQ4NmNlMjFkNTZiNDc3N2Q2MzM5NDEQARgZINnq3QcqCGM5NTU1YjJkMgzkuLvmkq3lpb3nvo44ytWZpqwxSOSp47kHYIDx9ocPaAF4AYoBAJoBEAoIMDQ4Q0I3MUIQw4yLswGiAQ0IpbLNBBIG5pif5pifKgA=","info":[[0,1,25,14893055,1700000000123,1530951045,0,"c9555b2d",0,0,0,"",0,"{}","{}",{"mode":0,"show_player_type":0,"extra":"{\"send_from_me\":false,\"mode\":0,\"color\":14893055,\"dm_type\":0,\"font_size\":25,\"player_mode\":1,\"show_player_type\":0,\"content\":\"主播好美 ❤️ 今天唱什么\",\"user_hash\":\"3378871085\",\"emoticon_unique\":\"\",\"bulge_display\":0,\"recommend_score\":3,\"main_state_dm_color\":\"\",\"objective_state_dm_color\":\"\",\"direction\":0,\"pk_direction\":0,\"quartet_direction\":0,\"anniversary_crowd\":0,\"yeah_space_type\":\"\",\"yeah_space_url\":\"\",\"jump_to_url\":\"\",\"space_type\":\"\",\"space_url\":\"\",\"animation\":{},\"emots\":null,\"is_audited\":false,\"id_str\":\"3e46f34b19a64b486ce21d56b4777d633941\",\"icon\":null,\"show_reply\":true,\"reply_mid\":0,\"reply_uname\":\"\",\"reply_uname_color\":\"\",\"reply_is_mystery\":false,\"hit_combo\":0}","user":{"uid":1234567,"base":{"name":"星星","face":"https://i0.hdslb.com/bfs/face/member/noface.jpg","name_color":0,"is_mystery":false},"medal":null}}],"主播好美 ❤️ 今天唱什么",[1234567,"星星",0,0,0,10000,1,""],[21,"粉丝团","主播",5050,6067854,"",0,6067854,6067854,6067854,0,1,23456789],[12,0,6406234,">50000",0],["",""],0,0,null,{"ts":1700000000,"ct":"AB12CD34"},0,0,null,null,0,105,[8],null]}
        """#.utf8)

    /// Reading one `DANMU_MSG` as the live feed does for each command it is sent: what a
    /// room fed live at thousands of comments a second spends beside its frames.
    package static func liveDanmakuDecode() -> MicroFixture {
        let body = platformDanmaku
        var read = 0
        return MicroFixture(
            note: "\(body.count)-byte body", operations: 1, callsPerSample: 2_000,
            run: {
                if case .message(.record(.danmaku(let d))) = LiveCommands.decode(body), d.userID == 1_234_567 { read += 1 }
            },
            check: { read > 0 })
    }
}
