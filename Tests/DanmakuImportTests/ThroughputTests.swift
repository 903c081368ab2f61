import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
@testable import DanmakuImport
#endif

/// Reads a generated 100,000-line recording and prints the rate, with Foundation's XMLParser
/// on the same file for comparison. Asserts correctness only: timings on a shared CI
/// machine are not a test. The release-build figure is measured by the bench tool.
@Suite("Throughput", .serialized)
struct ThroughputTests {
    static let lines = 100_000

    @Test("a 100,000-line recording is read completely, and the rate is printed beside XMLParser's")
    func hundredThousandLines() throws {
        let url = try DanmakuFixture.temporaryFile("", name: "throughput.xml")
        defer { DanmakuFixture.remove(url) }
        let generator = DanmakuRecordingGenerator(
            seed: 99, minutes: 240, danmaku: Self.lines, gifts: 1_000,
            superChats: 50, memberships: 100)
        try generator.write(to: url)

        let start = Date()
        var count = 0
        var lastTime = -1.0
        var ordered = true
        let summary = try DanmakuFileReader.read(contentsOf: url) { record in
            count += 1
            ordered = ordered && record.time >= lastTime
            lastTime = record.time
        }
        let ours = Date().timeIntervalSince(start)
        #expect(count == Self.lines + 1_150)
        #expect(summary.records[.danmaku] == Self.lines)
        #expect(summary.totalSkipped == 0)
        #expect(ordered)

        let counter = ElementCounter()
        let parserStart = Date()
        guard let parser = XMLParser(contentsOf: url) else {
            print("XMLParser could not open \(url.path); no comparison")
            return
        }
        parser.delegate = counter
        let parsed = parser.parse()
        let theirs = Date().timeIntervalSince(parserStart)
        #if DEBUG
        let build = "debug build"
        #else
        let build = "release build"
        #endif
        print(
            "DanmakuFileReader: \(Int(Double(count) / ours)) records/s; XMLParser (counting elements only): "
                + "\(Int(Double(counter.records) / theirs)) records/s, parse \(parsed ? "succeeded" : "failed") (\(build))")
    }
}

/// Counts record elements, doing as little as a delegate can, so XMLParser's figure is its best case.
private final class ElementCounter: NSObject, XMLParserDelegate {
    var records = 0

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        switch elementName {
        case "d", "gift", "sc", "guard": records += 1
        default: break
        }
    }
}
