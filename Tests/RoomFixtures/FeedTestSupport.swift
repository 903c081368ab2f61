import Foundation
import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets
import Studios

/// Rooms and helpers the feed tests share.
package enum FeedFixture {
    package static let room = RoomInfo(
        id: 7, kind: "singleHost", title: "Test room", hostName: "Luna",
        cover: ImageRef("cover-1"), onlineCount: 10_000)
    package static let otherRoom = RoomInfo(
        id: 8, kind: "singleHost", title: "Other room", hostName: "Marco",
        cover: ImageRef("cover-2"), onlineCount: 500)

    /// The repository's root, found from this file's path (Tests/RoomFixtures/...).
    package static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    package static func scenarioPath(_ name: String) -> String {
        repositoryRoot.appendingPathComponent("Assets/scenarios/\(name)").path
    }

    /// Advances a core frame by frame (1/60 s) up to `seconds` and returns every note.
    package static func run(_ core: inout FeedCore, from start: Double = 0, seconds: Double) -> [TimedNote] {
        var out: [TimedNote] = []
        let frames = Int((seconds * 60).rounded())
        let first = Int((start * 60).rounded())
        for frame in (first + 1)...(first + frames) {
            out += core.apply(.driver(.advance(to: Double(frame) / 60)))
        }
        return out
    }

    /// Polls `body` until it returns true or `timeout` seconds of wall time pass: the feed
    /// thread's work is not instantaneous, but a test must never hang.
    package static func eventually(timeout: Double = 5, _ body: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if body() { return true }
            usleep(2_000)
        }
        return body()
    }
}

extension Array where Element == TimedNote {
    package func named(_ name: EventName) -> [TimedNote] { filter { $0.note.name == name } }
    package func named<Payload>(_ key: EventKey<Payload>) -> [TimedNote] { named(key.name) }
}
