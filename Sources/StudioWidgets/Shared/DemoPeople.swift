import StudioDomain
import StudioKit

/// Names of the simulated people the widgets show until a feed says otherwise
/// (a mix of Latin and Chinese names, as in a real room).
public enum DemoPeople {
    public static let audience = [
        "Ada", "Bo", "Chen", "Dara", "Eli", "Fei", "Gus", "Hana", "Ivy", "Jun", "小鱼", "阿明", "Kiko", "Lars",
    ]
    public static let hosts = [
        "Mia", "Kai", "Zoe", "Leo", "Yuki", "Nova", "Rio", "Sol", "Tao", "Uma", "可乐", "星星", "Wen", "Xia",
    ]
    /// The default opponent of a PK battle.
    public static let opponent = "Kai"
}
