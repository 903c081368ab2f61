import ArgumentParser
import Foundation
import StudioKit
import StudioLive

/// `--live` and `--room-id`: a live room's connection as the rooms' chat (`studio run`).
struct LiveOptions: ParsableArguments {
    @Option(
        help:
            "Play a live broadcast server's room as the rooms' chat: ws://HOST:PORT/sub (`studio serve` prints one; the platform's servers take ws:// on port 2244)."
    )
    var live: String?

    @Option(name: .customLong("room-id"), help: "The live room to join on the --live server.")
    var roomID: Int?

    @Option(name: .customLong("live-key"), help: "The token the platform hands out for the room, when its server wants one.")
    var liveKey: String?

    func validate() throws {
        guard let live else {
            if roomID != nil || liveKey != nil { throw ValidationError("--room-id and --live-key go with --live") }
            return
        }
        guard let url = URL(string: live), let scheme = url.scheme, url.host?.isEmpty == false else {
            throw ValidationError("--live '\(live)' is not an address; give ws://HOST:PORT/sub")
        }
        guard scheme == "ws" else {
            throw ValidationError(
                "--live \(live): only ws:// is spoken; the platform's servers take it on port 2244 (ws://HOST:2244/sub)")
        }
        guard let roomID else { throw ValidationError("--live needs --room-id: the live room to join") }
        try OptionCheck.whole(roomID, "--room-id", in: 1...2_147_483_647, "a live room's number")
    }

    /// The live feed as the driver's component, and the feed once made (for its report).
    func component() -> (make: (StudioDriver) -> IOComponent, made: () -> LiveFeed?)? {
        guard let live, let url = URL(string: live), let roomID else { return nil }
        let made = Locked<LiveFeed?>(nil)
        let key = liveKey
        return (
            { driver in
                let feed = LiveFeed(url: url, roomID: roomID, key: key, inbox: driver.inbox) { ToolName.say($0) }
                made.withLock { $0 = feed }
                return feed
            },
            { made.value }
        )
    }
}

/// What the live feed skipped, on standard error at the end of a run.
func reportLiveFeed(_ feed: LiveFeed?) {
    guard let feed else { return }
    let c = feed.counters
    let others = c.unknown.count > 5 || c.unknownUnnamed > 0 ? ", …" : ""
    ToolName.say(
        "live: \(c.webSocketMessages) WebSocket messages read, \(c.packets) packets in them once unpacked, "
            + "\(c.messages) messages used; skipped \(c.unknownTotal) of commands LiveStudio does not use"
            + (c.unknown.isEmpty ? "" : " (\(c.unknown.keys.sorted().prefix(5).joined(separator: ", "))\(others))")
            + ", \(c.malformed) malformed, \(c.broken) broken")
    for problem in c.firstProblems { ToolName.say("  \(problem)") }
}
