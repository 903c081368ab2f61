import StudioKit

/// The basic business studio: the studio most kinds share, built from a
/// `StudioConfig`. The configuration decides which widgets show and at which levels (each
/// lands in the layer its level names), the docker's buttons, what the swipes do and the
/// concealing list; this class builds those widgets through the catalog, applies the
/// rest, and owns the room's orientation. One subclass per studio kind (`StudioKind`)
/// adds the behaviour that coordinates its widgets; the widgets themselves come from the
/// configuration, found again by name (`widget(named:)`) or type.
open class ConfiguredStudio: LayeredStudio {
    /// The configuration the studio was built from.
    public let config: StudioConfig
    /// True while the room is turned to its landscape layout.
    public private(set) var isLandscape = false
    /// The studio's badge, if the configuration shows one: types put their state next to
    /// the title (`setBadgeDetail`).
    public private(set) var badge: StudioBadgeWidget?
    /// Where the stream is: a viewer's room is live from the start, the host's studio opens
    /// in a preview (`opensLive`). Only `live` admits the server's audience notes.
    public private(set) var liveState: LiveState = .live
    /// The one live timer: seconds since the stream went live (simulated step time), held
    /// when it ends. The host panel and the video's clock both show this.
    public private(set) var liveTime = 0.0
    /// Builds the configured widgets (new ones, through `catalog`) into their layers and
    /// applies the configuration's gestures, concealing list and docker buttons. The
    /// widgets load with the studio (`load()`).
    /// - Throws: `ConfigError` when a widget cannot be built from its entry (a name the
    ///   catalog lacks, options it refuses), `StudioError` for an invalid level.
    public required init(
        config: StudioConfig, room: RoomInfo, environment: StudioEnvironment,
        catalog: WidgetCatalog = .standard(), gestureConfig: GestureConfig? = nil
    ) throws {
        self.config = config
        let widgets = try config.makeWidgets(catalog: catalog, room: room.id)
        super.init(room: room, environment: environment, gestureConfig: gestureConfig)
        liveState = opensLive ? .live : .preview
        gestureMapping = config.gestures
        conceal(levels: config.conceal)
        for widget in widgets {
            if let docker = widget as? DockerWidget { docker.buttons = config.docker }
            if let badge = widget as? StudioBadgeWidget { self.badge = badge }
            try add(widget)
        }
    }

    /// What the studio's badge says.
    public var title: String { config.title }

    /// Whether the room keeps a connection to the server alive (live rooms do; a playback
    /// does not): the feed sends this studio nothing when false.
    open var keepsAlive: Bool { config.feed.keepAlive }

    /// Whether the studio opens live (viewers' rooms) or in a preview (the host's own).
    open var opensLive: Bool { true }

    open override func studioDidLoad() {
        super.studioDidLoad()
        listen(to: .roomEdgeReached) { $0.toast($1 < 0 ? "This is the first room" : "This is the last room") }
        listen(to: .roomTapped) { studio, _ in studio.heartsSent += 1 }
        listen(to: .likeSent) { studio, _ in studio.heartsSent += 1 }
    }

    /// Hearts this viewer sent in the room: taps on the room and likes (double taps on a
    /// picture), as the session's record of the visit keeps them.
    public private(set) var heartsSent = 0

    open override var output: StudioOutput {
        var out = super.output
        out.heartsSent = heartsSent
        return out
    }

    // MARK: Live state

    /// Goes live from a preview (nothing otherwise); announces `.liveStateChanged`.
    public func goLive() { setLiveState(liveState.goingLive) }

    /// Ends a live stream (nothing otherwise); announces `.liveStateChanged`. The timer holds.
    public func endLive() { setLiveState(liveState.ending) }

    private func setLiveState(_ state: LiveState) {
        guard state != liveState else { return }
        if state == .live { liveTime = 0 }
        liveState = state
        publish(.liveStateChanged, state)
        liveStateDidChange(state)
    }

    /// Called after the live state changed (types show it); the event is announced too.
    open func liveStateDidChange(_ state: LiveState) {}

    /// Notes that say nothing about the audience: they reach the room in every live state.
    public static let notesOutsideLive: Set<EventName> = [
        EventKey.connectionChanged.name, EventKey.systemMessage.name,
        // The picture is the camera's, not the audience's: a preview shows it too.
        EventKey.videoReady.name, EventKey.videoFrame.name, EventKey.videoProgress.name,
        EventKey.videoBuffering.name, EventKey.videoEnded.name, EventKey.videoFailed.name,
    ]

    /// Only a live stream has an audience: in a preview and after the end, comments,
    /// gifts, likes, danmaku and the rest of the server's audience notes are dropped here,
    /// before any widget sees them.
    open override func admitsFeed(_ name: EventName) -> Bool {
        liveState == .live || Self.notesOutsideLive.contains(name)
    }

    /// Advances the live timer, then the studio; then removes the landscape screen once it
    /// has turned back.
    open override func update(_ step: FrameStep) {
        if liveState == .live { liveTime += step.dt }
        super.update(step)
        if let screen = landscapeScreen, screen.hasTurnedBack {
            screen.removeFromParent()
            landscapeScreen = nil
        }
    }

    // MARK: Finding widgets

    /// The widget the configuration named `name` (its catalog name), if the studio has it.
    /// - Complexity: O(widgets).
    public func widget(named name: String) -> Widget? {
        for kind in LayerKind.allCases {
            if let hit = layer(kind).children.first(where: { $0.name == name }) { return hit }
        }
        return nil
    }

    /// The first widget of type `W`, if any.
    /// - Complexity: O(widgets).
    public func widget<W: Widget>(_ type: W.Type) -> W? {
        for kind in LayerKind.allCases {
            if let hit = layer(kind).children.first(where: { $0 is W }) as? W { return hit }
        }
        return nil
    }

    /// Asks for a short message in the middle of the screen (the toast widget shows it).
    public func toast(_ text: String) {
        publish(.toastRequested, text)
    }

    /// Posts a line from the room itself into the comment list (`.commentArrived`), its
    /// sender's name in gold: "Marco wins the PK!".
    public func postRoomNotice(_ text: String, from user: String = "LiveStudio") {
        publish(.commentArrived, Comment(user: user, text: text, userColor: Palette.gold))
    }

    /// Sets the badge's detail (nothing when the studio has no badge). Cheap when unchanged.
    public func setBadgeDetail(_ detail: String?) {
        badge?.detail = detail
    }

    // MARK: Orientation

    /// What the landscape layout keeps of the page: the float layer alone, whose top widget
    /// is then the landscape screen (`LandscapeScreenWidget`: the video across the turned
    /// screen, with its own overlay). The other layers are hidden as lite mode hides the
    /// movable layer (they keep updating: comments still arrive, timers still run) and come
    /// back as they were. What the float layer holds below the screen stays covered by it.
    public static let layersKeptInLandscape: Set<LayerKind> = [.float]

    /// The landscape screen while the room is turned, and while it turns back.
    public private(set) var landscapeScreen: LandscapeScreenWidget?
    /// The swipes' mapping in portrait, put back when the room turns back.
    private var portraitGestures = GestureMapping()

    /// Turns the room to its landscape layout or back to portrait.
    public func toggleOrientation() { setLandscape(!isLandscape) }

    /// Sets the orientation and announces `.orientationChanged` on a change. Landscape adds
    /// the landscape screen, hides the layers it does not keep and maps both swipe axes to
    /// nothing: full screen has no room change and no lite mode, as in the apps (its taps
    /// are the screen's, see `LandscapeScreenWidget`). Portrait puts the swipes and layers
    /// back; the screen turns back over the page and is removed once it has.
    public func setLandscape(_ landscape: Bool) {
        guard landscape != isLandscape else { return }
        isLandscape = landscape
        if landscape {
            portraitGestures = gestureMapping
            gestureMapping = GestureMapping(vertical: .none, horizontal: .none)
            if landscapeScreen == nil {
                // The room's picture is the topmost one shown: the PK split over its hidden video.
                let picture = layer(.displayer).subtree().compactMap { $0 as? any RoomPicture }.last { !$0.isHidden }
                let screen = LandscapeScreenWidget(
                    picture: picture,
                    title: room.title.isEmpty ? title : room.title,
                    danmaku: widget(DanmakuWidget.self)?.configuration)
                // The screen's level is a valid float level by construction.
                try! add(screen)
                landscapeScreen = screen
            }
        } else {
            gestureMapping = portraitGestures
        }
        landscapeScreen?.turn(toLandscape: landscape)
        coveredLayers = landscape ? Set(LayerKind.allCases).subtracting(Self.layersKeptInLandscape) : []
        publish(.orientationChanged, landscape)
    }
}
