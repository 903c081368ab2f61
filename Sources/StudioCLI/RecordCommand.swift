import ArgumentParser
import Foundation
import StudioAppCore
import StudioKit
import StudioSDL
import StudioVideo
import Studios

/// `studio record`: a run rendered headless, frame by frame as a snapshot renders, and
/// encoded into an MP4 or a GIF to show to someone who is not at the machine.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Render a run headless into an MP4 (H.264) or a GIF.",
        discussion: """
            The room runs exactly as `studio snapshot` runs it (simulated time, the feed in lockstep, \
            the same seed, the same frames), and every 1/fps seconds of it becomes a frame of the file. \
            The file's type follows --out: .mp4 (H.264 with libx264, or MPEG-4 where FFmpeg lacks it) or \
            .gif (one palette for the whole file, chosen from a first run of the same frames, and an \
            ordered dither, so each frame stores only what changed).
            """
    )

    @Option(help: "Studio kind: \(CommandCatalog.kindList).") var kind: RoomKind?
    @Option(help: "Open this room instead: studio://room/<id>?type=<kind>.") var room: String?
    @Option(help: "Seed for everything random.") var seed: UInt64 = 1
    @Option(help: "normal, lite or landscape.") var mode: String = "normal"
    @Option(help: "A scenario (Assets/scenarios/*.jsonl) to play: timed server messages and input.") var scenario: String?
    @OptionGroup var feed: FeedFileOptions
    @OptionGroup var danmaku: DanmakuOptions
    @OptionGroup var videos: VideoOptions
    @Option(help: "Seconds of the run to record (default 10).") var seconds: Double = 10
    @Option(help: "Frames a second in the file (1 to 60; default 30 for an MP4, 20 for a GIF).") var fps: Int?
    @Option(help: "The file's picture size, WxH, 9:16 like the room (default 720x1280).") var size: String = "720x1280"
    @Option(help: "The file to write: .mp4 or .gif.") var out: String
    @Flag(help: "No progress line (it shows only on a terminal anyway).") var quiet = false
    @OptionGroup var assets: AssetsOption

    func validate() throws {
        if kind != nil, room != nil { throw ValidationError("give --kind or --room, not both") }
        try OptionCheck.number(seconds, "--seconds", in: 0...3600, "seconds of the run, at most an hour")
        if !(seconds > 0) { throw ValidationError("--seconds must be more than 0 (got \(seconds.compact))") }
        if let fps { try OptionCheck.whole(fps, "--fps", in: 1...60, "frames a second in the file") }
        guard VideoEncoder.Format(path: out) != nil else {
            throw ValidationError("--out \(out): the file must end in .mp4 or .gif, which say what to write")
        }
        _ = try pictureSize()
    }

    /// The fastest GIF browsers play at its own pace: a delay of 2 hundredths a frame.
    static let gifMaxFPS = 50
    /// A GIF's rate when none is asked: 5 hundredths a frame, exact in a GIF's whole
    /// hundredths (30 a second alternates delays of 3 and 4), and the rate screen-to-GIF
    /// tools default to; every frame a GIF holds costs the bytes that changed in it.
    static let gifDefaultFPS = 20

    /// `--size` as even pixels, checked: 16 to 4096 on a side, and the room's 9:16 shape.
    func pictureSize() throws -> (width: Int, height: Int) {
        guard let s = Size(parsing: size) else {
            throw ValidationError("--size must be WxH with positive numbers, for example 360x640 (got '\(size)')")
        }
        let w = Int(clamping: s.width), h = Int(clamping: s.height)
        guard (16...4096).contains(w), (16...4096).contains(h) else {
            throw ValidationError("--size \(size): each side must be 16 to 4096 pixels")
        }
        guard abs(Double(w) / Double(h) - 9.0 / 16) < 0.02 else {
            throw ValidationError("--size \(size): the room is 9:16, so the picture must be too (for example 360x640 or 720x1280)")
        }
        return (w / 2 * 2, h / 2 * 2)
    }

    func run() throws {
        try reportingErrors {
            try checkOutputFile()
            let assetsURL = try assets.locate()
            let (width, height) = try pictureSize()
            let format = VideoEncoder.Format(path: out)!
            let spec = try sceneSpec(assetsURL: assetsURL)
            let fonts = try FontLibrary()
            var scene = try StudioScene(spec, assets: assetsURL, fonts: fonts)
            warnSkipped(scene.app.configs.problems)
            let target = try OffscreenTarget(width: width, height: height, fonts: fonts, assetsDirectory: assetsURL.path)
            // From the file's opening, a signal stops the rendering, and what was rendered is
            // finished into the file: no temporary file is left behind.
            let signals = SignalWatch()
            defer { signals.stop() }
            let fps = fileFPS(for: format)
            let total = max(1, Int(clamping: (seconds * Double(fps)).rounded()))
            var frames = total
            let showsProgress = !quiet && isatty(STDERR_FILENO) != 0
            let started = Date()
            var palette: GIFPalette?
            if format == .gif {
                // A GIF's colours come from a first run of the same frames (the run is
                // deterministic, so the second shows them again). A signal during it keeps
                // the frames surveyed so far, and the second run writes just those.
                let survey = try GIFPaletteSurvey(path: out, width: width, height: height)
                frames = try render(
                    scene, on: target, total: total, fps: fps, progress: showsProgress ? "choosing colours" : nil, signals: signals
                ) {
                    try survey.add($0)
                }
                palette = try survey.finish()
                scene = try StudioScene(spec, assets: assetsURL, fonts: fonts)
            }
            let encoder = try VideoEncoder(path: out, format: format, width: width, height: height, fps: fps, palette: palette)
            let stoppedEarly = frames < total
            try render(
                scene, on: target, total: frames, fps: fps, progress: showsProgress ? "recording" : nil,
                signals: stoppedEarly ? nil : signals
            ) {
                try encoder.append($0)
            }
            try encoder.finish()
            if showsProgress { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
            printWritten(encoder, fps: fps, width: width, height: height, started: started)
            reportFeedFile(spec.feedFile)
            if let signo = signals.caught {
                printNote(
                    "stopped by \(SignalWatch.name(signo)) after \(encoder.frames) of \(total) frames; "
                        + "\(out) holds those")
                throw ExitCode(SignalWatch.exitStatus(signo))
            }
        }
    }

    /// Before any rendering: the folder must exist and the file be writable, and be a
    /// file: MP4 and GIF writers seek back to fill in sizes, which a device or a pipe cannot.
    private func checkOutputFile() throws {
        try OutputFile.check(out, "--out")
        if let type = try? FileManager.default.attributesOfItem(atPath: out)[.type] as? FileAttributeType,
            type != .typeRegular
        {
            throw RecordError(
                "cannot write \(out): it is not a regular file, and an MP4 or a GIF is written by "
                    + "seeking back in it; choose a file for --out")
        }
    }

    /// The room to record, one frame of it as `studio snapshot` runs it, with the feed file,
    /// danmaku settings and videos asked for.
    private func sceneSpec(assetsURL: URL) throws -> SceneSpec {
        var spec = SceneSpec(
            kind: room == nil ? (kind ?? StudioKinds.audience) : nil, room: room, seed: seed, frames: 1,
            scenario: scenario, mode: try SceneMode.parse(mode))
        _ = try spec.scheme(in: CommandCatalog.current)
        spec.feedFile = try feed.load()
        spec.danmaku = try danmaku.settings()
        try videos.requirePlayable()
        spec.components += videos.players(lockstep: true, assets: assetsURL)
        return spec
    }

    /// The file's frames a second: `--fps` or the format's default, but at most `gifMaxFPS`
    /// in a GIF, with a note when that lowers it.
    private func fileFPS(for format: VideoEncoder.Format) -> Int {
        guard let asked = self.fps else { return format == .gif ? Self.gifDefaultFPS : 30 }
        // A GIF's frame delays are whole hundredths of a second, and browsers show a delay
        // under 2 as 10: faster than 50 a second, a GIF would play several times too slow.
        let fps = format == .gif ? min(asked, Self.gifMaxFPS) : asked
        if fps != asked {
            printNote(
                "--fps \(asked): a GIF is written at \(fps) frames a second, the fastest browsers play "
                    + "(its delays are whole hundredths, at least 2), so it lasts as long as asked; "
                    + "an MP4 keeps \(asked)")
        }
        return fps
    }

    /// Runs the scene and gives `total` frames of it to `consume`, one each 1/fps simulated
    /// seconds; a signal stops it early. Returns the frames given.
    @discardableResult
    private func render(
        _ scene: StudioScene, on target: OffscreenTarget, total: Int, fps: Int, progress: String?,
        signals: SignalWatch?, consume: (UnsafePointer<UInt32>) throws -> Void
    ) throws -> Int {
        var ran = 1
        for k in 0..<total {
            if signals?.caught != nil { return k }
            // Output frame k shows simulated time k/fps: the scene's frame m shows (m - 1)/60 s.
            let wanted = 1 + Int(clamping: (Double(k) * 60 / Double(fps)).rounded())
            if wanted > ran {
                try scene.run(frames: wanted - ran)
                ran = wanted
            }
            try target.render(scene.displayList)
            try consume(target.frame.pixels)
            if let progress, k % 15 == 0 {
                FileHandle.standardError.write(Data("\r\u{1B}[2K\(progress): \(k + 1)/\(total) frames".utf8))
            }
        }
        return total
    }

    /// The line that says what was written: the file, its frames, length, size and codec, and
    /// how long it took.
    private func printWritten(_ encoder: VideoEncoder, fps: Int, width: Int, height: Int, started: Date) {
        let bytes = (try? FileManager.default.attributesOfItem(atPath: out)[.size] as? Int) ?? 0
        print(
            String(
                format: "wrote %@: %d frames, %.2f s at %d fps, %dx%d, %@, %.1f MB in %.1f s", out, encoder.frames,
                Double(encoder.frames) / Double(fps), fps, width, height, encoder.codecName,
                Double(bytes) / 1_048_576, Date().timeIntervalSince(started)))
    }
}

/// A request `studio record` cannot carry out, said in full.
struct RecordError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
