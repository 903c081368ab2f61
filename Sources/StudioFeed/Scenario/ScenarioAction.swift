import StudioDomain
import StudioKit

/// One timed thing a scenario does.
public struct ScenarioEntry: Hashable, Sendable {
    /// Simulated seconds since the start of the run.
    public var time: Double
    /// The 1-based line of the scenario file it came from.
    public var line: Int
    package var action: ScenarioAction

    public init(time: Double, line: Int, action: ScenarioAction) {
        self.time = time
        self.line = line
        self.action = action
    }
}

/// What a scenario line does: a server message, a connection event, or user input.
public enum ScenarioAction: Hashable, Sendable {
    /// A message from the server (comment, gift, likes...); its `roomID` is nil, and the
    /// feed playing it stamps the current room's.
    case note(StudioNote)
    /// Something happens to the keep-alive connection.
    case connection(ConnectionCommand)
    /// One input sample (a tap or swipe expands into several, each at its own time).
    case input(InputEvent)
}

/// `"connection": "drop"` or `"connection": "fail"` in a scenario.
public enum ConnectionCommand: String, Hashable, Sendable, CaseIterable {
    /// The connection drops now.
    case drop
    /// The next reconnect attempt fails (a line per failure: backoff doubles each time).
    case fail
}
