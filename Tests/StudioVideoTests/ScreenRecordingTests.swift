import Foundation
import StudioTesting
import Testing

@testable import StudioVideo

/// The F6 recorder's file side: frames handed over on one thread are encoded on another
/// into an MP4 that ffprobe reads back with the run's timing, a frame index skipped is a
/// longer frame, and a recording that cannot be written says why.
@Suite struct ScreenRecordingTests {
    final class Scratch {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("screen-recording-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false) }
        deinit { try? FileManager.default.removeItem(at: url) }
        func path(_ name: String) -> String { url.appendingPathComponent(name).path }
        var names: [String] { (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [] }
    }

    /// A `width` x `height` frame of one opaque color.
    func frame(_ width: Int, _ height: Int, _ color: UInt32) -> [UInt32] {
        [UInt32](repeating: 0xFF00_0000 | color, count: width * height)
    }

    /// Hands `frame` over, trying again until a slot is free; gives how many tries were
    /// refused because the encoder was behind (each counts as a dropped frame).
    @discardableResult
    func submit(_ recording: ScreenRecording, _ frame: [UInt32], _ width: Int, _ height: Int, index: Int) -> Int {
        var refused = 0
        while !frame.withUnsafeBufferPointer({ recording.submit($0.baseAddress!, width: width, height: height, index: index) }) {
            refused += 1
            usleep(1000)
        }
        return refused
    }

    @Test("frames become an MP4 with the run's timing: a skipped index shows the frame before for longer")
    func savesWithTiming() throws {
        let s = try Scratch()
        let recording = ScreenRecording(path: s.path("screen.mp4"), fps: 30)
        // Indexes 0...9, then 20...29: ten frames' time with no frame in between. Handed over
        // as fast as they come, so the encoder may fall behind: a frame then takes the place of
        // the newest one waiting, and the recording still ends on frame 29.
        for i in Array(0..<10) + Array(20..<30) {
            #expect(submit(recording, frame(180, 320, UInt32(i * 8) << 8), 180, 320, index: i) == 0, "never refused")
        }
        // An index not past the last one is refused.
        #expect(!frame(180, 320, 0).withUnsafeBufferPointer { recording.submit($0.baseAddress!, width: 180, height: 320, index: 29) })
        recording.stop()
        guard case .saved(let path, let frames, let dropped, let seconds) = recording.waitForOutcome() else {
            Issue.record("not saved: \(recording.waitForOutcome())")
            return
        }
        #expect(path == s.path("screen.mp4") && frames + dropped == 20 && seconds == 1.0, "\(frames) + \(dropped), \(seconds) s")
        let probe = try TestClips.probe(s.path("screen.mp4"))
        #expect(probe["width"] == "180" && probe["height"] == "320", "\(probe)")
        #expect(probe["nb_read_frames"] == "\(frames)", "\(probe)")
        // It lasts as long as it ran, whichever frames the encoder kept.
        let duration = Double(probe["duration"] ?? "") ?? 0
        #expect(duration >= 0.95 && duration <= 1.05, "\(probe)")
        #expect(s.names == ["screen.mp4"], "\(s.names)")
    }

    /// The frames a recording that fell behind keeps: runs of frames with gaps after them.
    @Test(
        "a file lasts from its first frame to its last one's end, whatever the gaps between",
        arguments: [[0, 1, 2, 29], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 20, 29], [0, 1, 27, 29], [0, 29], Array(0..<30)])
    func gapsKeepTheirTime(indexes: [Int]) throws {
        let s = try Scratch()
        let path = s.path("gaps.mp4")
        let encoder = try VideoEncoder(path: path, format: .mp4, width: 64, height: 64, fps: 30, threads: 1, fragmented: true)
        for i in indexes {
            try frame(64, 64, UInt32(i * 8)).withUnsafeBufferPointer { try encoder.append($0.baseAddress!, width: 64, height: 64, at: i) }
        }
        try encoder.finish()
        let probe = try TestClips.probe(path)
        #expect(probe["nb_read_frames"] == "\(indexes.count)", "\(probe)")
        let duration = Double(probe["duration"] ?? "") ?? 0
        #expect(abs(duration - 1.0) < 0.01, "\(indexes): \(probe)")
    }

    @Test("a frame of another size (a resized window) is scaled to the first one's")
    func resizedSource() throws {
        let s = try Scratch()
        let recording = ScreenRecording(path: s.path("resized.mp4"))
        submit(recording, frame(180, 320, 0xFF0000), 180, 320, index: 0)
        submit(recording, frame(360, 640, 0x00FF00), 360, 640, index: 1)
        recording.stop()
        guard case .saved(_, let frames, _, _) = recording.waitForOutcome() else {
            Issue.record("not saved: \(recording.waitForOutcome())")
            return
        }
        #expect(frames == 2)
        let probe = try TestClips.probe(s.path("resized.mp4"))
        #expect(probe["width"] == "180" && probe["nb_read_frames"] == "2", "\(probe)")
    }

    @Test("a file that cannot be written, or a recording with no frame, fails naming the file")
    func failures() throws {
        let missing = "/no/such/folder/screen.mp4"
        let recording = ScreenRecording(path: missing)
        submit(recording, frame(64, 64, 0xFF), 64, 64, index: 0)
        recording.stop()
        guard case .failed(let error) = recording.waitForOutcome() else {
            Issue.record("a recording into a missing folder was saved")
            return
        }
        #expect(error.description.hasPrefix("cannot write \(missing): "), "\(error)")
        let s = try Scratch()
        let empty = ScreenRecording(path: s.path("empty.mp4"))
        empty.stop()
        #expect(empty.waitForOutcome() == .failed(VideoError(writing: s.path("empty.mp4"), reason: "no frame was recorded")))
        #expect(s.names.isEmpty, "\(s.names)")
    }

    @Test("a recording cut off before it is finished (the process killed) plays from its visible partial file")
    func cutOffFilePlays() throws {
        let s = try Scratch()
        let path = s.path("cut.mp4")
        // The encoder as the recording thread uses it, abandoned mid-way as a killed process
        // abandons it: never finished, never closed.
        let encoder = try VideoEncoder(path: path, format: .mp4, width: 64, height: 64, fps: 10, threads: 1, fragmented: true)
        for i in 0..<35 { try frame(64, 64, UInt32(i * 7)).withUnsafeBufferPointer { try encoder.append($0.baseAddress!) } }
        let partial = VideoEncoder.temporaryPath(for: path, fragmented: true)
        #expect(partial == s.path("cut.partial.mp4"))
        #expect(s.names == ["cut.partial.mp4"], "\(s.names)")
        // A keyframe a second begins a fragment: the three whole seconds before the last
        // keyframe are on disk and play.
        let probe = try TestClips.probe(partial)
        let frames = Int(probe["nb_read_frames"] ?? "") ?? 0
        #expect(frames >= 20 && frames <= 35, "\(probe)")
        try encoder.finish()
        #expect(s.names == ["cut.mp4"], "\(s.names)")
        #expect(try TestClips.probe(path)["nb_read_frames"] == "35")
    }
}
