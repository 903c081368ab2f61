import StudioDomain
import StudioKit

/// What the simulated audience is called and says: English and Chinese mostly, with emoji
/// and a few other scripts, as an international room's chat is.
package enum FeedContent {
    package static let users: [String] = [
        "Mia", "Leo_88", "nightowl", "Sakura", "Tom", "Yuki", "Jamal", "Ola", "Ethan", "Sofia",
        "Kenji", "Ava", "Noah", "Priya", "Lucas", "Chloe", "Mateo", "Hana", "Oliver", "Zara",
        "小鱼儿", "阿杰", "星星", "甜甜圈", "小明", "月亮船", "大白", "橘子汽水", "阿福", "晴天",
        "夏天的风", "猫猫头", "北北", "一只小熊", "老王", "糖糖", "木子李", "阿飞", "小雨", "豆豆",
    ]

    package static let comments: [String] = [
        "Hello from Berlin!", "666", "What song is this?", "Love this stream", "Can you say hi to me?",
        "First time here", "This view is amazing", "Where are you streaming from?", "Great vibes tonight",
        "So relaxing", "lol", "Turn the volume up please", "Been watching for an hour already",
        "Good morning from Sydney", "How long have you been doing this?", "You made my day",
        "Sending love from Brazil", "This is my favourite channel", "Can you play it again?",
        "The lighting is perfect", "Late night crew checking in", "Who else is here from TikTok?",
        "Wow", "Amazing skills", "What camera do you use?", "Happy Friday everyone",
        "主播好美", "来了来了", "哈哈哈哈哈", "太厉害了吧", "晚上好呀", "点赞点赞", "加油!", "求BGM",
        "主播今天状态真好", "第一次来,关注了", "这首歌叫什么名字", "声音好好听", "好治愈啊", "前排围观",
        "刚下班就来看了", "主播几点下播", "笑死我了", "太好看了", "支持支持", "我也想去那里",
        "今天吃什么", "从北京来的", "老粉报到", "再来一首", "画质好清晰", "明天还播吗",
        "😂😂😂", "加油 💪", "❤️❤️", "so cute 🥰", "🎉🎉 congrats", "好听 👍🏽", "🇧🇷 Olá do Brasil",
        "مساء الخير", "สวัสดีค่ะ", "Привет из Москвы", "नमस्ते 🙏",
    ]

    /// Comments that greet the host by name: `%@` is replaced with the host's name.
    static let hostGreetings: [String] = [
        "Hi %@!", "%@ you're the best", "%@ 晚上好", "%@ 加油", "Love you %@", "%@ 好久不见",
    ]

    /// Platform notices sent now and then.
    static let systemNotices: [String] = [
        "Welcome! Be kind in the chat.", "Gifts are voluntary. Enjoy the show.",
        "欢迎来到直播间，请文明发言", "Tip: tap the screen to send hearts.",
    ]
}
