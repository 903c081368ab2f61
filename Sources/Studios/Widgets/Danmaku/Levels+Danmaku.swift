extension Levels {
    /// The danmaku band (movable layer): above the activity badge, below the comment list
    /// and the gift banners, so those stay readable over the barrage.
    public static let danmaku = 240.0
}
