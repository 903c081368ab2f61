import StudioKit

/// The basic business studio (seed 003): the widgets most studio kinds share, added by level
/// so that each lands in its layer: the cover (background), the video (displayer), host
/// info, comments and docker (movable), the lite switch, rotate and close buttons (lite),
/// hearts and toasts (float). It also owns the video's orientation. Studio types subclass it
/// and add their own widgets in `studioWillLoad()` after calling super.
open class BasicBusinessStudio: CoreBusinessStudio {
    /// True while the video is turned to landscape.
    public private(set) var isLandscape = false

    /// Builds the shared widget tree.
    open override func studioWillLoad() {
        super.studioWillLoad()
        for widget in makeBasicWidgets() { install(widget) }
    }

    /// The shared widgets, new each call. A studio type that wants one of them changed
    /// overrides this; one that wants one hidden conceals its level instead.
    open func makeBasicWidgets() -> [Widget] {
        [
            CoverWidget(), VideoPlayerWidget(),
            HostInfoWidget(), CommentListWidget(), DockerWidget(),
            LiteSwitchWidget(), RotateButtonWidget(), CloseButtonWidget(),
            HeartsWidget(), ToastWidget(),
        ]
    }

    /// Adds one of this module's widgets (studio types of other modules use `add(_:)`).
    func install(_ widget: Widget) {
        // Cannot throw: every level comes from `Levels` (finite, >= 0) and the widgets are
        // new, without a parent. A failure here is a programming error in this module.
        try! add(widget)
    }

    /// Turns the video to landscape or back to portrait.
    public func toggleOrientation() { setLandscape(!isLandscape) }

    /// Sets the video's orientation; announces `.orientationChanged` and a toast on a change.
    public func setLandscape(_ landscape: Bool) {
        guard landscape != isLandscape else { return }
        isLandscape = landscape
        announcer.post(.orientationChanged, sender: self, .bool(landscape))
        announcer.post(.toastRequested, sender: self, .text(landscape ? "Landscape video" : "Portrait video"))
    }
}
