/// What every widget offers the studio: a name, a level
/// that places it in a layer and orders it among siblings, lifecycle callbacks, and the
/// per-step update and draw. `Widget` implements it and adds the node tree; concrete
/// widgets subclass `Widget` and override only what they need.
public protocol StudioWidget: AnyObject, EventListener {
    var name: String { get }
    var level: Double { get }
    /// Called once the widget is attached to a studio and its `context` is set.
    func didLoad()
    /// Called when the widget leaves the studio, before its `context` is cleared.
    func didUnload()
    /// Advances the widget by one fixed step.
    func update(_ step: FrameStep)
    /// Draws the widget itself (not its children) in its own coordinates: (0,0) is the
    /// top-left of its frame.
    func draw(in canvas: Canvas)
}

/// One fixed simulation step.
public struct FrameStep: Hashable, Sendable {
    /// The step length in seconds (1/60).
    public var dt: Double
    /// Simulated seconds since the studio loaded, at the end of this step.
    public var time: Double
    /// The index of this step since the loop started.
    public var index: Int

    public init(dt: Double, time: Double, index: Int) {
        self.dt = dt
        self.time = time
        self.index = index
    }
}
