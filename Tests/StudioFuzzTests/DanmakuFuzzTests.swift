import Foundation
import StudioKit
import Studios
import Testing

@testable import DanmakuImport
@testable import StudioFuzz

/// The `danmaku` kind: danmaku files and live recordings, mutated knowing their layout, read
/// by `DanmakuFileReader` and `FeedFile.load` and played headless.
@Suite("The danmaku kind of the fuzzer")
struct DanmakuFuzzTests {
    @Test("the danmaku kind is listed, parses from --kinds and is one of the default kinds")
    func kindIsListed() throws {
        #expect(FuzzKind.allCases.contains(.danmaku))
        #expect(try FuzzKind.parseList("danmaku").get() == [.danmaku])
        #expect(try FuzzKind.parseList("png, danmaku,danmaku").get() == [.png, .danmaku])
        let options = FuzzOptions(assets: FuzzPassTests.root.appendingPathComponent("Assets"), out: URL(fileURLWithPath: "/tmp"))
        #expect(options.kinds.contains(.danmaku))
    }

    @Test("a saved danmaku input is an .xml file read under its own name, so --replay knows its kind")
    func savedFilesAreXML() throws {
        #expect(FuzzKind.danmaku.fileExtension == "xml")
        let (kind, name) = try Fuzzer.kindAndName(of: URL(fileURLWithPath: "/x/findings/crash-danmaku-s1-i3/bad-elements.xml"))
        #expect(kind == .danmaku)
        #expect(name == "bad-elements")
        #expect(Fuzzer.fileName(.danmaku, name) == "bad-elements.xml")
    }

    @Test("a recorded danmaku finding is saved as <seed name>.xml and replays through the danmaku target")
    func findingsReplay() throws {
        let f = try FuzzPassTests.fuzzer("danmaku-replay")
        let seed = try #require(f.corpus.danmaku.first { $0.name == "blrec-recording" })
        let finding = Fuzzer.record(
            .falseSuccess, .danmaku, seed.name, 7, "a test", seed.bytes, out: f.options.out,
            seed: 1, kinds: [.danmaku]
        ) { _ in }
        #expect(finding.file.hasSuffix("false-success-danmaku-s1-i7/blrec-recording.xml"))
        #expect(try f.replay(file: URL(fileURLWithPath: finding.file)) == .accepted)
    }

    @Test("the danmaku seeds include the recordings and the broken fixtures")
    func seeds() throws {
        let f = try FuzzPassTests.fuzzer("danmaku-seeds")
        let names = Set(f.corpus.danmaku.map(\.name))
        #expect(
            names.isSuperset(of: [
                "demo-recording", "demo-video", "blrec-recording", "bililiverecorder-recording",
                "truncated-recording", "bad-elements", "empty", "not-xml", "wrong-root",
            ]))
    }

    @Test("the danmaku seeds are accepted, and the broken ones refused with a message that names the file")
    func seedsAreJudgedRight() throws {
        let f = try FuzzPassTests.fuzzer("danmaku-seed-verdicts") { $0.render = true }
        let broken: Set = ["empty", "not-xml", "wrong-root"]
        for seed in f.corpus.danmaku {
            let verdict = f.check(.danmaku, name: seed.name, bytes: seed.bytes)
            if broken.contains(seed.name) {
                guard case .rejected(let message) = verdict else {
                    Issue.record("\(seed.name): \(verdict)")
                    continue
                }
                #expect(message.contains("\(seed.name).xml"), "\(message)")
            } else {
                #expect(verdict == .accepted, "\(seed.name)")
            }
        }
    }

    @Test("mutated danmaku files differ from their seed and outgrow it by no more than the bound")
    func mutationsAreBounded() throws {
        let f = try FuzzPassTests.fuzzer("danmaku-mutations")
        let mutator = DanmakuMutator(json: f.corpus.mutator)
        for seed in f.corpus.danmaku {
            for n in 0..<60 {
                var rng = SeededRandom(seed: UInt64(n) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(seed.bytes.count))
                let out = mutator.mutate(seed.bytes, &rng)
                #expect(out != seed.bytes, "\(seed.name) #\(n)")
                #expect(out.count <= seed.bytes.count + DanmakuMutator.maxGrowth, "\(seed.name) #\(n): \(out.count) bytes")
            }
        }
    }

    @Test("the mutator finds every record element, its attributes and each number in p and the recorders' attributes")
    func spans() throws {
        let xml = Array(#"<i><d p="1.5,1,25,255" user="a">hi &amp; bye</d><gift ts="2" giftname="x" giftcount='3'/><x>7</x></i>"#.utf8)
        let spans = DanmakuXMLSpans(xml)
        #expect(spans.elements.map(\.name) == ["d", "gift"])
        #expect(spans.elements.map { $0.attributes.map(\.name) } == [["p", "user"], ["ts", "giftname", "giftcount"]])
        #expect(spans.numbers(xml).map { String(decoding: xml[$0], as: UTF8.self) } == ["1.5", "1", "25", "255", "2", "3"])
        let content = try #require(spans.elements[0].content)
        #expect(String(decoding: xml[content], as: UTF8.self) == "hi &amp; bye")
        #expect(spans.elements[1].content == nil)
    }

    @Test("a refusal by anything but the reader's or the loader's own error is a bad message")
    func foreignErrorsAreBadMessages() throws {
        let file = FuzzPassTests.scratch.appendingPathComponent("recording.xml")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data().write(to: file)
        if case .finding(.badMessage, _) = FuzzTargets.judgeDanmaku(CocoaError(.fileReadCorruptFile), file: file) {
        } else {
            Issue.record("a CocoaError passed as a danmaku refusal")
        }
        let own = #expect(throws: DanmakuImportError.self) { try DanmakuFileReader(contentsOf: file) }
        let error = try #require(own)
        #expect(FuzzTargets.judgeDanmaku(error, file: file) == .rejected(error.message))
    }

    @Test("a summary whose counts do not add up to the records read is caught")
    func summaryOracle() {
        let file = URL(fileURLWithPath: "/tmp/x/recording.xml")
        let summary = DanmakuImportSummary(file: "recording.xml", format: .bilibili)
        #expect(FuzzTargets.problem(with: summary, records: 0, counts: [:], limits: .standard, file: file) == nil)
        #expect(FuzzTargets.problem(with: summary, records: 1, counts: [.danmaku: 1], limits: .standard, file: file) != nil)
        let renamed = URL(fileURLWithPath: "/tmp/x/other.xml")
        #expect(FuzzTargets.problem(with: summary, records: 0, counts: [:], limits: .standard, file: renamed) != nil)
    }

    @Test("a short seeded pass over danmaku alone finds nothing, and its inputs get past the reader to the app")
    func seededPass() throws {
        let report = try FuzzPassTests.fuzzer("danmaku-pass", iterations: 400) { $0.kinds = [.danmaku] }.run()
        let stats = try #require(report.stats[.danmaku])
        #expect(stats.inputs == 400)
        #expect(stats.accepted > 0 && stats.rejected > 0, "\(stats.accepted) accepted, \(stats.rejected) rejected")
        #expect(stats.ran > 0)
        #expect(report.findings.isEmpty, "\(report.findings.map { "\($0.finding.rawValue) #\($0.iteration): \($0.detail) (\($0.file))" })")
    }
}
