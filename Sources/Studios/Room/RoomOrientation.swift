import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

/// The room's orientation: portrait, or turned on its side to the landscape layout.
public final class RoomOrientation: RoomPart, OrientationService {
    public let link = RoomLink()

    public init() {}
    /// True while the room is turned to its landscape layout.
    public private(set) var isLandscape = false
    /// The landscape screen while the room is turned, and while it turns back.
    package private(set) var landscapeScreen: LandscapeScreenWidget?
    /// The swipes' mapping in portrait, put back when the room turns back.
    private var portraitGestures = GestureMapping()

    /// What the landscape layout keeps of the page: the float layer alone, whose top widget
    /// is then the landscape screen (`LandscapeScreenWidget`: the video across the turned
    /// screen, with its own overlay). The other layers are hidden as lite mode hides the
    /// movable layer (they keep updating: comments still arrive, timers still run) and come
    /// back as they were. What the float layer holds below the screen stays covered by it.
    package static let layersKept: Set<LayerKind> = [.float]

    /// Turns the room to its landscape layout or back to portrait.
    public func toggleOrientation() { setLandscape(!isLandscape) }

    /// Sets the orientation and publishes `.orientationChanged` on a change. Landscape adds
    /// the landscape screen, hides the layers it does not keep and maps both swipe axes to
    /// nothing: full screen has no room change and no lite mode, as in the apps (its taps
    /// are the screen's, see `LandscapeScreenWidget`). Portrait puts the swipes and layers
    /// back; the screen turns back over the page and is removed once it has.
    public func setLandscape(_ landscape: Bool) {
        guard landscape != isLandscape else { return }
        isLandscape = landscape
        if landscape {
            portraitGestures = room.gestureMapping
            room.gestureMapping = GestureMapping(vertical: .none, horizontal: .none)
            if landscapeScreen == nil { landscapeScreen = addScreen() }
        } else {
            room.gestureMapping = portraitGestures
        }
        landscapeScreen?.turn(toLandscape: landscape)
        room.stack.coveredLayers = landscape ? Set(LayerKind.allCases).subtracting(Self.layersKept) : []
        publish(.orientationChanged, landscape)
    }

    private func addScreen() -> LandscapeScreenWidget {
        // The room's picture is the topmost one shown: the PK split over its hidden video.
        let picture = room.layer(.displayer).subtree().compactMap { $0 as? any RoomPicture }.last { !$0.isHidden }
        let screen = LandscapeScreenWidget(
            picture: picture,
            title: room.room.title.isEmpty ? room.service((any KindTitleService).self)?.kindTitle ?? "" : room.room.title,
            danmaku: room.widget(DanmakuWidget.self)?.configuration)
        // The screen's level is a valid float level by construction.
        try! room.add(screen)
        if let bar = room.widget(PlaybackBarWidget.self) { screen.showPlayback(bar.copy(level: screen.level)) }
        return screen
    }

    /// Removes the landscape screen once it has turned back.
    public func didUpdate(_ step: FrameStep) {
        if let screen = landscapeScreen, screen.hasTurnedBack {
            screen.removeFromParent()
            landscapeScreen = nil
        }
    }
}
