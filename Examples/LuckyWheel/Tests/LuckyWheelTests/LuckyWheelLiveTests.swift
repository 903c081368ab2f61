import DanmakuImport
import Foundation
import StudioLive
import Testing

/// LiveStudio's live protocol from another package, as docs/LIVE-PROTOCOL.md ("From Swift")
/// shows it: a recording served on loopback with `LiveReplayServer`, and read back with
/// `LiveClient`, each record as the file holds it.
@Suite("The live protocol from another package")
struct LuckyWheelLiveTests {
    /// The documentation's sample, whole: `file` is a danmaku file or recording.
    static func danmaku(servedFrom file: URL) throws -> [DanmakuRecord] {
        // Serve a recording on loopback, as `studio serve` does.
        let recording = try DanmakuFileIndex(contentsOf: file)
        var options = LiveReplayOptions()
        options.speed = 20
        let server = try LiveReplayServer(index: recording, options: options)
        let address = try server.start(timeout: 30)  // ws://127.0.0.1:PORT/sub
        defer { server.stop() }

        // Read it back as any client of the protocol would.
        let client = try LiveClient(url: URL(string: address)!, roomID: 1, timeout: 30)
        let deadline = Date().addingTimeInterval(30)
        var danmaku: [DanmakuRecord] = []
        while Date() < deadline, danmaku.count < recording.count {
            for case .record(.danmaku(let d)) in try client.read(until: deadline) { danmaku.append(d) }
        }
        return danmaku
    }

    @Test("a recording served with LiveReplayServer is read back by LiveClient: every danmaku, in order, with its text")
    func servedAndRead() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lucky-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("recording.xml")
        // 40 danmaku over a minute: three seconds at the sample's 20 times speed. The sample's
        // 30 s are room for a test run whose other tests keep the shared threads busy.
        try DanmakuRecordingGenerator(seed: 7, minutes: 1, danmaku: 40).write(to: file)
        var expected: [String] = []
        _ = try DanmakuFileReader.read(contentsOf: file) { if case .danmaku(let d) = $0 { expected.append(d.text) } }
        // The client blocks on its socket, so it reads on a thread of its own; the server's
        // tasks keep the test's shared threads.
        let read: Result<[DanmakuRecord], any Error> = await withCheckedContinuation { done in
            Thread { done.resume(returning: Result { try Self.danmaku(servedFrom: file) }) }.start()
        }
        let texts = try read.get().map(\.text)
        #expect(texts == expected)
        #expect(expected.count == 40)
    }
}
