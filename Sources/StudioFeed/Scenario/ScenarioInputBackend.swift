import StudioDomain
import StudioKit

/// A backend that adds a scenario's scripted gestures and keys to the input of another
/// backend (a window or offscreen), at their times on the loop's clock. The scenario's
/// server messages are the feed's business (`FeedCore(scenario:)`).
package final class ScenarioInputBackend: Backend {
    package let base: Backend
    private var player: ScenarioPlayer

    package init(base: Backend, scenario: Scenario) {
        self.base = base
        player = ScenarioPlayer(scenario)
    }

    package var textMeasurer: TextMeasurer { base.textMeasurer }
    package func stop() { base.stop() }

    package func pollInput(now: Double) -> [InputEvent] {
        base.pollInput(now: now) + player.advance(to: now).inputs
    }

    package func render(_ list: DisplayList) throws { try base.render(list) }
    package func present() throws { try base.present() }
}
