import Testing

@testable import StudioLive

@Suite("Live protocol packets")
struct LivePacketTests {
    @Test("a packet's header is 16 big-endian bytes: length, header length, version, operation, sequence")
    func header() {
        let packet = LivePacket(operation: .authenticate, json: #"{"roomid":7}"#, version: .client)
        let bytes = packet.bytes
        #expect(bytes.count == 16 + 12)
        #expect(Array(bytes[0..<16]) == [0, 0, 0, 28, 0, 16, 0, 1, 0, 0, 0, 7, 0, 0, 0, 1])
        #expect(String(decoding: bytes[16...], as: UTF8.self) == #"{"roomid":7}"#)
    }

    @Test("several packets in one message split back into each, in order")
    func split() throws {
        let a = LivePacket(operation: .message, json: #"{"cmd":"LIVE"}"#)
        let b = LivePacket(version: .client, operation: .heartbeatReply, sequence: 9, body: [0, 0, 3, 232])
        #expect(try LivePacket.split(a.bytes + b.bytes) == [a, b])
        #expect(try LivePacket.split([UInt8]()) == [])
    }

    @Test("a cut-short or self-contradicting packet is refused naming its offset; nothing past it is read")
    func malformed() {
        let good = LivePacket(operation: .message, json: "{}").bytes
        #expect(throws: LiveProtocolError.truncated(offset: 18, "10 bytes are left, fewer than a 16-byte header")) {
            try LivePacket.split(good + Array(good[0..<10]))
        }
        var long = good
        long[3] = 200
        #expect(throws: LiveProtocolError.truncated(offset: 0, "packet length 200, but only 18 bytes are left")) {
            try LivePacket.split(long)
        }
        var shortHeader = good
        shortHeader[5] = 4
        #expect(throws: LiveProtocolError.malformed(offset: 0, "header length 4 with packet length 18; the header is 16 bytes")) {
            try LivePacket.split(shortHeader)
        }
        var huge = good
        huge[0] = 0x7F
        if case .malformed(0, let why)? = catching({ () throws(LiveProtocolError) in try LivePacket.split(huge) }) {
            #expect(why.contains("over the 16777216-byte limit"))
        } else {
            Issue.record("a packet length over the limit was not refused as malformed")
        }
    }

    @Test("zlib and brotli batches unpack to the packets that went in; other versions are the packet itself")
    func batches() throws {
        let packets = (0..<50).map { LivePacket(operation: .message, json: #"{"cmd":"DANMU_MSG","n":\#($0),"text":"弹幕 \#($0)"}"#) }
        for version in [LiveBodyVersion.zlib, .brotli] {
            let batch = LiveCompression.batch(packets, as: version)
            #expect(batch.version == version && batch.operation == .message)
            #expect(batch.body.count < packets.flatMap(\.bytes).count / 2, "\(version) compressed nothing")
            #expect(try LiveCompression.unpack(try LivePacket.split(batch.bytes)[0]) == packets)
        }
        #expect(try LiveCompression.unpack(packets[0]) == [packets[0]])
    }

    @Test("a compressed body that is cut short, or not compressed at all, is refused with the reason")
    func badBodies() {
        let packets = [LivePacket(operation: .message, json: #"{"cmd":"LIVE"}"#)]
        for version in [LiveBodyVersion.zlib, .brotli] {
            var cut = LiveCompression.batch(packets, as: version)
            cut.body.removeLast(3)
            #expect(throws: LiveProtocolError.self) { try LiveCompression.unpack(cut) }
            let garbage = LivePacket(version: version, operation: .message, body: Array("not compressed".utf8))
            #expect(throws: LiveProtocolError.self) { try LiveCompression.unpack(garbage) }
        }
    }

    @Test("a small body that decompresses past the limit is refused, not inflated without bound")
    func bomb() {
        let zeros = [UInt8](repeating: 0, count: LiveCompression.maximumOutput + 1)
        for (version, body) in [(LiveBodyVersion.zlib, LiveCompression.deflate(zeros)), (.brotli, LiveCompression.brotliCompress(zeros))] {
            #expect(body.count < 1 << 20)
            let packet = LivePacket(version: version, operation: .message, body: body)
            #expect(
                throws: LiveProtocolError.compression(
                    "a \(version) body \(version == .zlib ? "inflates" : "decompresses") to more than \(LiveCompression.maximumOutput) bytes"
                )
            ) {
                try LiveCompression.unpack(packet)
            }
        }
    }
}

private func catching(_ body: () throws(LiveProtocolError) -> [LivePacket]) -> LiveProtocolError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}
