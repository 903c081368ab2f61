import CSDL2
import CommandFixtures
import Foundation
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

// The window suites' session: a studio in its own Xvfb, driven with xdotool.
extension WindowEndToEndTests {
    /// One `studio run` in its own Xvfb, and the X display that xdotool talks to.
    final class Session {
        let folder: URL
        private(set) var process = Process()
        var statePath: String { folder.appendingPathComponent("state.json").path }
        var screenshotPath: String { folder.appendingPathComponent("shot.png").path }
        var stderrPath: String { folder.appendingPathComponent("stderr.txt").path }
        var stdoutPath: String { folder.appendingPathComponent("stdout.txt").path }
        private(set) var environment: [String: String] = [:]
        private(set) var studioPID: pid_t = 0
        /// The session's Xvfb.
        private(set) var serverPID: pid_t = 0
        private(set) var window = ""
        private let keepsStatus: Bool
        var statusPath: String { folder.appendingPathComponent("env.status").path }

        /// The studio's exit status, once it has exited (`keepsStatus` sessions only).
        var studioStatus: Int32? {
            (try? String(contentsOfFile: statusPath, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }

        /// Starts the run, with `extra` flags for `studio run` (`--session host`, `--room
        /// SCHEME`), and waits for its window and its first state.
        /// With `keepsStatus`, the studio's own exit status is kept for `studioStatus` (for a
        /// run that outlives its X server, whose wrapper might report its own failure to stop
        /// it); the pid is then the shell's that waits for the studio, not the studio's.
        init(screenshot: Bool = false, arguments extra: [String] = [], keepsStatus: Bool = false) throws {
            self.keepsStatus = keepsStatus
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("livestudio-e2e-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let binary = BuiltStudio.binary
            try #require(
                FileManager.default.isExecutableFile(atPath: binary.path),
                "no studio binary at \(binary.path): run `swift build` first (make test does)")
            let arguments =
                [
                    binary.path, "run", "--size", "360x640", "--state-out", statePath,
                    "--assets", BuiltStudio.repository.appendingPathComponent("Assets").path,
                ]
                + (screenshot ? ["--screenshot", screenshotPath] : []) + extra
            try launch(arguments, windowName: "^LiveStudio$")
            _ = try waitForState("the first state") { _ in true }
        }

        /// Starts another `studio` command with a window (`preview`) in its own Xvfb and waits
        /// for a window whose name matches `windowName`; it writes no state.
        init(command: [String], windowName: String) throws {
            keepsStatus = false
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("livestudio-e2e-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try launch([BuiltStudio.binary.path] + command, windowName: windowName)
        }

        private func launch(_ arguments: [String], windowName: String) throws {
            // Xvfb picks its own display number, so a parallel test cannot take it. A start
            // that fails anyway (the machine out of some resource), an X server that ends
            // before the studio's window is up (xvfb-run-own then says so), or one that
            // answered xvfb-run-own's check and then refused the studio's first connection
            // (seen about once in a full run with many servers starting and stopping, the
            // server still running) is the test machine's fault, not the studio's: the whole
            // launch is tried again, up to three times, and every failure is reported.
            var failures: [String] = []
            while true {
                if try start(arguments) {
                    do {
                        window = try searchWindow(named: windowName, seconds: 30)
                        return
                    } catch {
                        guard !process.isRunning,
                            stderr.contains("ended while the command ran") || stderr.contains("no display found (DISPLAY=")
                        else { throw error }
                        failures.append(stderr)
                    }
                } else {
                    failures.append(stderr)
                }
                guard failures.count < 3 else {
                    throw DriveFailure("Xvfb failed three times: \(failures.joined(separator: "\n---\n"))")
                }
            }
        }

        /// The first visible window whose name matches `windowName`, waited for. Debian's
        /// xdotool (3.20160805) ends its search with status 1 when any window goes away while
        /// it reads the windows' names (X's BadWindow), and the studio's renderer probe opens
        /// and closes a hidden window as the studio starts: so the search is asked again, not
        /// held with `--sync`, until the window is there or `seconds` pass.
        func searchWindow(named windowName: String, seconds: Double) throws -> String {
            let deadline = Date().addingTimeInterval(seconds)
            while true {
                let found = try? xdotool(["search", "--onlyvisible", "--name", windowName], seconds: 10)
                if let first = found?.split(separator: "\n").first { return String(first) }
                guard Date() < deadline, process.isRunning else {
                    throw DriveFailure(
                        "no window named \(windowName) after \(seconds) s; the studio \(process.isRunning ? "runs" : "has exited"): \(stderr)"
                    )
                }
                usleep(100_000)
            }
        }

        /// Starts the studio in its own Xvfb (`BuiltStudio.xvfbRun`); false when that
        /// exited before the studio started.
        private func start(_ arguments: [String]) throws -> Bool {
            let envPath = folder.appendingPathComponent("env").path
            // The wrapper tells the test its display, the X server's pid and the studio's pid
            // (exec keeps it), then becomes the studio.
            let tell =
                #"printf '%s\n%s\n%s\n' "$DISPLAY" "$LIVESTUDIO_TEST_XVFB_PID" "$$" > "$0.tmp" && mv "$0.tmp" "$0" && "#
            let wrapper = tell + (keepsStatus ? #""$@"; echo $? > "$0.status""# : #"exec "$@""#)
            process = Process()
            process.executableURL = URL(fileURLWithPath: BuiltStudio.xvfbRun!)
            process.arguments = ["-a", "-s", "-screen 0 800x800x24", "/bin/sh", "-c", wrapper, envPath] + arguments
            _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
            process.standardError = FileHandle(forWritingAtPath: stderrPath)
            _ = FileManager.default.createFile(atPath: stdoutPath, contents: nil)
            process.standardOutput = FileHandle(forWritingAtPath: stdoutPath)
            try process.run()
            try WindowEndToEndTests.wait("the studio to start in Xvfb", seconds: 30, stderr: stderrPath) {
                FileManager.default.fileExists(atPath: envPath) || !process.isRunning
            }
            guard FileManager.default.fileExists(atPath: envPath) else { return false }
            let lines = try String(contentsOfFile: envPath, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = String(lines[0])
            environment["XAUTHORITY"] = nil
            serverPID = pid_t(lines[1]) ?? 0
            studioPID = pid_t(lines[2]) ?? 0
            return true
        }

        deinit {
            if process.isRunning, studioPID > 0 { kill(studioPID, SIGTERM) }
            try? FileManager.default.removeItem(at: folder)
        }

        var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }
        var stdout: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }

        /// Kills this session's X server outright, as a crashed or stopped display server
        /// goes: the studio finds its connection dead at its next X call.
        func killDisplay() throws {
            try #require(serverPID > 0, "no X server to kill")
            try #require(kill(serverPID, SIGKILL) == 0, "the X server \(serverPID) could not be killed: errno \(errno)")
        }

        /// Runs xdotool on this display; a run past `seconds` is killed and fails.
        @discardableResult
        func xdotool(_ arguments: [String], seconds: Double = 10) throws -> String {
            let tool = Process()
            tool.executableURL = URL(fileURLWithPath: EndToEndTools.xdotool!)
            tool.arguments = arguments
            tool.environment = environment
            let out = Pipe()
            tool.standardOutput = out
            tool.standardError = FileHandle.nullDevice
            try tool.run()
            let deadline = Date().addingTimeInterval(seconds)
            while tool.isRunning, Date() < deadline { usleep(5_000) }
            if tool.isRunning {
                tool.terminate()
                tool.waitUntilExit()
                throw DriveFailure("xdotool \(arguments.joined(separator: " ")) took more than \(seconds) s")
            }
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            guard tool.terminationStatus == 0 else {
                throw DriveFailure("xdotool \(arguments.joined(separator: " ")) exited \(tool.terminationStatus)")
            }
            return text
        }

        /// xdotool's move to the studio point (x, y), in the window's pixels.
        func at(_ x: Double, _ y: Double) -> [String] {
            ["mousemove", "--window", window, "\(Int(x * WindowEndToEndTests.scale))", "\(Int(y * WindowEndToEndTests.scale))"]
        }

        /// A click held 50 ms at studio point (x, y).
        func tap(_ x: Double, _ y: Double) throws {
            try xdotool(at(x, y) + ["mousedown", "1", "sleep", "0.05", "mouseup", "1"])
        }

        /// A drag from one studio point to another in ten moves 16 ms apart, so that SDL sees
        /// motion in every frame, as under a real finger.
        func drag(from: (Double, Double), to: (Double, Double)) throws {
            var arguments = at(from.0, from.1) + ["mousedown", "1"]
            for i in 1...10 {
                let f = Double(i) / 10
                arguments += ["sleep", "0.016"] + at(from.0 + (to.0 - from.0) * f, from.1 + (to.1 - from.1) * f)
            }
            try xdotool(arguments + ["sleep", "0.016", "mouseup", "1"])
        }

        /// A key press, through XTEST to the window under the pointer.
        func key(_ name: String) throws {
            try xdotool(at(360, 640) + ["key", name])
        }

        /// The state file's last content, nil while it has none.
        var state: State? {
            (try? Data(contentsOf: URL(fileURLWithPath: statePath))).flatMap { try? JSONDecoder().decode(State.self, from: $0) }
        }

        /// Waits until the state satisfies `condition`, and returns it.
        @discardableResult
        func waitForState(_ what: String, seconds: Double = 8, _ condition: (State) -> Bool) throws -> State {
            var last: State?
            try WindowEndToEndTests.wait(what, seconds: seconds, stderr: stderrPath, lastState: { last }) {
                last = state
                return last.map(condition) ?? false
            }
            return last!
        }

        /// Waits for the run to end and returns its exit status. A run that does not end is
        /// described as the kernel sees it (`processReport`), so that a failure says whether a
        /// signal sent to it is still pending or what its threads wait on.
        func waitForExit(seconds: Double = 10) throws -> Int32 {
            do {
                try WindowEndToEndTests.wait("the studio to exit", seconds: seconds, stderr: stderrPath) { !process.isRunning }
            } catch {
                throw DriveFailure("\(error)\n\(Self.processReport(studioPID))")
            }
            return process.terminationStatus
        }

        /// Process `pid`'s signal masks, and each of its threads' name, state and the kernel
        /// function it sleeps in, from /proc.
        static func processReport(_ pid: pid_t) -> String {
            func read(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
            let signals = read("/proc/\(pid)/status").split(separator: "\n").filter {
                ["SigPnd", "ShdPnd", "SigBlk", "SigIgn", "SigCgt"].contains($0.split(separator: ":").first.map(String.init) ?? "")
            }
            let tasks = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []).sorted()
            let threads = tasks.map { tid -> String in
                let base = "/proc/\(pid)/task/\(tid)/"
                // The state is the field after the name's closing parenthesis.
                let stat = read(base + "stat")
                let state = stat.split(separator: ")").last?.split(separator: " ").first ?? "?"
                let blocked = read(base + "status").split(separator: "\n").first { $0.hasPrefix("SigBlk") } ?? ""
                return "  \(tid) \(read(base + "comm").trimmingCharacters(in: .whitespacesAndNewlines)) \(state) "
                    + "\(read(base + "wchan")) \(blocked)"
            }
            return "process \(pid): \(signals.joined(separator: " "))\n" + threads.joined(separator: "\n")
        }
    }
}
