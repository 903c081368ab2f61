import Foundation
import StudioAppCore
import StudioInspection
import StudioKit
import StudioTesting
import Studios
import Testing

/// A session recorded with `RecordingBackend` replays to the very same frame.
@Suite("a recorded session replays to the same frame")
struct ReplayTests {
    /// Scripted input: a horizontal swipe (lite mode) and a tap, at fixed frames, stamped on
    /// the 1/60 s grid of the frames they arrive at.
    static func script() -> [Int: [InputEvent]] {
        func at(_ frame: Int) -> Double { Double(frame) / 60 }
        var script: [Int: [InputEvent]] = [10: [.pointer(PointerEvent(.down, at: Point(x: 200, y: 640), time: at(10)))]]
        for frame in 11...16 {
            script[frame] = [.pointer(PointerEvent(.moved, at: Point(x: 200 + Double(frame - 10) * 50, y: 642), time: at(frame)))]
        }
        script[17] = [.pointer(PointerEvent(.up, at: Point(x: 520, y: 642), time: at(17)))]
        script[40] = [.key(KeyEvent(.space))]
        return script
    }

    @Test("a recorded session replays to the same frame")
    func aRecordedSessionReplaysToTheSameFrame() throws {
        var lines: [String] = []
        let recorder = RecordingBackend(base: ScriptedBackend(measurer: try Golden.measurer(), script: Self.script())) { lines.append($0) }
        var options = StudioApp.Options(assets: GoldenScene.assets)
        options.start = RoomDirectory().schemes.first { $0.kind == StudioKinds.audience }
        options.lockstep = true
        let clock = ManualClock()
        let app = try StudioApp(options: options, backend: recorder, clock: clock)
        try app.driver.run(frames: 60, paced: false) { clock.advance(by: app.driver.loop.step) }
        app.driver.shutdown()
        #expect(app.driver.studio.isLiteMode, "the scripted swipe should have entered lite mode")
        #expect(lines.count == 9)

        let recording = try InputRecording.parse(lines.joined(separator: "\n"), file: "session.jsonl")
        let replayed = try GoldenScene.run(kind: StudioKinds.audience, frames: 60, recording: recording)
        #expect(replayed.driver.displayList == app.driver.displayList)
        #expect(
            try Golden.png(replayed.displayList, assets: GoldenScene.assets)
                == Golden.png(app.driver.displayList, assets: GoldenScene.assets))
    }

    @Test("a malformed recording names its file and line")
    func aMalformedRecordingNamesItsFileAndLine() {
        let text = "{\"frame\":1,\"type\":\"key\",\"key\":\"left\"}\n\n{\"frame\":2,\"type\":\"pointer\",\"phase\":\"down\"}\n"
        let error = #expect(throws: (any Error).self) { try InputRecording.parse(text, file: "bad.jsonl") }
        #expect(error.map { "\($0)" } == "bad.jsonl:3: \"x\" must be a number")
    }
}
