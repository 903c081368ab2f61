import DanmakuImport
import Foundation
import StudioAppCore
import StudioInspection
import StudioKit
import Studios

/// The valid inputs mutations start from, taken from the repository: the studio
/// configurations and scenarios in `Assets`, a recording made by `RecordingBackend` as
/// `studio run --record` makes one, command lines of every subcommand, the images in
/// `Assets/images` with a few small PNGs of each color type, and the danmaku files in
/// `Assets/danmaku` with the reader's test fixtures (broken ones among them).
struct Corpus {
    var configs: [(name: String, bytes: [UInt8])] = []
    var scenarios: [[UInt8]] = []
    var recordings: [[UInt8]] = []
    var commandLines: [CLIInput] = []
    var pngs: [[UInt8]] = []
    /// Named by their file's name without its extension: a finding keeps its seed's name.
    var danmaku: [(name: String, bytes: [UInt8])] = []
    /// Live traffic: `Tests/Fixtures/Live/*.live`, recorded from `studio serve` in a checkout,
    /// and the same protocol written by the server's encoder.
    var live: [(name: String, bytes: [UInt8])] = []
    /// DevTools connections: `Tests/Fixtures/DevTools/*.devtools`, recorded from Chromium in a
    /// checkout, and a page's requests written here.
    var devtools: [(name: String, bytes: [UInt8])] = []
    var mutator = Mutator()

    init(assets: URL, measurer: TextMeasurer) throws {
        func files(_ folder: String, _ ext: String) throws -> [URL] {
            let dir = assets.appendingPathComponent(folder)
            let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".\(ext)") }.sorted()
            guard !names.isEmpty else { throw FuzzUsageError("no .\(ext) files in \(dir.path) to start from") }
            return names.map { dir.appendingPathComponent($0) }
        }
        configs = try files("studios", "json").map { ($0.deletingPathExtension().lastPathComponent, [UInt8](try Data(contentsOf: $0))) }
        scenarios = try files("scenarios", "jsonl").map { [UInt8](try Data(contentsOf: $0)) }
        recordings = try Corpus.recordings(assets: assets, measurer: measurer)
        pngs = try files("images", "png").map { [UInt8](try Data(contentsOf: $0)) } + PNGMutator.seeds
        // A checkout's test video that FFmpeg opens and cannot decode; none beside an installed Assets.
        let video = FileManager.default.contents(
            atPath: assets.deletingLastPathComponent().appendingPathComponent("Tests/Fixtures/Video/undecodable-mjpeg.avi").path)
        commandLines = CLIMutator.seeds(video: video)
        danmaku = try Corpus.danmaku(assets: assets, files(_:_:))
        live = try Corpus.live(assets: assets)
        devtools = try Corpus.devtools(assets: assets)

        // Paths a configuration must not reach (out of Assets, a device), under the key that names files.
        var strings = Set(StudioKinds.all.map(\.rawValue) + ["../../../../etc/passwd", "/dev/zero", "videos/../../x.mp4", "videos/a.mp4"])
        var keys: Set<String> = ["file"]
        func collect(_ tree: FuzzJSON) {
            switch tree {
            case .string(let s): if s.count < 40 { strings.insert(s) }
            case .array(let items): items.forEach(collect)
            case .object(let members):
                for m in members {
                    keys.insert(m.key)
                    collect(m.value)
                }
            default: break
            }
        }
        for bytes in configs.map(\.bytes) + scenarios + recordings {
            for line in bytes.split(separator: 0x0A) { FuzzJSON.parse(line).map(collect) }
            FuzzJSON.parse(bytes).map(collect)
        }
        mutator.dictionary = strings.sorted()
        mutator.keys = keys.sorted()
    }

    /// `Assets/danmaku/*.xml`, and every file of `Tests/Fixtures/Danmaku` with the XML files
    /// of its folders (the real files other tools wrote, not their notes) when the Assets
    /// folder is a checkout's (an installed one has no tests beside it).
    static func danmaku(assets: URL, _ files: (String, String) throws -> [URL]) throws -> [(name: String, bytes: [UInt8])] {
        let fixtures = assets.deletingLastPathComponent().appendingPathComponent("Tests/Fixtures/Danmaku")
        let names = ((try? FileManager.default.subpathsOfDirectory(atPath: fixtures.path)) ?? []).filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: fixtures.appendingPathComponent(name).path, isDirectory: &isFolder)
                && !isFolder.boolValue && (!name.contains("/") || name.hasSuffix(".xml"))
        }
        let urls = try files("danmaku", "xml") + names.sorted().map { fixtures.appendingPathComponent($0) }
        return try urls.map { ($0.deletingPathExtension().lastPathComponent, [UInt8](try Data(contentsOf: $0))) }
    }

    /// `Tests/Fixtures/Live/*.live` when the Assets folder is a checkout's, and traffic the
    /// server's encoder writes for the first records of `Assets/danmaku/demo-recording.xml`.
    static func live(assets: URL) throws -> [(name: String, bytes: [UInt8])] {
        let recorded = assets.deletingLastPathComponent().appendingPathComponent("Tests/Fixtures/Live")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: recorded.path)) ?? []).filter { $0.hasSuffix(".live") }
        let files = try names.sorted().map {
            (String($0.dropLast(5)), [UInt8](try Data(contentsOf: recorded.appendingPathComponent($0))))
        }
        let records = Array(try DanmakuFileReader(contentsOf: assets.appendingPathComponent("danmaku/demo-recording.xml")))
        return files + LiveTraffic.encoded(records: records)
    }

    /// `Tests/Fixtures/DevTools/*.devtools` when the Assets folder is a checkout's, and the
    /// requests of a page written out: its snapshot, a command posted, and its WebSocket with
    /// an acknowledgement and a command.
    static func devtools(assets: URL) throws -> [(name: String, bytes: [UInt8])] {
        let recorded = assets.deletingLastPathComponent().appendingPathComponent("Tests/Fixtures/DevTools")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: recorded.path)) ?? []).filter { $0.hasSuffix(".devtools") }
        let files = try names.sorted().map {
            (String($0.dropLast(9)), [UInt8](try Data(contentsOf: recorded.appendingPathComponent($0))))
        }
        let host = "Host: 127.0.0.1:@PORT@\r\n"
        let command = DevToolsMutator.commands[2]
        let written = [
            ("written-snapshot", "GET /snapshot?token=@TOKEN@ HTTP/1.1\r\n\(host)\r\n"),
            (
                "written-command",
                "POST /command?token=@TOKEN@ HTTP/1.1\r\n\(host)Content-Type: application/json\r\nContent-Length: \(command.utf8.count)\r\n\r\n\(command)"
            ),
        ].map { ($0.0, Array($0.1.utf8)) }
        let upgrade = Array(
            ("GET /ws?token=@TOKEN@ HTTP/1.1\r\n\(host)Upgrade: websocket\r\nConnection: Upgrade\r\nOrigin: http://127.0.0.1:@PORT@\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").utf8)
        let frames = [#"{"ack":1}"#, DevToolsMutator.commands[0], #"{"ack":2}"#].map { DevToolsTraffic.frame(opcode: 0x1, Array($0.utf8)) }
        return files + written + [("written-websocket", upgrade + frames.joined() + DevToolsTraffic.frame(opcode: 0x8, [0x03, 0xE8]))]
    }

    /// Recordings made the way `studio run --record` makes them: a scripted session (taps,
    /// a horizontal drag, two fingers, keys) through `RecordingBackend`, one line per event.
    static func recordings(assets: URL, measurer: TextMeasurer) throws -> [[UInt8]] {
        var script: [Int: [InputEvent]] = [:]
        func at(_ frame: Int, _ e: InputEvent) { script[frame, default: []].append(e) }
        let t = { (frame: Int) in Double(frame) / 60 }
        at(3, .pointer(PointerEvent(.down, at: Point(x: 360, y: 700), time: t(3))))
        at(4, .pointer(PointerEvent(.up, at: Point(x: 360, y: 700), time: t(4))))
        for (i, x) in [600.0, 450, 300, 150].enumerated() {
            at(10 + i, .pointer(PointerEvent(i == 0 ? .down : .moved, id: 1, at: Point(x: x, y: 640), time: t(10 + i))))
        }
        at(14, .pointer(PointerEvent(.up, id: 1, at: Point(x: 100, y: 640), time: t(14))))
        at(20, .pointer(PointerEvent(.down, id: 0, at: Point(x: 200, y: 300), time: t(20))))
        at(20, .pointer(PointerEvent(.down, id: 2, at: Point(x: 500, y: 900), time: t(20))))
        at(22, .pointer(PointerEvent(.cancelled, id: 2, at: Point(x: 510, y: 905), time: t(22))))
        at(23, .pointer(PointerEvent(.up, id: 0, at: Point(x: 200, y: 300), time: t(23))))
        at(26, .key(KeyEvent(.space)))
        at(30, .key(KeyEvent(.l)))
        at(31, .key(KeyEvent(.l, isDown: false)))
        at(35, .key(KeyEvent(.up)))
        at(40, .key(KeyEvent(.right, isDown: true, isRepeat: true)))
        at(44, .quit)
        var lines: [String] = []
        let backend = RecordingBackend(base: ScriptedBackend(measurer: measurer, script: script)) { lines.append($0) }
        let clock = ManualClock()
        var options = StudioApp.Options(assets: assets)
        options.lockstep = true
        let app = try StudioApp(options: options, backend: backend, clock: clock)
        defer { app.driver.shutdown() }
        try app.driver.run(frames: 60, paced: false) { clock.advance(by: app.driver.loop.step) }
        guard !lines.isEmpty else { throw FuzzUsageError("the scripted session recorded no input") }
        return [Array(lines.joined(separator: "\n").utf8)]
    }
}
