import RoomFixtures
import Foundation
import Testing
import Studios

/// The documentation's code cannot drift from the API: every Swift sample in the DocC
/// articles, the README and docs/ must be, line for line, in a Swift file that `make test`
/// compiles (the example package `Examples/LuckyWheel`, or LiveStudio's own tests).
@Suite("documentation samples")
struct DocSampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The Markdown files whose samples readers copy.
    static var documents: [URL] {
        let articles = root.appendingPathComponent("Sources/Studios/Studios.docc")
        let docs = root.appendingPathComponent("docs")
        let names = { (dir: URL) in
            ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.hasSuffix(".md") }.sorted()
                .map { dir.appendingPathComponent($0) }
        }
        return names(articles) + names(docs) + [root.appendingPathComponent("README.md")]
    }

    /// Every compiled Swift file a sample may come from, as trimmed, non-blank lines.
    static let compiled: [(path: String, lines: [String])] = {
        var out: [(String, [String])] = []
        for folder in ["Examples/LuckyWheel/Sources", "Examples/LuckyWheel/Tests", "Tests"] {
            let walker = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                guard url.pathExtension == "swift", let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
                out.append((url.path, normalized(text)))
            }
        }
        let manifest = root.appendingPathComponent("Examples/LuckyWheel/Package.swift")
        if let text = try? String(contentsOf: manifest, encoding: .utf8) { out.append((manifest.path, normalized(text))) }
        return out
    }()

    static func normalized(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    /// The ```swift (or another `language`'s) blocks of `text`, each with the line it starts on.
    static func samples(in text: String, language: String = "swift") -> [(line: Int, code: String)] {
        var out: [(Int, String)] = []
        var current: [String]?
        var start = 0
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```\(language)" {
                current = []
                start = i + 1
            } else if current != nil, trimmed == "```" {
                out.append((start, current!.joined(separator: "\n")))
                current = nil
            } else if current != nil {
                current!.append(String(line))
            }
        }
        return out
    }

    /// Whether `needle` appears as consecutive lines of `haystack`.
    static func contains(_ haystack: [String], _ needle: [String]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return needle.isEmpty }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<(start + needle.count)]) == needle { return true }
        }
        return false
    }

    @Test("every Swift sample in the documentation is code that make test compiles")
    func samplesAreCompiled() throws {
        var checked = 0
        for document in Self.documents {
            let text = try String(contentsOf: document, encoding: .utf8)
            for sample in Self.samples(in: text) {
                checked += 1
                let lines = Self.normalized(sample.code)
                let found = Self.compiled.contains { Self.contains($0.lines, lines) }
                // The longest run of the sample's first lines found anywhere shows where it drifted.
                var longest = 0
                if !found {
                    for n in stride(from: lines.count, through: 1, by: -1)
                    where Self.compiled.contains(where: { Self.contains($0.lines, Array(lines.prefix(n))) }) {
                        longest = n
                        break
                    }
                }
                #expect(
                    found,
                    """
                    \(document.lastPathComponent):\(sample.line): this sample is not in any compiled file \
                    (Examples/LuckyWheel or Tests); it drifts from line \(longest + 1): \
                    \(lines.indices.contains(longest) ? lines[longest] : "")
                    """)
            }
        }
        #expect(checked >= 10, "the articles hold at least the samples this test was written against (\(checked) found)")
    }

    @Test("every JSON sample in the documentation is JSON, and each configuration or widget entry loads")
    func jsonSamplesLoad() throws {
        // The example package's widgets, which LiveStudio's catalog does not have.
        let exampleWidgets = Self.compiled.filter { $0.path.contains("Examples/") }.flatMap { file in
            file.lines.compactMap { line in line.firstMatch(of: /static let catalogName = "([^"]+)"/).map { String($0.1) } }
        }
        var configurations = 0
        for document in Self.documents {
            let text = try String(contentsOf: document, encoding: .utf8)
            for sample in Self.samples(in: text, language: "json") {
                let place = "\(document.lastPathComponent):\(sample.line)"
                // A sample that elides part of what it shows says so with "…", and is read only.
                if sample.code.contains("…") { continue }
                let object = try? JSONSerialization.jsonObject(with: Data(sample.code.utf8)) as? [String: Any]
                guard let object else {
                    Issue.record("\(place): this JSON sample is not a JSON object")
                    continue
                }
                if object["kind"] != nil {
                    configurations += 1
                    #expect(throws: Never.self, "\(place): the configuration does not load") {
                        _ = try ConfigSamples.load(sample.code, file: "\(object["kind"] ?? "").json")
                    }
                } else if let widget = object["widget"] as? String {
                    configurations += 1
                    if exampleWidgets.contains(widget) { continue }
                    // The entry joins the widgets of LiveStudio's own audience room.
                    var room = try #require(
                        try JSONSerialization.jsonObject(
                            with: Data(contentsOf: Self.root.appendingPathComponent("Assets/studios/audience.json")))
                            as? [String: Any])
                    room["widgets"] = ((room["widgets"] as? [Any]) ?? []) + [object]
                    let text = String(decoding: try JSONSerialization.data(withJSONObject: room), as: UTF8.self)
                    #expect(throws: Never.self, "\(place): the widget entry does not load in the audience room") {
                        _ = try ConfigSamples.load(text)
                    }
                }
            }
        }
        #expect(configurations >= 4, "the documentation holds at least the configurations this test was written against")
    }

    @Test("every @Snippet an article shows is a file of Snippets/, which swift build compiles alone")
    func snippetsExist() throws {
        let folder = Self.root.appendingPathComponent("Snippets")
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") })
        var shown: Set<String> = []
        for document in Self.documents {
            let text = try String(contentsOf: document, encoding: .utf8)
            for match in text.matches(of: /@Snippet\(path: "([^"]+)"(?:, slice: "([^"]+)")?\)/) {
                let path = String(match.1)
                #expect(path.hasPrefix("LiveStudio/Snippets/"), "\(document.lastPathComponent): \(path) is not in LiveStudio/Snippets/")
                let name = path.split(separator: "/").last.map { "\($0).swift" } ?? ""
                #expect(files.contains(name), "\(document.lastPathComponent): @Snippet \(path) has no file Snippets/\(name)")
                if let slice = match.2, files.contains(name) {
                    let code = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                    #expect(code.contains("// snippet.\(slice)\n"), "\(document.lastPathComponent): Snippets/\(name) has no slice \(slice)")
                }
                shown.insert(name)
            }
        }
        #expect(shown == files, "snippets no article shows: \(files.subtracting(shown).sorted())")
        for name in files {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            // A snippet stands alone: it imports what it uses, as a reader's file would.
            #expect(text.contains("import Studios"), "Snippets/\(name) does not import Studios")
        }
    }

    @Test("the version the tools print, the changelog's latest entry and the manifest sample agree")
    func versionAgrees() throws {
        func read(_ path: String) throws -> String {
            try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
        }
        func first(_ pattern: String, in text: String) -> String? {
            guard let range = text.range(of: pattern, options: .regularExpression) else { return nil }
            return String(text[range]).components(separatedBy: "\"").dropFirst().first
                ?? String(text[range]).split(separator: " ").dropFirst().first.map(String.init)
        }
        let tool = first(#"version = "[0-9.]+""#, in: try read("Sources/StudioCLI/StudioCommand.swift"))
        let changelog = first(#"\n## [0-9.]+"#, in: try read("CHANGELOG.md"))
        let manifest = first(#"from: "[0-9.]+""#, in: try read("Examples/LuckyWheel/Package.swift"))
        #expect(
            tool != nil && tool == changelog && tool == manifest,
            "tool \(tool ?? "?"), CHANGELOG \(changelog ?? "?"), manifest \(manifest ?? "?")")
    }

    @Test("the articles never ask the reader to edit LiveStudio's sources")
    func articlesStayOutside() throws {
        for document in Self.documents where document.path.contains(".docc") {
            let text = try String(contentsOf: document, encoding: .utf8)
            for phrase in ["Sources/Studios/", "Sources/StudioWidgets/", "edit LiveStudio", "to LiveStudio's `Levels`"] {
                #expect(!text.contains(phrase), "\(document.lastPathComponent) sends the reader into LiveStudio: '\(phrase)'")
            }
        }
    }
}
