import Testing

@testable import StudioCLI

@Suite("The replay line of a saved DevTools log")
struct DevToolsReplayFlagsTests {
    @Test("keeps the run's flags and leaves out its DevTools, its scenario and every output it wrote, in both spellings")
    func leavesOutTheRunsOwnFiles() {
        let arguments = [
            "/usr/bin/studio", "run", "--headless", "--kind", "pk", "--devtools", "--devtools-port", "9000", "--scenario",
            "a.jsonl", "--state-out", "state.json", "--screenshot=shot.png", "--record", "events.jsonl", "--recordings",
            "clips", "--seed", "3", "--frames=600",
        ]
        #expect(RunCommand.replayFlags(arguments) == ["--headless", "--kind", "pk", "--seed", "3", "--frames=600"])
    }
}
