import CommandFixtures
import Foundation
import StudioTesting
import Testing

/// `studio record` as a user runs it: the file ffprobe reads back has the frames and the
/// duration asked for; the same run gives the same file; bad requests are refused before
/// any rendering, naming the option.
@Suite("studio record", .serialized)
struct RecordCommandTests {
    final class Scratch {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("studio-record-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false) }
        deinit { try? FileManager.default.removeItem(at: url) }
        func path(_ name: String) -> String { url.appendingPathComponent(name).path }
        var names: [String] { (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [] }
    }

    /// ffprobe's count of decoded frames, codec, size and duration of `path`.
    func probe(_ path: String) throws -> [String: String] {
        let fields = try TestClips.probe(path)
        #expect(!fields.isEmpty, "ffprobe cannot read \(path)")
        return fields
    }

    @Test(
        "an MP4 and a GIF have the frames, size and duration asked for, and the same run writes the same MP4",
        .timeLimit(.minutes(3)))
    func mp4AndGif() throws {
        let s = try Scratch()
        let common = [
            "record", "--kind", "audience", "--seconds", "1", "--fps", "10", "--size", "180x320", "--quiet",
            "--assets", BuiltStudio.assets,
        ]
        let first = try StudioProcess.run(common + ["--out", s.path("a.mp4")])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("wrote \(s.path("a.mp4")): 10 frames, 1.00 s at 10 fps, 180x320"), "\(first.stdout)")
        let mp4 = try probe(s.path("a.mp4"))
        #expect(mp4["nb_read_frames"] == "10")
        #expect(mp4["width"] == "180" && mp4["height"] == "320")
        #expect(["h264", "mpeg4"].contains(mp4["codec_name"] ?? ""))
        #expect(abs((Double(mp4["duration"] ?? "") ?? 0) - 1.0) < 0.001, "\(mp4)")
        let second = try StudioProcess.run(common + ["--out", s.path("b.mp4")])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: s.path("a.mp4"))) == Data(contentsOf: URL(fileURLWithPath: s.path("b.mp4"))))
        let gifRun = try StudioProcess.run(common + ["--out", s.path("c.gif")])
        #expect(gifRun.status == 0, "\(gifRun.stderr)")
        let gif = try probe(s.path("c.gif"))
        #expect(gif["codec_name"] == "gif" && gif["nb_read_frames"] == "10", "\(gif)")
        #expect(abs((Double(gif["duration"] ?? "") ?? 0) - 1.0) < 0.001, "\(gif)")
        // No temporary file is left beside them.
        // At 60 a second a GIF's delays would be 1 hundredth, which browsers show as 10: it
        // is written at 50, and lasts the second asked for.
        let fast = try StudioProcess.run([
            "record", "--kind", "audience", "--seconds", "1", "--fps", "60", "--size", "180x320",
            "--quiet", "--assets", BuiltStudio.assets, "--out", s.path("d.gif"),
        ])
        #expect(fast.status == 0, "\(fast.stderr)")
        #expect(fast.stderr.contains("--fps 60: a GIF is written at 50 frames a second"), "\(fast.stderr)")
        let d = try probe(s.path("d.gif"))
        #expect(d["nb_read_frames"] == "50" && abs((Double(d["duration"] ?? "") ?? 0) - 1.0) < 0.001, "\(d)")
        // Without --fps, a GIF is written at 20 a second, 5 hundredths a frame.
        let plain = try StudioProcess.run([
            "record", "--kind", "audience", "--seconds", "1", "--size", "180x320", "--quiet",
            "--assets", BuiltStudio.assets, "--out", s.path("e.gif"),
        ])
        #expect(plain.stdout.hasPrefix("wrote \(s.path("e.gif")): 20 frames, 1.00 s at 20 fps"), "\(plain.stdout) \(plain.stderr)")
        let e = try probe(s.path("e.gif"))
        #expect(e["nb_read_frames"] == "20" && abs((Double(e["duration"] ?? "") ?? 0) - 1.0) < 0.001, "\(e)")
        #expect(Set(s.names) == ["a.mp4", "b.mp4", "c.gif", "d.gif", "e.gif"], "\(s.names)")
    }

    @Test("bad requests are refused before rendering, naming the option", .timeLimit(.minutes(2)))
    func refusals() throws {
        let s = try Scratch()
        let avi = try StudioProcess.run(["record", "--seconds", "1", "--out", s.path("x.avi")])
        #expect(avi.status != 0 && avi.stderr.contains("--out \(s.path("x.avi")): the file must end in .mp4 or .gif"))
        let missing = try StudioProcess.run(["record", "--seconds", "1", "--out", s.path("no/x.mp4")])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("the folder \(s.path("no")) does not exist; create it or choose another --out"))
        let shape = try StudioProcess.run(["record", "--seconds", "1", "--size", "400x400", "--out", s.path("x.mp4")])
        #expect(shape.status != 0 && shape.stderr.contains("the room is 9:16"), "\(shape.stderr)")
        let fps = try StudioProcess.run(["record", "--seconds", "1", "--fps", "0", "--out", s.path("x.mp4")])
        #expect(fps.status != 0 && fps.stderr.contains("--fps"), "\(fps.stderr)")
        let seconds = try StudioProcess.run(["record", "--seconds", "nan", "--out", s.path("x.mp4")])
        #expect(seconds.status != 0 && seconds.stderr.contains("--seconds"), "\(seconds.stderr)")
        let fifo = s.path("pipe.mp4")
        #expect(mkfifo(fifo, 0o644) == 0)
        let piped = try StudioProcess.run(["record", "--seconds", "1", "--out", fifo])
        #expect(piped.status == 1 && piped.stderr.contains("it is not a regular file"), "\(piped.stderr)")
        #expect(Set(s.names) == ["pipe.mp4"], "\(s.names)")
    }
}
