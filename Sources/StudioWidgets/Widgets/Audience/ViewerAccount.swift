import StudioKit

/// The viewer's account for a session: their coins, the hearts they sent and their name.
/// It belongs to the viewer, not to a room: a top-up or a gift in one room is still spent in
/// the next, and a reload of the room's configuration keeps it. The app puts one in each
/// studio's environment (`StudioEnvironment.provide`), as it does `DanmakuPreferences`; a
/// studio built without one (a test, a bench, a preview) gets its own.
///
/// Each value starts unset, and the first room that configures it sets it (the gift panel's
/// `coins` and `viewerName`, the comment box's `viewerName`); later rooms read it. Loop
/// thread only, like the widgets that use it.
public final class ViewerAccount {
    /// Coins left; nil until a room with a gift panel opens.
    public internal(set) var coins: Int?
    /// Hearts the viewer sent in every room of the session: taps on a room, the ♥ button,
    /// double taps on a picture.
    public package(set) var heartsSent = 0
    /// The name on the viewer's own comments, gifts and tips; nil until a room names them.
    public internal(set) var name: String?

    public init(coins: Int? = nil, name: String? = nil) {
        self.coins = coins
        self.name = name
    }

    /// The studio's account: the session's when the app provided one, else a new one,
    /// provided for the rest of the studio's widgets.
    package static func of(_ environment: StudioEnvironment) -> ViewerAccount {
        if let shared = environment.shared(ViewerAccount.self) { return shared }
        let own = ViewerAccount()
        environment.share(own)
        return own
    }

    /// The name to use: the session's, or `configured` when this is the first room to
    /// name the viewer (it becomes the session's).
    func name(configured: String) -> String {
        if let name { return name }
        name = configured
        return configured
    }
}
