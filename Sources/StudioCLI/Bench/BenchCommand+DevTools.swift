import Foundation
import StudioDevTools
import StudioKit
import StudioProfiler

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension BenchCommand {
    /// `--devtools`: the scene without DevTools and with it, alternating (without, with; then
    /// with, without; ...) so that a machine's drift falls on both, each `--repeat` times,
    /// and the medians side by side. With DevTools the room has the overlay, the server on
    /// 127.0.0.1, and a page's traffic: a client that asks for the snapshot and the new log
    /// entries ten times a second, as the page's WebSocket is pushed them.
    func benchDevTools(_ settings: BenchSettings) throws {
        var without: [BenchRunner.Outcome] = [], with: [BenchRunner.Outcome] = []
        for run in 0..<`repeat` {
            for attached in run % 2 == 0 ? [false, true] : [true, false] {
                var runner = BenchRunner(settings: settings, progress: nil, capture: nil)
                if attached { runner.attach = Self.attachDevTools }
                let outcome = try runner.run()
                if attached { with.append(outcome) } else { without.append(outcome) }
            }
        }
        let a = BenchRunner.Outcome.median(of: without).report, b = BenchRunner.Outcome.median(of: with).report
        print("Without DevTools:")
        print(a.table())
        print("")
        print("With DevTools:")
        print(b.table())
        print("")
        print("DevTools attached (overlay, server, a page's requests 10 times a second), \(`repeat`) run(s) each, alternating:")
        // The overlay does its work in the draw phase, so that phase shows DevTools' own cost
        // on the loop; the whole frame adds what the server's threads take from the raster
        // workers, and the run-to-run noise of rendering.
        let drawA = a.phases.first { $0.name == "draw" }?.time, drawB = b.phases.first { $0.name == "draw" }?.time
        var rows = [
            ("busy p50", a.frameTime.p50, b.frameTime.p50), ("busy p99", a.frameTime.p99, b.frameTime.p99),
            ("busy max", a.frameTime.max, b.frameTime.max),
        ]
        if let drawA, let drawB { rows += [("draw p50", drawA.p50, drawB.p50), ("draw p99", drawA.p99, drawB.p99)] }
        for (label, x, y) in rows {
            print(String(format: "  %@  %7.3f ms -> %7.3f ms  (%+.3f ms)", label, x * 1000, y * 1000, (y - x) * 1000))
        }
        print(
            String(
                format: "  resident at the end  %.1f MB -> %.1f MB", Double(a.memory.endResidentBytes) / 1e6,
                Double(b.memory.endResidentBytes) / 1e6))
    }

    /// The DevTools on `driver`, and a client polling it; returns what stops both.
    static func attachDevTools(_ driver: StudioDriver) throws -> () -> Void {
        let bridge = DevToolsBridge()
        driver.overlays.append(DevToolsOverlay(bridge: bridge))
        let server = try DevToolsServer(bridge: bridge)
        let url = try server.start()
        let client = PollingClient(page: url)
        client.start()
        return {
            client.stop()
            server.stop()
        }
    }

    /// A page's requests without a browser: the snapshot and the log entries after the last
    /// seen, every 100 ms, on a thread of its own.
    final class PollingClient: Sendable {
        let page: URL
        private let isStopped = Locked(false)
        private let done = DispatchSemaphore(value: 0)

        init(page: URL) { self.page = page }

        func start() {
            Thread.detachNewThread { [self] in
                var after = 0
                while !isStopped.value {
                    _ = fetch("/snapshot", [])
                    if let data = fetch("/events", [URLQueryItem(name: "after", value: "\(after)")]),
                        let reply = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                        let last = (reply["events"] as? [[String: Any]])?.last?["serial"] as? Int
                    {
                        after = last
                    }
                    Thread.sleep(forTimeInterval: 0.1)
                }
                done.signal()
            }
        }

        func stop() {
            isStopped.withLock { $0 = true }
            done.wait()
        }

        private func fetch(_ path: String, _ query: [URLQueryItem]) -> Data? {
            guard var parts = URLComponents(url: page, resolvingAgainstBaseURL: false) else { return nil }
            parts.path = path
            parts.queryItems = (parts.queryItems ?? []) + query
            guard let url = parts.url else { return nil }
            let finished = DispatchSemaphore(value: 0)
            // Locked: after a timeout the answer may still arrive while this returns.
            let body = Locked<Data?>(nil)
            URLSession.shared.dataTask(with: url) { data, _, _ in
                body.withLock { $0 = data }
                finished.signal()
            }.resume()
            _ = finished.wait(timeout: .now() + 5)
            return body.value
        }
    }
}
