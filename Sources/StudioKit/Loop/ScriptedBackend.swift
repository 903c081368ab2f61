/// A backend without a screen, for tests and tools that run a studio headless: input comes
/// from a script by frame (and from events queued for the next frame), display lists are
/// kept as asked, presents are counted, and text is measured by the measurer given (the
/// real fonts' when layout must match the window, an approximation otherwise).
public final class ScriptedBackend: Backend {
    /// Which display lists `rendered` keeps.
    public enum Keeping: Sendable {
        /// None: the caller reads the driver's last list, or rasterizes once at the end.
        case none
        /// The latest only.
        case last
        /// Every one, in order.
        case all
    }

    public let textMeasurer: any TextMeasurer
    /// Input to hand over on each frame, by frame index (0 = the first `pollInput`).
    package var script: [Int: [InputEvent]]
    package let keeping: Keeping
    /// The frames polled so far.
    package private(set) var polledFrames = 0
    /// The display lists rendered, as `keeping` says.
    package private(set) var rendered: [DisplayList] = []
    /// How many frames were presented.
    package private(set) var presentCount = 0
    /// How many times the loop told it that it stopped.
    package private(set) var stopCount = 0
    private var queued: [InputEvent] = []

    public init(
        measurer: any TextMeasurer = ApproximateTextMeasurer(), script: [Int: [InputEvent]] = [:],
        keeping: Keeping = .none
    ) {
        textMeasurer = measurer
        self.script = script
        self.keeping = keeping
    }

    /// Hands `events` over at the next poll, after that frame's scripted input.
    public func queue(_ events: [InputEvent]) { queued += events }

    public func pollInput(now: Double) -> [InputEvent] {
        defer {
            polledFrames += 1
            queued = []
        }
        return (script[polledFrames] ?? []) + queued
    }

    public func render(_ list: DisplayList) throws {
        switch keeping {
        case .none: break
        case .last: rendered = [list]
        case .all: rendered.append(list)
        }
    }

    public func present() throws { presentCount += 1 }

    public func stop() { stopCount += 1 }
}
