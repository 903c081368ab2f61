import Foundation
import StudioInspection
import Testing

/// Numbers from outside (scenarios, recordings, flags, window events) must never reach a
/// trapping `Int(_: Double)`. Types are not visible to a text scan, so these tests hold the
/// code to two rules a scan can check, and fail naming the file and line that breaks one.
@Suite("Source rules: no unchecked number conversions")
struct ConversionDisciplineTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// The files where input arrives: everything there converts with a labelled initializer
    /// (`clamping:`, `exactly:`, `truncatingIfNeeded:`, `bitPattern:`).
    static let inputPaths = [
        "StudioFeed/Scenario", "StudioInspection/InputRecording.swift", "StudioKit/Input",
        "StudioSDL/Window/SDLInputTranslator.swift", "StudioSDL/Window/InputMapping.swift", "StudioCLI",
    ]

    /// An integer initializer whose argument is not labelled.
    static let unlabelled = try! NSRegularExpression(
        pattern: #"\b(U?Int(8|16|32|64)?)\((?!clamping:|exactly:|truncatingIfNeeded:|bitPattern:)"#)
    /// The same, with a rounding of a Double in its argument: a Double conversion for sure.
    static let unlabelledRounding = try! NSRegularExpression(
        pattern: #"\b(U?Int(8|16|32|64)?)\((?!clamping:|exactly:|truncatingIfNeeded:|bitPattern:)[^;]*(\.rounded\(|\bfloor\(|\bceil\()"#)

    static func swiftFiles(under relative: String) -> [URL] {
        let url = sources.appendingPathComponent(relative)
        if url.pathExtension == "swift" { return [url] }
        let items = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        return items.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }

    /// "file:line: text" for every code line (comments skipped) that `pattern` matches.
    static func violations(of pattern: NSRegularExpression, in files: [URL]) throws -> [String] {
        var found: [String] = []
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            for (index, line) in lines.enumerated() {
                let code = line.components(separatedBy: "//").first ?? ""
                let range = NSRange(code.startIndex..., in: code)
                if pattern.firstMatch(in: code, range: range) != nil {
                    found.append(
                        "\(file.path.replacingOccurrences(of: sources.path + "/", with: "")):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))"
                    )
                }
            }
        }
        return found
    }

    @Test("the sources are where the scan looks")
    func sourcesFound() {
        #expect(Self.swiftFiles(under: "").count > 100)
        #expect(Self.inputPaths.allSatisfy { !Self.swiftFiles(under: $0).isEmpty })
    }

    @Test("no rounded Double becomes an integer through a trapping initializer, anywhere")
    func noUncheckedRounding() throws {
        let found = try Self.violations(of: Self.unlabelledRounding, in: Self.swiftFiles(under: ""))
        #expect(found.isEmpty, "use Int(clamping:) (CheckedConversion.swift):\n\(found.joined(separator: "\n"))")
    }

    @Test("code that reads input converts numbers only through labelled initializers")
    func inputPathsUseLabelledConversions() throws {
        let files = Self.inputPaths.flatMap { Self.swiftFiles(under: $0) }
        let found = try Self.violations(of: Self.unlabelled, in: files)
        #expect(found.isEmpty, "use Int(clamping:), Int(exactly:) or Int(truncatingIfNeeded:):\n\(found.joined(separator: "\n"))")
    }

    @Test("the scan catches the conversions it forbids")
    func scanCatches() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("conversion-\(UUID().uuidString).swift")
        try "let a = Int(y.rounded())\nlet b = Int(clamping: y.rounded())\n// Int(x.rounded()) in a comment\nlet c = UInt8(x)\n"
            .write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try Self.violations(of: Self.unlabelledRounding, in: [file]).count == 1)
        #expect(try Self.violations(of: Self.unlabelled, in: [file]).count == 2)
    }
}
