import StudioDomain
import StudioKit

/// The default levels of the widgets. Each is unique
/// among the module's levels: a studio conceals by level, so two widgets sharing one would
/// be concealed together. Odd numbers leave the round ones to the shared widgets.
extension Levels {
    // displayer: video-like pictures, under every control
    /// The opponent's half of a PK battle, over the right half of the main video.
    public static let pkOpponent = 150.0
    /// The picture-in-picture window of an audience member co-streaming with the host.
    package static let coStreamWindow = 190.0
    // movable: slides away in lite mode
    package static let audienceList = 214.0
    public static let pkBar = 218.0
    public static let hostsLoop = 222.0
    public static let priceTicker = 226.0
    public static let quizCard = 236.0
    public static let productCards = 244.0
    public static let hostPanel = 254.0
    public static let cartButton = 262.0
    package static let playbackBar = 266.0
    // lite: a claw machine must stay playable in lite mode
    package static let clawPad = 344.0
    // float: over everything but the toast (480), which must read over a sheet
    package static let winnerBanner = 436.0
    public static let rankDialog = 452.0
    public static let shareSheet = 456.0
    public static let giftPanel = 458.0
    public static let commentComposer = 460.0
}
