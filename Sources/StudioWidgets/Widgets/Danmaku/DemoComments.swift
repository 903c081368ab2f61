import StudioDomain
import StudioKit

/// A built-in audience for widgets shown without a server feed (the danmaku's demo
/// option): who talks and what they say, in English and Chinese.
enum DemoComments {
    static let users: [String] = [
        "Mia", "小鱼儿", "Leo_88", "阿杰", "nightowl", "Sakura", "Tom", "星星", "Yuki", "Jamal", "甜甜圈", "Ola",
    ]

    static let phrases: [String] = [
        "Hello from Berlin!", "主播好美", "666", "What song is this?", "来了来了", "Love this stream",
        "哈哈哈哈哈", "Can you say hi to me?", "太厉害了吧", "First time here", "晚上好呀", "This view is amazing",
        "点赞点赞", "Where are you streaming from?", "加油!", "Great vibes tonight", "求BGM", "So relaxing",
    ]
}
