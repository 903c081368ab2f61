/// The lifecycle of a studio: load, will leave, did leave,
/// with hooks for studio types to override. The state only moves forward.
open class LifecycleStudio: RootStudio {
    public enum Lifecycle: String, Hashable, Sendable { case created, loaded, leaving, left }

    package private(set) var lifecycle: Lifecycle = .created

    /// Loads the studio: attaches the widget tree (every widget's `didLoad` runs) and
    /// announces `.studioDidLoad`. Calling it twice does nothing.
    public final func load() {
        guard lifecycle == .created else { return }
        attachRoot()
        lifecycle = .loaded
        studioDidLoad()
        publish(.studioDidLoad)
    }

    /// The studio is about to be left (a transition or close starts). Widgets still run.
    package final func willLeave() {
        guard lifecycle == .loaded else { return }
        lifecycle = .leaving
        publish(.studioWillLeave)
        // Delivered now: after this the studio's loop no longer runs, and listeners must
        // see the event before the tree goes away.
        announcer.deliverQueuedIfIdle()
    }

    /// The studio was left: widgets unload (children first) and the studio is done.
    package final func didLeave() {
        if lifecycle == .loaded { willLeave() }
        guard lifecycle == .leaving else { return }
        lifecycle = .left
        publish(.studioDidLeave)
        announcer.deliverQueuedIfIdle()
        detachRoot()
    }

    /// What the studio hands back when it is left (watch time, hearts, gifts).
    open var output: StudioOutput {
        StudioOutput(scheme: .room(room.id, kind: room.kind), watchTime: environment.time)
    }

    // MARK: Hooks

    /// After every widget loaded. (Leaving needs no hook of its own: widgets and studios
    /// that care listen to `.studioWillLeave` and `.studioDidLeave`.)
    open func studioDidLoad() {}
}

extension Announcer {
    /// Delivers what is queued unless a delivery is already under way (then the events wait
    /// for it, which delivers them in order: no re-entrance).
    func deliverQueuedIfIdle() {
        if !isDelivering { deliverQueued() }
    }
}
