import StudioDevTools
import StudioKit
import Testing

/// What the event log keeps of each event: a video frame's text, never its picture, which
/// a log of thousands of entries would otherwise hold by the gigabyte.
@Suite("DevTools log entries")
struct DevToolsLogEntryTests {
    @Test("a video frame is logged as its text, and the log holds no reference to its picture")
    func videoFrameKeepsNoPixels() {
        weak var held: Picture?
        let entry: DevToolsLogEntry = {
            let picture = Picture(width: 720, height: 1280, identity: .init(source: 7, frame: 42)) { _ in }
            held = picture
            let payload = EventPayload(.videoFrame, VideoFrame(picture: picture, time: 1.5))
            return DevToolsLogEntry(frame: 90, time: 1.5, source: .note, name: payload.name.rawValue, payload: payload, listeners: 1)
        }()
        #expect(held == nil, "the entry keeps the frame's picture alive")
        #expect(entry.payload == nil)
        let value = entry.record.value
        #expect(value.contains("720x1280") && value.contains("frame 42") && value.contains("1.5"), "\(value)")
    }

    @Test("any other payload is kept as it is, and turned into text when the page asks")
    func otherPayloadsAreKept() {
        let payload = EventPayload(.onlineCountChanged, 12_345)
        let entry = DevToolsLogEntry(frame: 1, time: 0, source: .note, name: payload.name.rawValue, payload: payload, listeners: 2)
        #expect(entry.payload == payload && entry.detail == nil)
        #expect(entry.record.value == "12345")
    }
}
