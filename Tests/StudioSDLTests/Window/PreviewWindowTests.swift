import CommandFixtures
import Foundation
import Testing

/// `studio preview` in the real window under Xvfb, with real X keys: the widget shows in its
/// first state, Right goes to the next state (the title names it), Esc closes with status 0.
@Suite(
    "a widget preview in the real window", .serialized,
    .enabled(if: EndToEndTools.missing == nil, "\(EndToEndTools.missing ?? "")"))
struct PreviewWindowTests {
    @Test("Right steps through the widget's states and Esc closes the preview", .timeLimit(.minutes(3)))
    func statesWithKeys() throws {
        let s = try WindowEndToEndTests.Session(
            command: [
                "preview", "--widget", "giftCombo", "--assets",
                BuiltStudio.repository.appendingPathComponent("Assets").path,
            ],
            windowName: "^giftCombo: default - LiveStudio preview$")
        try s.xdotool(["key", "--window", s.window, "Right"])
        let next = try s.searchWindow(named: "^giftCombo: roseCombo - LiveStudio preview$", seconds: 20)
        #expect(!next.isEmpty, "the title names the state Right went to")
        // Key down alone: the preview closes on it, and a key up sent after would find the
        // window gone (X's BadWindow makes xdotool fail).
        try s.xdotool(["keydown", "--window", s.window, "Escape"])
        #expect(try s.waitForExit() == 0, "\(s.stderr)")
    }
}
