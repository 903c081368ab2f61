import Foundation
import Testing

/// The module graph as docs/ARCHITECTURE.md draws it, kept by reading every source file's
/// imports: the core imports no other module of LiveStudio, nothing below the window and
/// the player imports SDL or FFmpeg, and the tools sit on top. A new import that crosses a
/// boundary fails here with its file and line, not in a review.
@Suite("module graph")
struct ModuleGraphTests {
    /// The LiveStudio modules each module may import.
    static let allowed: [String: Set<String>] = [
        // The core imports the Assets folder's resource bundle (the `Assets/` target, which
        // holds no code but the bundle's name), so that every executable and test runner
        // linking the core gets the assets beside it, and its foundation.
        // The core's foundation, re-exported so that every user of the core has it too:
        // locks, seeded randomness, file checks and writes, escaping. It is not UI, and
        // imports nothing of LiveStudio.
        "StudioFoundation": [],
        "StudioKit": ["StudioAssets", "StudioFoundation"],
        "StudioInspection": ["StudioKit"],
        // Reading recordings other tools write: a leaf on the foundation, below the UI.
        "DanmakuImport": ["StudioFoundation"],
        // The live room, in four modules: the domain both sides share, the feed and the widget
        // catalogue side by side on it (neither knows the other), and the rooms on top. None
        // of them uses the inspection tools, which sit on the core beside them.
        "StudioDomain": ["StudioKit"],
        "StudioFeed": ["StudioKit", "DanmakuImport", "StudioDomain"],
        "StudioWidgets": ["StudioKit", "StudioDomain"],
        "Studios": ["StudioKit", "StudioDomain", "StudioFeed", "StudioWidgets"],
        // The app and the scene harness replay recorded input: a tool's user, above the rooms.
        "StudioAppCore": ["StudioKit", "StudioInspection", "Studios"],
        "StudioSDL": ["StudioKit", "CSDL2", "CPixelKernels", "CRendererProbe"],
        "StudioVideo": ["StudioKit", "CFFmpeg"],
        "StudioProfiler": ["StudioKit"],
        // The two servers' common ground on Hummingbird: a leaf on the foundation.
        "StudioServing": ["StudioFoundation"],
        // A tool on the core: it records the tree as the inspection tools do, and serves it.
        "StudioDevTools": ["StudioKit", "StudioInspection", "StudioFeed", "StudioProfiler", "StudioServing"],
        // The live protocol's codec, replay server and live feed: an I/O component on the
        // feed, as the simulated server is, that knows no widget or room kind.
        "StudioLive": ["StudioKit", "DanmakuImport", "StudioDomain", "StudioFeed", "CLiveCompression", "StudioServing"],
        "StudioBench": ["StudioKit", "StudioProfiler", "StudioSDL", "DanmakuImport", "Studios", "StudioAppCore", "StudioLive"],
        "StudioTesting": ["StudioKit", "StudioInspection", "Studios", "StudioAppCore", "StudioSDL"],
        "StudioCLI": [
            "StudioKit", "StudioInspection", "DanmakuImport", "Studios", "StudioAppCore", "StudioSDL", "StudioVideo", "StudioProfiler",
            "StudioBench", "StudioDevTools", "StudioLive",
        ],
        "StudioFuzz": [
            "StudioKit", "StudioInspection", "DanmakuImport", "Studios", "StudioAppCore", "StudioSDL", "StudioCLI", "StudioLive",
            "StudioDevTools",
        ],
        "studio": ["Studios", "StudioCLI"],
        "studio-fuzz": ["StudioFuzz"],
    ]

    @Test("every module imports only the LiveStudio modules its place in the graph allows")
    func imports() throws {
        var sources = URL(fileURLWithPath: #filePath)
        while sources.lastPathComponent != "Tests" { sources.deleteLastPathComponent() }
        sources = sources.deletingLastPathComponent().appendingPathComponent("Sources")
        let ours = Set(Self.allowed.keys).union(["StudioAssets", "CSDL2", "CFFmpeg", "CPixelKernels", "CRendererProbe", "CLiveCompression"])
        let importLine = try Regex(#"^\s*(?:@[A-Za-z_]+\s+)?import\s+([A-Za-z0-9_]+)"#)
        var checked = 0
        for (module, allowed) in Self.allowed {
            let folder = sources.appendingPathComponent(module)
            let files =
                FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }
                .filter { $0.hasSuffix(".swift") } ?? []
            #expect(!files.isEmpty, "no sources in \(folder.path)")
            for file in files {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    guard let match = line.firstMatch(of: importLine), let name = match.output[1].substring.map(String.init),
                        ours.contains(name), name != module
                    else { continue }
                    checked += 1
                    #expect(allowed.contains(name), "Sources/\(module)/\(file):\(n + 1) imports \(name), outside \(module)'s place")
                }
            }
        }
        #expect(checked > 50)
    }

    /// The public surface is what a package built on LiveStudio uses; the rest is `package`
    /// (seen by LiveStudio's modules) or internal. A declaration made public has to be one
    /// an outside package needs, and this bound makes that a choice.
    static let publicBound = 2_000

    @Test("at most publicBound public or open declarations across LiveStudio's modules")
    func publicSurface() throws {
        var sources = URL(fileURLWithPath: #filePath)
        while sources.lastPathComponent != "Tests" { sources.deleteLastPathComponent() }
        let root = sources.deletingLastPathComponent()
        let declaration = try Regex(#"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*(?:public|open)\s"#)
        var count = 0
        for folder in ["Sources", "Assets"] {
            let base = root.appendingPathComponent(folder)
            for file in FileManager.default.enumerator(atPath: base.path)?.compactMap({ $0 as? String }) ?? []
            where file.hasSuffix(".swift") {
                let text = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
                count += text.split(separator: "\n").filter { $0.firstMatch(of: declaration) != nil }.count
            }
        }
        #expect(count > 500, "the count found the sources (\(count))")
        #expect(count <= Self.publicBound, "\(count) public or open declarations, over \(Self.publicBound)")
    }

    @Test("no deprecated or unavailable name is package: each is kept for code outside LiveStudio")
    func shimsArePublic() throws {
        var sources = URL(fileURLWithPath: #filePath)
        while sources.lastPathComponent != "Tests" { sources.deleteLastPathComponent() }
        let base = sources.deletingLastPathComponent().appendingPathComponent("Sources")
        var checked = 0
        for file in FileManager.default.enumerator(atPath: base.path)?.compactMap({ $0 as? String }) ?? []
        where file.hasSuffix(".swift") {
            let lines = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
            for (n, line) in lines.enumerated() where line.trimmingCharacters(in: .whitespaces).hasPrefix("@available(") {
                let attribute = lines[n..<min(n + 3, lines.count)].joined(separator: " ")
                guard attribute.contains("deprecated") || attribute.contains("unavailable") else { continue }
                // The declaration is the first line after the attribute's own lines.
                let partOfAttribute = { (line: Substring) in
                    let text = line.trimmingCharacters(in: .whitespaces)
                    return ["@", "*", "message", ")"].contains { text.hasPrefix($0) }
                }
                guard let next = lines[(n + 1)...].first(where: { !partOfAttribute($0) }) else { continue }
                let decl = next.trimmingCharacters(in: .whitespaces)
                checked += 1
                // A shim narrowed to `package` is one no outside package can call. (An internal
                // deprecated helper, which calls a shim without a warning, is not a shim.)
                #expect(!decl.hasPrefix("package "), "Sources/\(file):\(n + 2): \(decl)")
            }
        }
        #expect(checked >= 20, "the shims were found (\(checked))")
    }
}
