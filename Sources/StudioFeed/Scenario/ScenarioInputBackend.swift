import StudioDomain
import StudioKit

/// A backend that adds a scenario's scripted gestures and keys to the input of another
/// backend (a window or offscreen), at their times on the loop's clock. The scenario's
/// server messages are the feed's business (`FeedCore(scenario:)`).
public final class ScenarioInputBackend: Backend {
    public let base: Backend
    private var player: ScenarioPlayer

    public init(base: Backend, scenario: Scenario) {
        self.base = base
        player = ScenarioPlayer(scenario)
    }

    public var textMeasurer: TextMeasurer { base.textMeasurer }
    public func stop() { base.stop() }

    public func pollInput(now: Double) -> [InputEvent] {
        base.pollInput(now: now) + player.advance(to: now).inputs
    }

    public func render(_ list: DisplayList) throws { try base.render(list) }
    public func present() throws { try base.present() }
}
