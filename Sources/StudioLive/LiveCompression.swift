import CLiveCompression

/// The two compressions of batched bodies, through Debian's zlib and brotli libraries: a
/// body of version 2 is a zlib stream, one of version 3 a brotli stream, each of a run of
/// packets.
package enum LiveCompression {
    /// The most a body may decompress to: more is refused as a broken (or hostile) stream,
    /// so that a small packet cannot make the reader allocate without bound.
    package static let maximumOutput = 64 << 20

    /// The packets inside `packet`'s body when it is compressed (version 2 or 3), else the
    /// packet itself.
    package static func unpack(_ packet: LivePacket) throws(LiveProtocolError) -> [LivePacket] {
        switch packet.version {
        case .zlib: try LivePacket.split(inflate(packet.body))
        case .brotli: try LivePacket.split(brotliDecompress(packet.body))
        default: [packet]
        }
    }

    /// `packets` as one message packet whose body is their bytes compressed as `version`
    /// (`.zlib` or `.brotli`), as the platform's servers batch messages.
    package static func batch(_ packets: [LivePacket], as version: LiveBodyVersion) -> LivePacket {
        let plain = packets.flatMap(\.bytes)
        let body = version == .zlib ? deflate(plain) : brotliCompress(plain)
        return LivePacket(version: version, operation: .message, sequence: 0, body: body)
    }

    /// `bytes` inflated from a zlib stream.
    package static func inflate(_ bytes: [UInt8]) throws(LiveProtocolError) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .compression("zlib could not start inflating")
        }
        defer { inflateEnd(&stream) }
        var input = bytes
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var status = Z_OK
        input.withUnsafeMutableBufferPointer { inBuffer in
            stream.next_in = inBuffer.baseAddress
            stream.avail_in = UInt32(inBuffer.count)
            repeat {
                chunk.withUnsafeMutableBufferPointer { outBuffer in
                    stream.next_out = outBuffer.baseAddress
                    stream.avail_out = UInt32(outBuffer.count)
                    status = CLiveCompression.inflate(&stream, Z_NO_FLUSH)
                    out += outBuffer[0..<(outBuffer.count - Int(stream.avail_out))]
                }
            } while status == Z_OK && out.count <= maximumOutput && (stream.avail_in > 0 || stream.avail_out == 0)
        }
        guard out.count <= maximumOutput else { throw .compression("a zlib body inflates to more than \(maximumOutput) bytes") }
        guard status == Z_STREAM_END else {
            throw .compression("a zlib body does not inflate (zlib status \(status)\(stream.avail_in == 0 ? ", cut short" : ""))")
        }
        return out
    }

    /// `bytes` as a zlib stream.
    package static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var size = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = compress2(&out, &size, bytes, uLong(bytes.count), Z_DEFAULT_COMPRESSION)
        precondition(status == Z_OK, "zlib's compress2 failed with room for its bound: status \(status)")
        return Array(out[0..<Int(size)])
    }

    /// `bytes` decompressed from a brotli stream.
    package static func brotliDecompress(_ bytes: [UInt8]) throws(LiveProtocolError) -> [UInt8] {
        guard let decoder = BrotliDecoderCreateInstance(nil, nil, nil) else {
            throw .compression("brotli could not start decompressing")
        }
        defer { BrotliDecoderDestroyInstance(decoder) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var result = BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT
        bytes.withUnsafeBufferPointer { inBuffer in
            var available = inBuffer.count
            var next = inBuffer.baseAddress
            while result == BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT, out.count <= maximumOutput {
                chunk.withUnsafeMutableBufferPointer { outBuffer in
                    var room = outBuffer.count
                    var write = outBuffer.baseAddress
                    result = BrotliDecoderDecompressStream(decoder, &available, &next, &room, &write, nil)
                    out += outBuffer[0..<(outBuffer.count - room)]
                }
            }
        }
        guard out.count <= maximumOutput else { throw .compression("a brotli body decompresses to more than \(maximumOutput) bytes") }
        switch result {
        case BROTLI_DECODER_RESULT_SUCCESS: return out
        case BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT: throw .compression("a brotli body is cut short")
        default:
            throw .compression(
                "a brotli body does not decompress (\(String(cString: BrotliDecoderErrorString(BrotliDecoderGetErrorCode(decoder)))))")
        }
    }

    /// `bytes` as a brotli stream, at a middling quality (as a server that compresses every
    /// batch would choose).
    package static func brotliCompress(_ bytes: [UInt8]) -> [UInt8] {
        var size = BrotliEncoderMaxCompressedSize(bytes.count)
        if size == 0 { size = bytes.count + 1024 }
        var out = [UInt8](repeating: 0, count: size)
        let ok = BrotliEncoderCompress(5, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_GENERIC, bytes.count, bytes, &size, &out)
        precondition(ok == BROTLI_TRUE, "brotli's compress failed with room for its bound")
        return Array(out[0..<size])
    }
}
