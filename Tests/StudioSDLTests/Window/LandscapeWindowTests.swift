import Foundation
import Testing

/// The landscape layout in the real window under Xvfb, with real X input: the window stays
/// portrait and the turned screen's taps come through the same turn. The rotate button turns
/// the room; on the turned screen a swipe changes no room and a tap on the picture sends no
/// hearts; its back button, at the window's top right, turns it back.
@Suite(
    "landscape in the real window", .serialized,
    .enabled(if: EndToEndTools.missing == nil, "\(EndToEndTools.missing ?? "")"))
struct LandscapeWindowTests {
    /// The fields of `--state-out` this test reads.
    struct Rotation: Decodable {
        struct Room: Decodable { var id: Int }
        var room: Room
        var rotation: String?
        var heartsSent: Int
    }

    static func rotation(_ s: WindowEndToEndTests.Session) -> Rotation? {
        (try? Data(contentsOf: URL(fileURLWithPath: s.statePath))).flatMap { try? JSONDecoder().decode(Rotation.self, from: $0) }
    }

    static func wait(_ s: WindowEndToEndTests.Session, _ what: String, _ condition: (Rotation) -> Bool) throws {
        try WindowEndToEndTests.wait(what, seconds: 8, stderr: s.stderrPath) { rotation(s).map(condition) ?? false }
    }

    @Test(
        "the rotate button turns the room; swipes and taps on the picture do nothing there; the back button at the window's top right turns it back",
        .timeLimit(.minutes(3)))
    func turnAndBack() throws {
        let s = try WindowEndToEndTests.Session()
        try s.tap(668, 746)  // the rotate button on the right edge, beside the gift track
        try Self.wait(s, "landscape from the rotate button") { $0.rotation == "landscape" }
        usleep(500_000)  // the turn takes 0.3 s
        try s.drag(from: (360, 900), to: (360, 400))
        // The picture: a tap hides the overlay, the next shows it, no hearts (each waits out
        // the double tap's interval, which is a like).
        try s.tap(360, 640)
        usleep(500_000)
        try s.tap(360, 640)
        usleep(500_000)
        let turned = try #require(Self.rotation(s))
        #expect(turned.room.id == 101 && turned.heartsSent == 0 && turned.rotation == "landscape")
        try s.tap(360, 640)
        usleep(100_000)
        try s.tap(360, 640)
        try Self.wait(s, "a like from a double tap on the picture") { $0.heartsSent == 1 && $0.rotation == "landscape" }
        // The back button is the turned screen's top left: (48, 44) there, (676, 48) here.
        try s.tap(676, 48)
        try Self.wait(s, "portrait from the back button") { $0.rotation == "portrait" }
        try s.key("Escape")
        #expect(try s.waitForExit() == 0, "\(s.stderr)")
    }
}
