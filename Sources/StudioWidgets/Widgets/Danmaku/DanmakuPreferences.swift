import StudioDomain
import StudioKit

/// The viewer's danmaku settings, shared by every room of a session: they follow the
/// viewer from room to room, as a player's settings do. The app puts one in each studio's
/// environment (`StudioEnvironment.provide`); the danmaku widgets and the settings sheet of
/// a studio read and write the same one. A studio built without one (a test, a bench) gets
/// its own from its first danmaku widget or sheet.
///
/// Loop thread only, like the widgets that use it. Widgets notice a change by its
/// `version`, one integer comparison per step, rather than by a callback.
public final class DanmakuPreferences {
    /// The viewer's settings; nil until the app or the viewer sets them: each room then
    /// uses its own configuration's.
    public var settings: DanmakuSettings? {
        didSet { if settings != oldValue { version &+= 1 } }
    }

    /// Grows by one with every change of `settings`.
    public private(set) var version = 0

    public init(settings: DanmakuSettings? = nil) {
        self.settings = settings
    }

    /// The studio's preferences: the session's when the app provided them, else new ones,
    /// provided for the rest of the studio's widgets.
    static func of(_ environment: StudioEnvironment) -> DanmakuPreferences {
        if let shared = environment.shared(DanmakuPreferences.self) { return shared }
        let own = DanmakuPreferences()
        environment.share(own)
        return own
    }
}
