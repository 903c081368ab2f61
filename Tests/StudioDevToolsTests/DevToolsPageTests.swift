import CommandFixtures
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `studio run --devtools` as an engineer uses it: the address it prints, the token every
/// request needs, and the page in a real browser (headless Chromium through Selenium and
/// Debian's chromedriver, `Tests/Tools/devtools_page.py`) selecting and hiding a widget,
/// which the room's next frames show.
@Suite("DevTools", .serialized)
struct DevToolsPageTests {
    /// A headless room with DevTools on, paced at 60 fps, running `frames` frames; its
    /// standard output goes to a file, where the address line is waited for.
    final class Session {
        let process = Process()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("devtools-\(UUID().uuidString)")
        var screenshot: URL { folder.appendingPathComponent("room.png") }
        var errors: URL { folder.appendingPathComponent("stderr.txt") }
        private(set) var url: URL?

        /// In a window, the room runs under its own Xvfb (`BuiltStudio.xvfbRun`, whose process
        /// `process` then is).
        init(frames: Int, window: Bool = false, extra: [String] = []) throws {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let out = folder.appendingPathComponent("out.txt")
            FileManager.default.createFile(atPath: out.path, contents: nil)
            let run =
                [
                    "run", window ? "--size=405x720" : "--headless", "--devtools", "--frames", "\(frames)",
                    "--assets", BuiltStudio.assets, "--screenshot", screenshot.path,
                ] + extra
            if window {
                process.executableURL = URL(fileURLWithPath: BuiltStudio.xvfbRun ?? "/usr/bin/xvfb-run")
                process.arguments = ["-a", "-s", "-screen 0 1280x1400x24", BuiltStudio.binary.path] + run
            } else {
                process.executableURL = BuiltStudio.binary
                process.arguments = run
            }
            process.standardOutput = try FileHandle(forWritingTo: out)
            FileManager.default.createFile(atPath: errors.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: errors)
            try process.run()
            let deadline = Date().addingTimeInterval(20)
            while url == nil && Date() < deadline && process.isRunning {
                let text = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
                if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("DevTools: ") }) {
                    url = URL(string: String(line.dropFirst("DevTools: ".count)))
                }
                Thread.sleep(forTimeInterval: 0.1)
            }
        }

        deinit {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: folder)
        }

        /// Ends the room as Ctrl-C does, so that it writes its `--screenshot`, and waits for it:
        /// a test ends the room once it has seen what it needs, rather than racing the room's
        /// frame count on a busy machine. In a window the signal goes to the studio itself,
        /// found under `xvfb-run` by its executable.
        func finish() throws {
            let studio = try #require(
                Self.descendant(of: process.processIdentifier, running: BuiltStudio.binary.resolvingSymlinksInPath().path))
            kill(studio, SIGINT)
            let deadline = Date().addingTimeInterval(30)
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            try #require(!process.isRunning, "the room did not end within 30 s of SIGINT")
        }

        /// `root` or the first process under it whose executable is `path`, from /proc.
        static func descendant(of root: pid_t, running path: String) -> pid_t? {
            func parent(_ pid: pid_t) -> pid_t? {
                let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
                // The command name, in parentheses, may hold spaces: the fields after it count.
                guard let close = stat.lastIndex(of: ")") else { return nil }
                return stat[stat.index(after: close)...].split(separator: " ").dropFirst().first.flatMap { pid_t($0) }
            }
            func executable(_ pid: pid_t) -> String? { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe") }
            if executable(root) == path { return root }
            let all = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { pid_t($0) }
            return all.sorted().first { pid in
                var next = parent(pid)
                while let up = next, up > 1 {
                    if up == root { return executable(pid) == path }
                    next = parent(up)
                }
                return false
            }
        }

        /// `path` on the server, with the token or without.
        func address(_ path: String, token: Bool) throws -> URL {
            let url = try #require(url)
            var parts = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
            parts.path = path
            if !token { parts.queryItems = nil }
            return try #require(parts.url)
        }
    }

    /// The status code and body of a request, or of a WebSocket handshake asked for as plain HTTP.
    static func fetch(_ url: URL, method: String = "GET", body: Data? = nil, headers: [String: String] = [:]) throws -> (Int, String) {
        let (status, data) = try fetchData(url, method: method, body: body, headers: headers)
        return (status, String(decoding: data, as: UTF8.self))
    }

    /// The status code and the body's bytes of a request.
    static func fetchData(_ url: URL, method: String = "GET", body: Data? = nil, headers: [String: String] = [:]) throws -> (Int, Data) {
        var request = URLRequest(url: url, timeoutInterval: 10)
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: (Int, Data)?
        URLSession.shared.dataTask(with: request) { data, response, _ in
            result = ((response as? HTTPURLResponse)?.statusCode ?? 0, data ?? Data())
            done.signal()
        }.resume()
        done.wait()
        return try #require(result)
    }

    @Test("it prints a 127.0.0.1 address with a token, and refuses every request without it", .timeLimit(.minutes(2)))
    func tokenRequired() throws {
        let session = try Session(frames: 600)
        let url = try #require(session.url, "no `DevTools: http://…` line on standard output")
        #expect(url.host == "127.0.0.1" && url.port != nil)
        let token = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "token" }?.value ?? ""
        #expect(token.count == 32 && token.allSatisfy(\.isHexDigit))
        #expect(try Self.listeningSockets(of: session.process.processIdentifier).count == 1, "the one DevTools port")
        let upgrade = [
            "Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13", "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
        ]
        for path in ["/", "/snapshot"] {
            let (status, body) = try Self.fetch(try session.address(path, token: false))
            #expect(status == 403, "\(path) without the token: \(status)")
            #expect(body.contains("token"), "the refusal says why: \(body)")
        }
        // A refused WebSocket upgrade is answered as a plain request, with why; never upgraded.
        let socket = try Self.fetch(try session.address("/ws", token: false), headers: upgrade)
        #expect(socket.0 == 403 && socket.1.contains("token"), "/ws without the token: \(socket)")
        let plain = try Self.fetch(try session.address("/ws", token: false))
        #expect(plain.0 == 403 && plain.1.contains("token"), "\(plain)")
        var wrong = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
        wrong.queryItems = [URLQueryItem(name: "token", value: String(repeating: "0", count: 32))]
        #expect(try Self.fetch(try #require(wrong.url)).0 == 403)
        let (status, page) = try Self.fetch(url)
        #expect(status == 200 && page.contains("LiveStudio DevTools") && !page.contains("http://") && !page.contains("https://"))
        // The page works offline: nothing it loads comes from elsewhere.
        let (snapshotStatus, json) = try Self.fetch(try session.address("/snapshot", token: true))
        #expect(snapshotStatus == 200 && json.contains("\"commentList\"") && json.contains("\"frames\""), "\(json.prefix(300))")
        // A second run asking for the port the first has is refused, naming the flag and the port.
        let port = try #require(url.port)
        let taken = try StudioProcess.run([
            "run", "--headless", "--devtools", "--devtools-port", "\(port)", "--frames", "30",
            "--assets", BuiltStudio.assets,
        ])
        #expect(taken.status == 1 && taken.stderr.contains("--devtools-port \(port): cannot listen"), "\(taken.stderr)")
        let bad = try Self.fetch(try session.address("/command", token: true), method: "POST", body: Data("{".utf8))
        #expect(bad.0 == 400 && bad.1.contains("expected JSON"))
        // A command whose widget is not where the page saw it is refused, not applied to
        // whatever is there now; so is a property that cannot be set.
        for command in [
            #"{"command":"set","path":[1,0],"name":"notThatWidget","property":"hidden","value":true}"#,
            #"{"command":"set","path":[0,0],"name":"cover","property":"level","value":true}"#,
        ] {
            #expect(try Self.fetch(try session.address("/command", token: true), method: "POST", body: Data(command.utf8)).0 == 202)
        }
        var replies = ""
        for _ in 0..<50 where !replies.contains("must be a number") {
            Thread.sleep(forTimeInterval: 0.1)
            replies = try Self.fetch(try session.address("/snapshot", token: true)).1
        }
        #expect(replies.contains("refused set notThatWidget: the tree changed"), "\(replies.suffix(400))")
        #expect(replies.contains("refused set level of cover: the value must be a number (got true or false)"), "\(replies.suffix(400))")
        #expect(replies.contains("\"hidden\":false"), "nothing was hidden")
    }

    @Test(
        "the pointer over a widget in the window names it in the snapshot, as the page's tree marks it",
        .timeLimit(.minutes(2)),
        .enabled(if: BuiltStudio.xvfbRun != nil, "Xvfb is not installed (apt-get install xvfb)"))
    func hoverInTheWindow() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("devtools-hover-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Real X input: xdotool moves the pointer over the close button (at 644...700 x
        // 72...128 of the 720x1280 studio, drawn at 405x720 in the window).
        let script = #"""
            "$1" run --devtools --frames 600 --assets "$2" > "$3/out.txt" 2>/dev/null & pid=$!
            for i in $(seq 50); do grep -q "^DevTools: " "$3/out.txt" 2>/dev/null && break; sleep 0.2; done
            # Asked again rather than held with --sync: xdotool's search fails when a window
            # closes under it, as the renderer probe's hidden window does at start.
            for i in $(seq 200); do W=$(xdotool search --onlyvisible --name "^LiveStudio$" 2>/dev/null | head -1); [ -n "$W" ] && break; sleep 0.1; done
            eval "$(xdotool getwindowgeometry --shell "$W")"
            xdotool mousemove $((X + WIDTH * 378 / 405)) $((Y + HEIGHT * 56 / 720))
            sleep 1
            url=$(sed -n 's/^DevTools: //p' "$3/out.txt")
            python3 -c 'import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1].replace("/?token=", "/snapshot?token=")).read().decode())' "$url"
            wait $pid
            """#
        let result = try StudioProcess.run(
            [
                "-a", "-s", "-screen 0 1280x1400x24", "bash", "-c", script, "hover",
                BuiltStudio.binary.path, BuiltStudio.assets, folder.path,
            ],
            executable: URL(fileURLWithPath: BuiltStudio.xvfbRun ?? "/usr/bin/xvfb-run"))
        let snapshot = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout) \(result.stderr)")
        let path = try #require(snapshot["hovered"] as? [Int], "no widget under the pointer: \(result.stdout.prefix(200))")
        var node = try #require(snapshot["tree"] as? [String: Any])
        for index in path { node = try #require((node["children"] as? [[String: Any]])?[index]) }
        #expect(node["name"] as? String == "closeButton")
    }

    @Test("without --devtools a run listens on no TCP port", .timeLimit(.minutes(2)))
    func noPortWithoutTheFlag() throws {
        let process = Process()
        process.executableURL = BuiltStudio.binary
        process.arguments = ["run", "--headless", "--frames", "100000", "--assets", BuiltStudio.assets]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        Thread.sleep(forTimeInterval: 2)
        try #require(process.isRunning)
        #expect(try Self.listeningSockets(of: process.processIdentifier).isEmpty)
    }

    /// Debian's chromedriver, which the page tests' Selenium drives: `make deps` installs it.
    static func requireChromedriver() throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver"),
            "chromedriver is not installed: run `make deps` (it installs chromium-driver)")
    }

    /// The TCP sockets process `pid` listens on: its sockets by inode, and the rows of the
    /// kernel's TCP tables in the listening state (0A) among them.
    static func listeningSockets(of pid: Int32) throws -> [String] {
        let fds = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")
        let inodes = Set(
            fds.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)") }
                .filter { $0.hasPrefix("socket:[") }.map { String($0.dropFirst(8).dropLast()) })
        var listening: [String] = []
        for table in ["tcp", "tcp6"] {
            let text = (try? String(contentsOfFile: "/proc/\(pid)/net/\(table)", encoding: .utf8)) ?? ""
            for row in text.split(separator: "\n").dropFirst() {
                let fields = row.split(separator: " ")
                if fields.count > 9, fields[3] == "0A", inodes.contains(String(fields[9])) { listening.append(String(row)) }
            }
        }
        return listening
    }

    @Test(
        "in headless Chromium the page shows the live tree, selects and hides a widget, and the room's frames show it, headless and in a window",
        .timeLimit(.minutes(3)),
        TestPython.unlessRefused,
        arguments: [false, true])
    func pageDrivesTheRoom(inWindow: Bool) throws {
        try Self.requireChromedriver()
        try #require(!inWindow || BuiltStudio.xvfbRun != nil, "Xvfb is not installed (apt-get install xvfb)")
        // The room outlasts the page's script, however busy the machine, and is ended once
        // the script is done.
        let session = try Session(frames: 3600, window: inWindow)
        let url = try #require(session.url)
        let pageShot = session.folder.appendingPathComponent("page.png")
        let script = BuiltStudio.repository.appendingPathComponent("Tests/Tools/devtools_page.py")
        let driven = try TestPython.run(script, [url.absoluteString, "commentList", pageShot.path], needs: ["selenium"])
        try #require(driven.status == 0, "\(driven.stderr)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(driven.stdout.utf8)) as? [String: Any])
        #expect(result["selected"] as? String == "commentList" && result["hidden"] as? Bool == true)
        #expect((result["tree"] as? Int ?? 0) > 20, "the whole tree is listed")
        #expect((result["stats"] as? String ?? "").contains("p99"))
        #expect((result["replies"] as? String ?? "").contains("hid commentList"))
        #expect((result["replies"] as? String ?? "").contains("hid the movable layer"))
        // The hide was held among the edits with its undo, which showed the widget again.
        #expect((result["held"] as? String ?? "").hasPrefix("hidden of commentList = true"), "\(result["held"] ?? "")")
        #expect(result["editsAfterUndo"] as? Int == 0)
        #expect((result["replies"] as? String ?? "").contains("reset 1 edit: undid hidden of commentList"))
        let filtered = result["filtered"] as? [String] ?? []
        #expect(!filtered.isEmpty && filtered.allSatisfy { $0.contains("note") }, "the filter shows notes only: \(filtered.prefix(5))")
        let rows = result["rows"] as? [Int] ?? []
        #expect(rows.count == 2 && rows[0] == rows[1], "paused, the log keeps its rows: \(rows)")
        #expect((result["eventInfo"] as? String ?? "").contains("while paused"))
        // A click on an event's name opens its catalogue entry: who publishes and who listens.
        let clicked = result["clicked"] as? String ?? "", entry = result["entry"] as? String ?? ""
        #expect(
            entry.hasPrefix(clicked.split(separator: ".").first.map(String.init) ?? "?") && entry.contains("published by")
                && entry.contains("heard by"), "\(clicked): \(entry)")
        #expect((result["catalogue"] as? Int ?? 0) >= 50, "the catalogue lists every key: \(result["catalogue"] ?? "-")")
        #expect((result["saved"] as? String ?? "").hasPrefix("// LiveStudio DevTools log"), "\(result["saved"] ?? "")")
        // A picked frame shows its phases and, measured, its costliest widgets.
        let picked = result["picked"] as? String ?? ""
        #expect(picked.hasPrefix("frame ") && picked.contains("render ") && picked.contains("\nwidgets: "), "\(picked)")
        #expect((result["memory"] as? String ?? "").hasPrefix("resident "))
        // The memory chart's legend: resident memory and each renderer cache against its budget.
        let legend = result["memoryLegend"] as? String ?? ""
        for name in ["resident", "layer surfaces", "sprites", "text", "images"] { #expect(legend.contains(name), "\(legend)") }
        #expect(legend.contains(" of "), "each cache with its budget: \(legend)")
        // One widget at most is under the pointer (none headless), and one is selected.
        #expect((result["hoveredRows"] as? Int ?? 99) <= 1 && result["selectedRows"] as? Int == 1, "\(result)")
        // The window's widget bounds and repaint view, turned on from the page's commands; a
        // headless room has neither and says why.
        let command = try session.address("/command", token: true)
        for (name, words) in [("bounds", "the widget bounds"), ("repaint", "the repaint view")] {
            let body = #"{"command":"\#(name)","value":true}"#
            #expect(try Self.fetch(command, method: "POST", body: Data(body.utf8)).0 == 202)
            let want = inWindow ? "showing \(words)" : "refused \(name): the widget bounds and the repaint view are the window's"
            var replies = ""
            for _ in 0..<100 where !replies.contains(want) {
                replies = (try? Self.fetch(try session.address("/snapshot", token: true)).1) ?? ""
                Thread.sleep(forTimeInterval: 0.05)
            }
            #expect(replies.contains(want), "\(name): \(replies.suffix(600))")
        }
        // The repaint view tints the window's pixels, the room's last frame among them: off
        // again before it is read.
        #expect(try Self.fetch(command, method: "POST", body: Data(#"{"command":"repaint","value":false}"#.utf8)).0 == 202)
        if inWindow {
            var replies = ""
            for _ in 0..<100 where !replies.contains("hid the repaint view") {
                replies = (try? Self.fetch(try session.address("/snapshot", token: true)).1) ?? ""
                Thread.sleep(forTimeInterval: 0.05)
            }
            // The room's frame as it drew it, the inspector's bounds in it: the dashed outlines
            // of the widgets that let touches through.
            let (shotStatus, shot) = try Self.fetchData(try session.address("/screenshot.png", token: true))
            try #require(shotStatus == 200)
            let file = session.folder.appendingPathComponent("bounds.png")
            try shot.write(to: file)
            let framed = try PNGPixels(file.path)
            var dashes = 0
            for y in 0..<framed.height {
                for x in 0..<framed.width where framed.rgb(x: x, y: y) == 0xC8A0FF { dashes += 1 }
            }
            #expect(dashes > 200, "the page turned the window's widget bounds on: \(dashes) pixels")
        }
        // The room itself: its last frame shows the selection's outline, and no comment list.
        let (status, json) = try Self.fetch(try session.address("/snapshot", token: true))
        #expect(
            json.contains("\"selected\""),
            "snapshot status \(status)\(session.process.isRunning ? "" : ", the room had ended"): \(json.prefix(200))")
        try session.finish()
        let png = try PNGPixels(session.screenshot.path)
        var outline = 0
        for y in 0..<png.height {
            for x in 0..<png.width where png.rgb(x: x, y: y) == 0x00C8FF { outline += 1 }
        }
        #expect(outline > 1_000, "the selected widget is outlined in the window: \(outline) pixels")

    }

    @Test(
        "the page keeps its panels apart and its lines whole at 800, 1024 and 1400 px in headless Chromium",
        .timeLimit(.minutes(3)),
        TestPython.unlessRefused)
    func pageAtWidths() throws {
        try Self.requireChromedriver()
        let session = try Session(frames: 3600)
        let url = try #require(session.url)
        let shots = session.folder.appendingPathComponent("page").path
        let script = BuiltStudio.repository.appendingPathComponent("Tests/Tools/devtools_widths.py")
        let driven = try TestPython.run(script, [url.absoluteString, shots, "800", "1024", "1400"], needs: ["selenium"])
        try #require(driven.status == 0, "\(driven.stderr)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(driven.stdout.utf8)) as? [String: [String: Any]])
        for width in ["800", "1024", "1400"] {
            let problems = result[width]?["problems"] as? [String]
            #expect(problems == [], "at \(width) px (see \(shots)-\(width).png): \(problems ?? ["no result"])")
            #expect((result[width]?["memory"] as? String ?? "").hasPrefix("resident "), "\(result[width] ?? [:])")
        }
        try session.finish()
    }
}
