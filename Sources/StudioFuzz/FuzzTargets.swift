import Foundation
import StudioAppCore
import StudioCLI
import StudioInspection
import StudioKit
import StudioSDL
import Studios

/// What one input did.
package enum FuzzVerdict: Equatable, Sendable {
    /// Read and used without error.
    case accepted
    /// Refused with this message, which passed the message checks.
    case rejected(String)
    /// Broke an oracle.
    case finding(FindingKind, String)
}

/// The ways an input can break the fuzzer's oracles.
package enum FindingKind: String, Sendable, Codable, CaseIterable {
    /// The process died on it (a Swift trap or a signal): found by the supervisor.
    case crash
    /// It took longer than the hang limit.
    case hang
    /// It was accepted but the output is missing or wrong, or one reader refuses it while the
    /// next accepts it.
    case falseSuccess = "false-success"
    /// It was refused with an empty message, a raw Foundation or decoding dump, or one that
    /// does not name the file.
    case badMessage = "bad-message"
}

/// Runs inputs through the entry points `studio` uses, in-process, and judges the result.
/// Files go to a work folder that holds a copy of the Assets folder (configurations copied,
/// images linked), so that a mutated configuration or image is read exactly where the app
/// reads its own.
final class FuzzTargets {
    let assets: URL
    let work: URL
    let workAssets: URL
    let fonts: FontLibrary
    let measurer: TTFTextMeasurer
    /// Rasterize the last frame of every studio that ran (slower; reaches the rasterizer).
    var render = true
    /// Frames a studio runs for a configuration; scenarios and recordings play up to `playFrames`.
    var configFrames = 30
    var playFrames = 120
    /// Frames a loaded danmaku file plays for, its notes squeezed into them.
    var feedFrames = 6
    private lazy var target: OffscreenTarget? = {
        let t = try? OffscreenTarget(fonts: fonts, assetsDirectory: workAssets.path)
        t?.rasterizer.imageCache.warn = { _ in }
        return t
    }()
    private var originalConfigs: [RoomKind: [UInt8]] = [:]
    /// Inputs that got past reading to the code behind it: a studio played, a command run,
    /// an image decoded.
    var ran = 0
    let kinds = StudioKinds.all
    /// The DevTools server the devtools kind sends to, started at its first input and kept
    /// for the pass (or why it could not start).
    private(set) lazy var devTools: DevToolsRig? = {
        do { return try DevToolsRig(assets: assets) } catch {
            devToolsFailure = "\(error)"
            return nil
        }
    }()
    private(set) var devToolsFailure = ""

    init(assets: URL, work: URL) throws {
        self.assets = assets
        self.work = work
        workAssets = work.appendingPathComponent("assets")
        let fm = FileManager.default
        try? fm.removeItem(at: workAssets)
        for folder in ["studios", "images", "scenarios"] {
            try fm.createDirectory(at: workAssets.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for name in try fm.contentsOfDirectory(atPath: assets.appendingPathComponent("studios").path) where name.hasSuffix(".json") {
            let bytes = try Data(contentsOf: assets.appendingPathComponent("studios/\(name)"))
            try bytes.write(to: workAssets.appendingPathComponent("studios/\(name)"))
            originalConfigs[RoomKind(String(name.dropLast(5)))] = [UInt8](bytes)
        }
        for name in try fm.contentsOfDirectory(atPath: assets.appendingPathComponent("images").path) where name.hasSuffix(".png") {
            try fm.createSymbolicLink(
                at: workAssets.appendingPathComponent("images/\(name)"),
                withDestinationURL: assets.appendingPathComponent("images/\(name)"))
        }
        fonts = try FontLibrary()
        measurer = TTFTextMeasurer(fonts: fonts)
    }

    func check(_ kind: FuzzKind, _ bytes: [UInt8], name: String) -> FuzzVerdict {
        switch kind {
        case .config: return checkConfig(bytes, kind: originalConfigs[RoomKind(name)] != nil ? RoomKind(name) : StudioKinds.audience)
        case .scenario: return checkScenario(bytes)
        case .recording: return checkRecording(bytes)
        case .png: return checkPNG(bytes)
        case .danmaku: return checkDanmaku(bytes, name: name)
        case .live: return checkLive(bytes)
        case .devtools: return checkDevTools(bytes)
        case .cli:
            guard let input = try? CLIInput.decode(bytes) else {
                return .finding(.falseSuccess, "the saved command line is not the fuzzer's JSON (args, files, run)")
            }
            return checkCommandLine(input)
        }
    }

    // MARK: Messages

    /// Text that means an error reached the user as a raw dump instead of a sentence.
    static let rawDumpMarkers = [
        "NSCocoaErrorDomain", "Error Domain=", "DecodingError", "Swift.", "Foundation.",
        "_GenericObjCError", "Optional(", "(in target ",
    ]

    /// The message of a refusal, judged: not empty, not a raw dump, naming `file` if given.
    static func judge(_ message: String, file: String? = nil) -> FuzzVerdict {
        let text = message.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return .finding(.badMessage, "the error message is empty") }
        if let marker = rawDumpMarkers.first(where: text.contains) {
            return .finding(.badMessage, "the error message is a raw dump (contains '\(marker)'): \(text.prefix(300))")
        }
        if let file, !text.contains((file as NSString).lastPathComponent) {
            return .finding(
                .badMessage, "the error message does not name the file \((file as NSString).lastPathComponent): \(text.prefix(300))")
        }
        return .rejected(text)
    }

    static func judge(_ error: Error, file: String? = nil) -> FuzzVerdict { judge("\(error)", file: file) }

    // MARK: Running a studio

    /// The app as `studio run --headless` builds it (lockstep feed, manual clock), on a
    /// backend that keeps no pixels, opened on a room of `kind`, run for `frames` frames;
    /// the last frame rasterized when `render` is set.
    func play(
        kind: RoomKind, assets: URL, scenario: Scenario? = nil, recording: [RecordedInput] = [],
        feedFile: FeedFile? = nil, notes: [StudioNote] = [], frames: Int
    ) throws {
        var options = StudioApp.Options(assets: assets)
        options.start = RoomDirectory().schemes.first { $0.kind == kind } ?? .room(900, kind: kind)
        options.scenario = scenario
        options.feedFile = feedFile
        options.lockstep = true
        let base = ScriptedBackend(measurer: measurer)
        let backend: Backend = recording.isEmpty ? base : ReplayBackend(base: base, recording: recording)
        let clock = ManualClock()
        let app = try StudioApp(options: options, backend: backend, clock: clock)
        let driver = app.driver
        defer { driver.shutdown() }
        ran += 1
        for note in notes { driver.inbox.send(note, thread: "fuzzer") }
        try driver.run(frames: frames, paced: false) { clock.advance(by: driver.loop.step) }
        if render, let target { try target.render(driver.displayList) }
    }

    // MARK: Configurations

    private func checkConfig(_ bytes: [UInt8], kind: RoomKind) -> FuzzVerdict {
        let file = workAssets.appendingPathComponent("studios/\(kind).json")
        defer { try? Data(originalConfigs[kind] ?? []).write(to: file) }
        do { try Data(bytes).write(to: file) } catch { return .finding(.falseSuccess, "cannot write \(file.path): \(error)") }
        let loaded: Result<StudioConfig, ConfigError> = Result { () throws(ConfigError) in
            try StudioConfigLoader().load(bytes: bytes, file: file.path)
        }
        if case .failure(let error) = loaded {
            let verdict = Self.judge(error, file: file.path)
            // The app reads the same folder: it must refuse what the loader refuses.
            if (try? play(kind: kind, assets: workAssets, frames: 1)) != nil {
                return .finding(.falseSuccess, "the loader refuses the configuration (\(error)) but the app starts on it")
            }
            return verdict
        }
        do {
            try play(kind: kind, assets: workAssets, frames: configFrames)
            return .accepted
        } catch {
            return Self.judge(error)
        }
    }

    // MARK: Scenarios

    private func checkScenario(_ bytes: [UInt8]) -> FuzzVerdict {
        let file = work.appendingPathComponent("scenario.jsonl")
        do { try Data(bytes).write(to: file) } catch { return .finding(.falseSuccess, "cannot write \(file.path): \(error)") }
        let scenario: Scenario
        do { scenario = try Scenario.load(path: file.path) } catch { return Self.judge(error, file: file.path) }
        // What a parsed scenario promises: finite times from 0, in order, within a day (and
        // a gesture's length past it: a swipe's samples follow its line's time).
        if let bad = scenario.entries.first(where: { !$0.time.isFinite || $0.time < 0 || $0.time > 2 * InputLimits.maxSeconds }) {
            return .finding(.falseSuccess, "line \(bad.line) parsed to time \(bad.time)")
        }
        if zip(scenario.entries, scenario.entries.dropFirst()).contains(where: { $0.time > $1.time }) {
            return .finding(.falseSuccess, "the parsed entries are not in time order")
        }
        // Played squeezed into the first seconds, so that every line's numbers reach the
        // widgets in a few frames (the order stays the same).
        var played = scenario
        let window = Double(playFrames) / 60
        if scenario.duration > window {
            let k = window / scenario.duration
            played = Scenario(
                file: scenario.file,
                entries: scenario.entries.map { entry in
                    var squeezed = entry
                    squeezed.time *= k
                    return squeezed
                })
        }
        do {
            try play(
                kind: kinds[bytes.count % kinds.count], assets: workAssets, scenario: played,
                frames: Int(min(scenario.duration, window) * 60) + 5)
            return .accepted
        } catch {
            return Self.judge(error)
        }
    }

    // MARK: Recordings

    private func checkRecording(_ bytes: [UInt8]) -> FuzzVerdict {
        let file = work.appendingPathComponent("input.jsonl")
        do { try Data(bytes).write(to: file) } catch { return .finding(.falseSuccess, "cannot write \(file.path): \(error)") }
        let recording: [RecordedInput]
        do { recording = try InputRecording.load(path: file.path) } catch { return Self.judge(error, file: file.path) }
        // What a parsed recording promises: frames in order and in range, pointers in the
        // stated area, finite times, ids in range.
        for (i, input) in recording.enumerated() {
            guard (0...InputLimits.maxFrame).contains(input.frame), i == 0 || recording[i - 1].frame <= input.frame else {
                return .finding(.falseSuccess, "event \(i) parsed to frame \(input.frame), out of range or order")
            }
            if case .pointer(let p) = input.event {
                let area = InputLimits.pointerArea
                guard p.position.x.isFinite, p.position.y.isFinite, p.time.isFinite,
                    (area.minX...area.maxX).contains(p.position.x), (area.minY...area.maxY).contains(p.position.y),
                    (0...PointerEvent.maxID).contains(p.id)
                else {
                    return .finding(
                        .falseSuccess, "event \(i) parsed to pointer \(p.id) at (\(p.position.x), \(p.position.y)), time \(p.time)")
                }
            }
        }
        // Replayed squeezed into the first frames, as scenarios are.
        let last = recording.last?.frame ?? 0
        let squeezed = recording.map { r in
            RecordedInput(frame: last > playFrames ? Int(Double(r.frame) * Double(playFrames) / Double(last)) : r.frame, event: r.event)
        }
        do {
            try play(kind: kinds[bytes.count % kinds.count], assets: workAssets, recording: squeezed, frames: min(last, playFrames) + 2)
            return .accepted
        } catch {
            return Self.judge(error)
        }
    }

    // MARK: Images

    private func checkPNG(_ bytes: [UInt8]) -> FuzzVerdict {
        let file = workAssets.appendingPathComponent("images/fuzz.png")
        do { try Data(bytes).write(to: file) } catch { return .finding(.falseSuccess, "cannot write \(file.path): \(error)") }
        let header = Result { try PNGHeader.read(path: file.path) }
        // What the audit and dump check without decoding: never stricter than the renderer,
        // and never passing a file the renderer refuses as cut short.
        let whole = Result { try PNGHeader.readWhole(path: file.path) }
        let cache = ImageCache(assetsDirectory: workAssets.path, runtime: fonts.runtime)
        cache.warn = { _ in }
        // libpng reports what it refuses on standard error as well: kept off the console.
        var image: Result<RasterImage, Error> = .failure(FuzzUsageError("not decoded"))
        _ = OutputCapture.run(in: work, passOn: false) { image = Result { try cache.image(for: ImageRef("fuzz")) } }
        if case .failure(let error) = whole, case .success = image {
            return .finding(.falseSuccess, "the audit's check refuses the file (\(error)) but the image cache decodes it")
        }
        if case .success = whole, case .failure(let error) = image, "\(error)".contains("cut short") {
            return .finding(.falseSuccess, "the audit's check passes the file but the image cache refuses it: \(error)")
        }
        switch (header, image) {
        case (.failure(let error), .success):
            return .finding(.falseSuccess, "the header check refuses the file (\(error)) but the image cache decodes it")
        case (.success(let h), .success(let image)):
            ran += 1
            guard image.width == h.width, image.height == h.height else {
                return .finding(.falseSuccess, "decoded \(image.width)x\(image.height), the header says \(h.width)x\(h.height)")
            }
            return .accepted
        case (_, .failure(let error)):
            return Self.judge(error, file: file.path)
        }
    }
}
