import Foundation
import StudioKit
import StudioTesting
import Testing

/// The golden assertion itself, on small display lists recorded into folders of their own
/// (never the repository's `__Snapshots__`): exact by default, layer fingerprints compared on
/// every run, and nothing written by a pass.
@Suite("golden assertions")
struct GoldenAssertionTests {
    /// The repository's Assets folder, for the fonts' and images' paths.
    static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets")

    /// The issues a known-issue block matched, kept across its (sendable) matcher.
    final class Messages: Sendable {
        private let messages = Locked<[String]>([])
        func append(_ message: String) { messages.withLock { $0.append(message) } }
        var all: [String] { messages.value }
    }

    /// A small picture: a background and a 40x40 card; `card` is its color, `hidden` an item
    /// drawn under an opaque cover (in the pixels nowhere, in the draw items it is).
    static func list(card: Color = Color(r: 200, g: 40, b: 90), hidden: Bool = false, nudge: Bool = false) -> DisplayList {
        let canvas = Canvas(measurer: ApproximateTextMeasurer())
        canvas.beginLayer(.background)
        canvas.fillRect(Rect(x: 0, y: 0, width: 720, height: 1280), Color(r: 10, g: 10, b: 30))
        canvas.endLayer()
        canvas.beginLayer(.lite)
        if hidden { canvas.fillRect(Rect(x: 300, y: 300, width: 20, height: 20), Color(r: 0, g: 255, b: 0)) }
        canvas.fillRect(Rect(x: 290, y: 290, width: 40, height: 40), card)
        if nudge { canvas.fillRect(Rect(x: 100, y: 100, width: 1, height: 1), Color(r: 11, g: 10, b: 30)) }
        canvas.endLayer()
        return canvas.list
    }

    /// A fresh folder for `file`'s `__Snapshots__` (each test has its own file path).
    static func reset(_ file: StaticString) -> URL {
        let folder = URL(fileURLWithPath: "\(file)").deletingLastPathComponent()
        try? FileManager.default.removeItem(at: folder)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Asserts `list` against the golden "card" of `file`. The mismatches these tests cause
    /// on purpose leave their artifacts and review entries in a folder of their own, removed
    /// here: a passing run leaves none.
    static func check(
        _ list: DisplayList, named name: String = "card", tolerance: ImageTolerance = .exact, file: StaticString
    ) throws {
        let artifacts = FileManager.default.temporaryDirectory.appendingPathComponent("golden-artifacts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: artifacts) }
        try Golden.withArtifacts(in: artifacts) {
            try assertGolden(
                list, named: name, assets: Self.assets, tolerance: tolerance, file: file, testName: "golden()")
        }
    }

    /// The issues `body` records, each a known one: the mismatches these tests cause on
    /// purpose. A golden that does not match is the test's issue, not a thrown error.
    static func mismatches(_ body: () throws -> Void) rethrows -> [String] {
        let issues = Messages()
        try withKnownIssue {
            try body()
        } matching: { issue in
            issues.append("\(issue)")
            return true
        }
        return issues.all
    }

    /// The one mismatch `body` records; an expectation fails when it records another count.
    static func mismatch(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) rethrows -> String {
        let found = try mismatches(body)
        #expect(found.count == 1, "one issue: \(found)", sourceLocation: sourceLocation)
        return found.joined(separator: "\n")
    }

    /// Records the reference of `file`'s "card": the test's expected failure, known.
    static func record(_ file: StaticString) throws {
        try withKnownIssue("a missing reference is recorded and fails") { try check(list(), file: file) }
    }

    static func files(in folder: URL) -> [String: Date] {
        var out: [String: Date] = [:]
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.contentModificationDateKey])
        while let url = walker?.nextObject() as? URL {
            out[url.lastPathComponent] = try? url.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate
        }
        return out
    }

    @Test("missing references are all recorded by one run, each failing it; the same pictures then pass and write nothing")
    func recordThenPass() throws {
        let file: StaticString = "/tmp/livestudio-golden-assertions/record/record.swift"
        let folder = Self.reset(file)
        // Two goldens missing in one test: both are recorded by one run, each failing it.
        let issues = Messages()
        try withKnownIssue {
            try Self.check(Self.list(), file: file)
            try Self.check(Self.list(card: Color(r: 20, g: 200, b: 90)), named: "second", file: file)
        } matching: { issue in
            issues.append("\(issue)")
            return true
        }
        let seen = issues.all
        #expect(
            seen.count == 2 && seen[0].contains("card: no reference yet") && seen[1].contains("second: no reference yet"),
            "\(seen)")
        let recorded = Self.files(in: folder)
        #expect(
            ["golden.card.png", "golden.card.layers.txt", "golden.second.png", "golden.second.layers.txt"].allSatisfy {
                recorded.keys.contains($0)
            }, "\(recorded)")
        Thread.sleep(forTimeInterval: 0.05)
        try Self.check(Self.list(), file: file)
        try Self.check(Self.list(card: Color(r: 20, g: 200, b: 90)), named: "second", file: file)
        #expect(Self.files(in: folder) == recorded, "a pass rewrote or added a file")
    }

    @Test("one pixel one step off fails by default, and passes only with a tolerance the test asks for")
    func exactByDefault() throws {
        let file: StaticString = "/tmp/livestudio-golden-assertions/exact/exact.swift"
        _ = Self.reset(file)
        try Self.record(file)
        let error = try Self.mismatch { try Self.check(Self.list(nudge: true), file: file) }
        #expect(error.contains("1 pixels"), "\(error)")
        _ = try Self.mismatch { try Self.check(Self.list(card: Color(r: 201, g: 40, b: 90)), file: file) }
        // A test that states a tolerance gets it, and the draw items still have to match.
        let loose = ImageTolerance(channelThreshold: 2, maxDifferingFraction: 0.001)
        let stillChanged = try Self.mismatch { try Self.check(Self.list(nudge: true), tolerance: loose, file: file) }
        #expect(stillChanged.contains("the pixels match, but the draw items of layer(s) lite changed"), "\(stillChanged)")
    }

    @Test("a reference that is not a PNG, or of another size, fails naming it, and is never recorded over")
    func badReference() throws {
        let file: StaticString = "/tmp/livestudio-golden-assertions/bad/bad.swift"
        let folder = Self.reset(file)
        try Self.record(file)
        let reference = folder.appendingPathComponent("__Snapshots__/bad/golden.card.png")
        try Data("not a picture".utf8).write(to: reference)
        let text = try Self.mismatch { try Self.check(Self.list(), file: file) }
        #expect(text.contains("not a PNG") && text.contains("golden.card.png"), "\(text)")
        #expect(try Data(contentsOf: reference) == Data("not a picture".utf8), "the bad reference was recorded over")

        // A reference of another size: both sizes and the file are named.
        try Golden.png(Self.list(), assets: Self.assets, size: Size(width: 100, height: 50)).write(to: reference)
        let before = try Data(contentsOf: reference)
        let sizeText = try Self.mismatch { try Self.check(Self.list(), file: file) }
        #expect(sizeText.contains("size 720x1280 differs from the reference's 100x50"), "\(sizeText)")
        #expect(sizeText.contains(reference.path), "names the reference: \(sizeText)")
        #expect(try Data(contentsOf: reference) == before)
    }

    @Test("a layer whose draw items changed fails even where its pixels match, naming the layer")
    func fingerprintsEveryRun() throws {
        let file: StaticString = "/tmp/livestudio-golden-assertions/fingerprints/fingerprints.swift"
        _ = Self.reset(file)
        try Self.record(file)
        let text = try Self.mismatch { try Self.check(Self.list(hidden: true), file: file) }
        #expect(text.contains("the pixels match, but the draw items of layer(s) lite changed"), "\(text)")
        #expect(!text.contains("background"), "\(text)")
    }

    @Test("every golden of a test is compared: two that fail are two issues, and a third that matches still runs")
    func everyGoldenCompared() throws {
        let file: StaticString = "/tmp/livestudio-golden-assertions/every/every.swift"
        let folder = Self.reset(file)
        _ = try Self.mismatches {
            try Self.check(Self.list(), named: "one", file: file)
            try Self.check(Self.list(), named: "two", file: file)
            try Self.check(Self.list(), named: "three", file: file)
        }
        let found = try Self.mismatches {
            try Self.check(Self.list(nudge: true), named: "one", file: file)
            try Self.check(Self.list(card: Color(r: 201, g: 40, b: 90)), named: "two", file: file)
            try Self.check(Self.list(), named: "three", file: file)
        }
        #expect(found.count == 2 && found[0].contains("one:") && found[1].contains("two:"), "\(found)")
        #expect(found.allSatisfy { !$0.contains("@−") && !$0.contains("ksdiff") }, "no diff-tool noise: \(found)")
        // Nothing of the comparison is left outside the artifacts folder: no copy of the
        // actual picture beside the references, none in the system's temporary folder.
        let beside = Set(Self.files(in: folder).keys.filter { $0.hasSuffix(".png") })
        #expect(beside == ["golden.one.png", "golden.two.png", "golden.three.png"], "\(beside)")
        let temporary = (try? FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)) ?? []
        #expect(!temporary.contains("every"), "a folder named after the test file in the temporary folder: \(temporary)")
    }
}
