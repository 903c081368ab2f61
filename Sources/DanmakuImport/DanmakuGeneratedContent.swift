import StudioFoundation

/// The vocabulary of generated recordings: what viewers type, who they are, what they send.
/// Mixed scripts on purpose, so a benchmark pays for CJK, emoji and entities as real files do.
enum DanmakuGeneratedContent {
    static let latin = [
        "lol", "GG", "nice play", "hello from Berlin", "first time here", "W", "clip it", "LMAO",
        "that was close", "ez", "gg wp", "again!",
    ]
    static let chinese = [
        "哈哈哈哈", "前方高能", "主播好", "awsl", "草", "好耶", "来了来了", "这波操作可以",
        "下次一定", "爷青回", "破防了", "泪目", "笑死", "牛哇", "晚上好", "打卡",
    ]
    static let emoji = ["😂", "👍", "🎉", "❤️", "🤣", "🔥", "👏🏻", "🐱", "🇨🇳"]
    /// Characters that must be escaped, so that entities show up in every generated file.
    static let escaped = ["<3", "a & b", "\"quoted\"", "it's", "1 > 0"]

    static let palette: [UInt32] = [0xFFFFFF, 0xFFFFFF, 0xFFFFFF, 0xFFFFFF, 0xFE0302, 0x00CD00, 0xFFFF00, 0x4266BE, 0xCC0273]

    /// Gift name and price of one in yuan (0 for the free 小心心, paid with silver).
    static let gifts: [(name: String, yuan: Double)] = [
        ("辣条", 0.1), ("小心心", 0), ("牛哇牛哇", 0.1), ("打call", 0.5), ("这个好诶", 1),
        ("情书", 5.2), ("告白气球", 52), ("节奏风暴", 100), ("摩天大楼", 450), ("小电视飞船", 1245),
    ]

    static let superChatPrices: [Double] = [30, 30, 50, 100, 500, 1000, 2000]
    static let superChatSeconds: [Double] = [60, 60, 120, 300, 1800, 3600, 7200]
    static let superChatMessages = [
        "主播加油！", "Greetings from Tokyo 🗼", "唱一首《晴天》吧", "Thanks for the stream & see you tomorrow",
        "生日快乐 🎂", "这把必赢",
    ]

    /// Price of one month in yuan, by level.
    static func membershipYuan(_ level: MembershipLevel) -> Double {
        switch level {
        case .governor: 19998
        case .admiral: 1998
        case .captain: 198
        }
    }

    static let namePrefixes = ["用户", "Viewer_", "🐱猫猫", "小明", "night_owl", "路人甲", "Ана", "ゆき"]

    /// A stable user: a name and an id from the user's index.
    static func user(_ index: Int) -> (name: String, id: UInt64) {
        (namePrefixes[index % namePrefixes.count] + String(index), 10_000 + UInt64(index) &* 7_919)
    }

    /// A CRC32-looking hash of a user id, as Bilibili writes in field 6.
    static func hash(of id: UInt64) -> String {
        var mixer = SeededRandom(seed: id)
        return String(UInt32(truncatingIfNeeded: mixer.next()), radix: 16)
    }
}
