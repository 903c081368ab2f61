import Foundation
import Testing

@testable import StudioCLI

/// The README's keys and gestures, played headless as scenario lines in every room of the
/// audience session and checked through the session state `studio dump` reports: the same
/// interactions the window suite drives with real X input, for every kind.
@Suite("every audience room answers the README's keys and gestures in a scenario")
struct EveryRoomScenarioTests {
    /// Each room of the audience session (a hosts-loop's, a claw machine's... room alike).
    static let rooms: [(id: Int, kind: String)] = [
        (101, "audience"), (102, "shopping"), (103, "hostsLoop"), (104, "pk"), (105, "financial"),
        (106, "coStream"), (107, "playback"), (108, "quiz"), (109, "claw"),
    ]

    /// Space, L twice, a swipe right and back, Right and Left, then a swipe up, each given
    /// time to settle; the swipes start at (130, 660) and (660, 800): space no room kind
    /// puts a dragging or tap-claiming widget on.
    static let lines = [
        #"{"t": 0.5, "key": "space"}"#,
        #"{"t": 1.0, "key": "l"}"#,
        #"{"t": 1.6, "key": "l"}"#,
        #"{"t": 2.2, "drag": {"from": [130, 660], "to": [530, 660], "seconds": 0.3}}"#,
        #"{"t": 3.2, "drag": {"from": [530, 660], "to": [130, 660], "seconds": 0.3}}"#,
        #"{"t": 4.2, "key": "right"}"#,
        #"{"t": 4.8, "key": "left"}"#,
        #"{"t": 5.6, "drag": {"from": [660, 800], "to": [660, 300], "seconds": 0.2}}"#,
    ]

    /// The session state after `lines` up to `seconds`, from the room `id` of `kind`.
    static func state(room: (id: Int, kind: String), at seconds: Double) throws -> [String: Any] {
        try DumpSessionTests.session(lines, at: seconds, ["--room", "studio://room/\(room.id)?type=\(room.kind)"])
    }

    @Test(
        "Space sends hearts, L and the swipes and arrows toggle lite and back, a swipe up opens the next room",
        arguments: rooms.map { "\($0.id) \($0.kind)" })
    func readmeInteractions(_ name: String) throws {
        let parts = name.split(separator: " ")
        let room = (id: Int(parts[0])!, kind: String(parts[1]))
        let expected: [(Double, (heartsSent: Int, lite: Bool), String)] = [
            (0.9, (1, false), "Space"), (1.4, (1, true), "L"), (2.0, (1, false), "L again"),
            (3.0, (1, true), "a swipe right"), (4.0, (1, false), "a swipe left"),
            (4.6, (1, true), "Right"), (5.2, (1, false), "Left"),
        ]
        for (seconds, want, what) in expected {
            let s = try Self.state(room: room, at: seconds)
            #expect(DumpSessionTests.roomID(s) == room.id, "\(what) in \(room.kind) left the room")
            #expect(s["heartsSent"] as? Int == want.heartsSent, "\(what) in \(room.kind): \(s)")
            #expect(s["lite"] as? Bool == want.lite, "\(what) in \(room.kind): \(s)")
        }
        // The last room bounces instead, and says so while its toast shows.
        let next = try Self.state(room: room, at: 6.2)
        if room.id == Self.rooms.last?.id {
            #expect(DumpSessionTests.roomID(next) == room.id && next["toast"] as? String == "This is the last room", "\(next)")
        } else {
            #expect(DumpSessionTests.roomID(next) == room.id + 1, "a swipe up in \(room.kind): \(next)")
        }
    }
}
