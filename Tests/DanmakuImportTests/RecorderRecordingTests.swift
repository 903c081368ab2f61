import Foundation
import Testing

@testable import DanmakuImport

@Suite("BililiveRecorder and blrec recordings")
struct RecorderRecordingTests {
    @Test("a BililiveRecorder recording yields its comments, gift, super chat and memberships in file order")
    func bililiveRecorderOrder() throws {
        let (records, summary) = try DanmakuFixture.readAll(DanmakuFixture.url("bililiverecorder-recording.xml"))
        #expect(summary.format == .bililiveRecorder)
        #expect(records.map(\.kind) == [.danmaku, .gift, .superChat, .membership, .membership, .danmaku])
        #expect(summary.totalSkipped == 0)
    }

    @Test("the metadata elements and the XSL block, even a <d> inside it, become no records")
    func metadataIsSkipped() throws {
        let (records, _) = try DanmakuFixture.readAll(DanmakuFixture.url("bililiverecorder-recording.xml"))
        #expect(!DanmakuFixture.danmaku(records).contains { $0.text.contains("stylesheet") })
        #expect(records.first?.position == DanmakuSourcePosition(line: 24, column: 3))
    }

    @Test("room id, streamer, title, start time and recorder come from the recording's own elements")
    func bililiveRecorderInfo() throws {
        let reader = try DanmakuFileReader(contentsOf: DanmakuFixture.url("bililiverecorder-recording.xml"))
        _ = reader.next()
        #expect(
            reader.recordingInfo
                == DanmakuRecordingInfo(
                    roomID: 21_452_505, streamerName: "七海Nana7mi", title: "晚上好 & 唱歌",
                    startTime: "2023-05-04T20:00:01.1234567+08:00", recorder: "BililiveRecorder 2.6.0"))
    }

    @Test("a BililiveRecorder comment has the sender's name, and its id from field 6")
    func bililiveRecorderComment() throws {
        let (records, _) = try DanmakuFixture.readAll(DanmakuFixture.url("bililiverecorder-recording.xml"))
        let comment = try #require(DanmakuFixture.danmaku(records).first)
        #expect(comment.text == "晚上好")
        #expect(comment.userName == "观众A")
        #expect(comment.userID == 12_345_678)
        #expect(comment.time == 1.234)
        #expect(comment.sentAt == Date(timeIntervalSince1970: 1_683_201_602.234))
        #expect(DanmakuFixture.danmaku(records).last?.text == "顶部 🎉")
    }

    @Test("a BililiveRecorder gift, super chat and membership carry their attributes, prices in yuan")
    func bililiveRecorderEvents() throws {
        let (records, _) = try DanmakuFixture.readAll(DanmakuFixture.url("bililiverecorder-recording.xml"))
        #expect(
            records[1]
                == .gift(
                    GiftRecord(
                        time: 2.5, userName: "观众B", userID: 23_456_789, giftName: "辣条", count: 10,
                        position: DanmakuSourcePosition(line: 25, column: 3))))
        #expect(
            records[2]
                == .superChat(
                    SuperChatRecord(
                        time: 3.75, userName: "观众C", userID: 34_567_890, priceInYuan: 30,
                        pinnedSeconds: 60, message: "主播加油 & 早点休息",
                        position: DanmakuSourcePosition(line: 26, column: 3))))
        #expect(
            records[3]
                == .membership(
                    MembershipRecord(
                        time: 4, userName: "观众D", userID: 45_678_901, level: .captain,
                        count: 1, position: DanmakuSourcePosition(line: 27, column: 3))))
        if case .membership(let governor) = records[4] {
            #expect(governor.level == .governor && governor.count == 2)
        } else {
            Issue.record("expected a membership, got \(records[4])")
        }
    }

    @Test("a blrec recording is detected as blrec and its gold-coin prices are converted to yuan")
    func blrecPrices() throws {
        let (records, summary) = try DanmakuFixture.readAll(DanmakuFixture.url("blrec-recording.xml"))
        #expect(summary.format == .blrec)
        #expect(records.map(\.kind) == [.danmaku, .membership, .gift, .gift, .superChat])
        guard case .membership(let captain) = records[1], case .gift(let hearts) = records[2],
            case .gift(let storm) = records[3], case .superChat(let superChat) = records[4]
        else {
            Issue.record("unexpected records \(records)")
            return
        }
        #expect(captain.priceInYuan == 198 && captain.level == .captain)
        #expect(hearts.isPaid == false && hearts.unitPriceInYuan == 0 && hearts.count == 5)
        #expect(storm.isPaid == true && storm.unitPriceInYuan == 100)
        #expect(superChat.priceInYuan == 50 && superChat.pinnedSeconds == 120 && superChat.message == "SC from blrec")
    }

    @Test("a blrec comment takes its user id from the uid attribute and keeps field 6 as the hash")
    func blrecComment() throws {
        let (records, _) = try DanmakuFixture.readAll(DanmakuFixture.url("blrec-recording.xml"))
        let comment = try #require(DanmakuFixture.danmaku(records).first)
        #expect(comment.userID == 1001 && comment.userName == "alice")
        #expect(comment.senderHash == "8b7f3a2c")
        #expect(comment.rowID == 41_234_567_890_123_456)
    }

    @Test("blrec's metadata block gives the recording info")
    func blrecInfo() throws {
        let reader = try DanmakuFileReader(contentsOf: DanmakuFixture.url("blrec-recording.xml"))
        while reader.next() != nil {}
        #expect(
            reader.recordingInfo
                == DanmakuRecordingInfo(
                    roomID: 23058, streamerName: "测试主播", title: "blrec & friends",
                    startTime: "2023-05-04T20:00:05+08:00", recorder: "blrec v2.0.0 https://github.com/acgnhiki/blrec"))
    }

    @Test("blrec's toast elements are ignored without an issue, since a guard element follows each")
    func toastIgnored() throws {
        let (records, summary) = try DanmakuFixture.readAll(DanmakuFixture.url("blrec-recording.xml"))
        #expect(records.filter { $0.kind == .membership }.count == 1)
        #expect(summary.totalSkipped == 0)
    }
}
