import Foundation

/// Video files made for tests with Debian's `ffmpeg` from its test sources, once per test
/// process, in a temporary folder: nothing large is committed.
package enum TestClips {
    /// 2 s of `testsrc2` at 30 fps, 180x320, H.264 with a keyframe each second: its
    /// burned-in frame counter and moving pattern make every frame different.
    package static let portrait = make(
        "portrait.mp4",
        [
            "-f", "lavfi", "-i", "testsrc2=size=180x320:rate=30:duration=2",
            "-c:v", "libx264", "-pix_fmt", "yuv420p", "-g", "30", "-threads", "1",
        ])
    /// 1 s of SMPTE bars, 320x180: a landscape stream.
    package static let landscape = make(
        "landscape.mp4",
        [
            "-f", "lavfi", "-i", "smptebars=size=320x180:rate=30:duration=1",
            "-c:v", "libx264", "-pix_fmt", "yuv420p", "-threads", "1",
        ])
    /// 1 s of `testsrc2` stored losslessly as BGRA (FFV1): decoded, its pixels are exactly
    /// the generator's, on any machine.
    package static let lossless = make(
        "lossless.mkv",
        [
            "-f", "lavfi", "-i", "testsrc2=size=180x320:rate=30:duration=1",
            "-pix_fmt", "bgra", "-c:v", "ffv1",
        ])
    /// The same at half the room's size, for goldens: `testsrc2.mkv`, 360x640.
    package static let losslessHalfRoom = make(
        "testsrc2.mkv",
        [
            "-f", "lavfi", "-i", "testsrc2=size=360x640:rate=30:duration=1",
            "-pix_fmt", "bgra", "-c:v", "ffv1",
        ])
    /// 1 s of SMPTE bars at 320x180, lossless like `lossless`: a landscape stream for goldens.
    package static let losslessBars = make(
        "smptebars.mkv",
        [
            "-f", "lavfi", "-i", "smptebars=size=320x180:rate=30:duration=1",
            "-pix_fmt", "bgra", "-c:v", "ffv1",
        ])
    /// 2 s of pure green, 180x320, H.264: a picture a test can find in a window's pixels.
    package static let green = make(
        "green.mp4",
        [
            "-f", "lavfi", "-i", "color=c=0x00ff00:size=180x320:rate=30:duration=2",
            "-c:v", "libx264", "-pix_fmt", "yuv420p", "-threads", "1",
        ])
    /// A sound and no picture.
    package static let audioOnly = make("audio.m4a", ["-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:a", "aac"])

    /// One MJPEG frame in an AVI whose JPEG header claims 65535x65535 pixels (the AVI says
    /// 16x16): FFmpeg opens it, and its decoder refuses the frame (a damaged or hostile
    /// file that looks like a video).
    package static let hugeMJPEG: String = {
        let small = make("small.avi", ["-f", "lavfi", "-i", "color=c=red:size=16x16", "-frames:v", "1", "-c:v", "mjpeg"])
        let out = folder.appendingPathComponent("huge.avi").path
        guard var bytes = FileManager.default.contents(atPath: small).map([UInt8].init) else { return out }
        // The start of frame (FF C0): length, precision, then height and width, two bytes each.
        if let sof = (0..<(bytes.count - 9)).first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 }) {
            for i in (sof + 5)..<(sof + 9) { bytes[i] = 0xFF }
        }
        precondition(FileManager.default.createFile(atPath: out, contents: Data(bytes)), "cannot write the test clip \(out)")
        return out
    }()

    package static let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("studio-clips-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        // Made for this test process, and gone with it.
        atexit { try? FileManager.default.removeItem(at: TestClips.folder) }
        return url
    }()

    /// The path of `name`, made by `ffmpeg arguments` the first time it is asked for.
    package static func make(_ name: String, _ arguments: [String]) -> String {
        let out = folder.appendingPathComponent(name).path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-v", "error", "-y", "-nostdin"] + arguments + [out]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
        } catch {}
        return out
    }

    /// A copy of `path` cut to its first `fraction` of bytes (a download that stopped).
    package static func truncated(_ path: String, to fraction: Double) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let out = folder.appendingPathComponent("truncated-\(UUID().uuidString).mp4")
        try data.prefix(Int(Double(data.count) * fraction)).write(to: out)
        return out.path
    }

    /// A copy of `path` with bytes overwritten by noise from `offset` on (a damaged stream).
    package static func corrupted(_ path: String, from offset: Double, bytes count: Int) throws -> String {
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        var seed: UInt64 = 0x9E37_79B9
        let start = Int(Double(data.count) * offset)
        for i in start..<min(data.count, start + count) {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            data[i] = UInt8(truncatingIfNeeded: seed >> 33)
        }
        let out = folder.appendingPathComponent("corrupt-\(UUID().uuidString).mp4")
        try data.write(to: out)
        return out.path
    }

    /// What ffprobe reads in `path`'s first video stream, by its own field names: the
    /// frames it decodes (`nb_read_frames`), `codec_name`, `width`, `height`, and the
    /// file's `duration`. Empty when ffprobe cannot read it.
    package static func probe(_ path: String) throws -> [String: String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
            "stream=nb_read_frames,codec_name,width,height:format=duration", "-of", "default=nw=1", path,
        ]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var fields: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        return fields
    }

    /// A file that is not a video at all.
    package static func text() throws -> String {
        let out = folder.appendingPathComponent("notes-\(UUID().uuidString).mp4")
        try Data("these are my notes, not a video\n".utf8).write(to: out)
        return out.path
    }
}
