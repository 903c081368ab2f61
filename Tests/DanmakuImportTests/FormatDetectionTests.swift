import Foundation
import Testing

@testable import DanmakuImport

@Suite("Format detection")
struct FormatDetectionTests {
    @Test("a BililiveRecorder marker means a BililiveRecorder recording")
    func bililiveRecorderMarker() {
        #expect(DanmakuFileFormat.detect(Array(#"<i><BililiveRecorder version="2.6.0"/>"#.utf8)) == .bililiveRecorder)
    }

    @Test("blrec's recorder element means blrec")
    func blrecMarker() {
        #expect(DanmakuFileFormat.detect(Array("<i><metadata><recorder>blrec v2.0.0</recorder></metadata>".utf8)) == .blrec)
    }

    @Test("a gift, super chat or guard element without a marker still means a recording")
    func recordingElements() {
        for element in [#"<gift ts="1"/>"#, #"<sc ts="1">x</sc>"#, #"<guard ts="1"/>"#] {
            #expect(DanmakuFileFormat.detect(Array("<i>\(element)</i>".utf8)) == .bililiveRecorder, "\(element)")
        }
    }

    @Test("a file of <d> elements only is Bilibili's, even with a <scroll>-like name that starts with sc")
    func plainBilibili() {
        #expect(DanmakuFileFormat.detect(Array(#"<i><scroll/><d p="1,1,25,0">x</d></i>"#.utf8)) == .bilibili)
    }

    @Test("markers past the detection window are not looked at")
    func windowIsBounded() {
        let padding = String(repeating: " ", count: DanmakuFileFormat.detectionWindow)
        #expect(DanmakuFileFormat.detect(Array("<i>\(padding)<BililiveRecorder/>".utf8)) == .bilibili)
    }

    @Test("a forced format overrides detection and changes how prices are read")
    func forcedFormat() throws {
        let url = try DanmakuFixture.bilibili(#"<sc ts="1" user="u" price="30000" time="60">hi</sc>"#)
        let (detected, detectedSummary) = try DanmakuFixture.readAll(url)
        let (forced, forcedSummary) = try DanmakuFixture.readAll(url, format: .blrec)
        #expect(detectedSummary.format == .bililiveRecorder)
        #expect(forcedSummary.format == .blrec)
        guard case .superChat(let asYuan) = detected.first, case .superChat(let asCoins) = forced.first else {
            Issue.record("no super chat read")
            return
        }
        #expect(asYuan.priceInYuan == 30000)
        #expect(asCoins.priceInYuan == 30)
    }
}
