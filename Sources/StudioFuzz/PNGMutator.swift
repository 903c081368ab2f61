import StudioKit

/// PNG files as chunks, so mutations can lie about a header, a length or a checksum on
/// purpose (or keep the checksum right, so the damage gets past it to the decoder).
enum PNGMutator {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    struct Chunk {
        var type: [UInt8]
        var data: [UInt8]
        /// A length to write instead of the data's (a lie), nil for the true one.
        var statedLength: UInt32?
        /// Keep the checksum right when false (the default); a damaged one when true.
        var badCRC = false
    }

    /// The chunks after the signature, or nil when the bytes are not a well-formed PNG.
    static func chunks(_ bytes: [UInt8]) -> [Chunk]? {
        guard bytes.starts(with: signature) else { return nil }
        var out: [Chunk] = []
        var i = signature.count
        while i + 12 <= bytes.count {
            let length = Int(be32(bytes, i))
            guard length <= bytes.count - i - 12 else { return nil }
            out.append(Chunk(type: Array(bytes[i + 4..<i + 8]), data: Array(bytes[i + 8..<i + 8 + length])))
            i += 12 + length
        }
        return i == bytes.count ? out : nil
    }

    static func write(_ chunks: [Chunk]) -> [UInt8] {
        var out = signature
        for c in chunks {
            out += bytes32(c.statedLength ?? UInt32(c.data.count))
            out += c.type + c.data
            let crc = CRC32.checksum(c.type + c.data)
            out += bytes32(c.badCRC ? crc ^ 0x1 : crc)
        }
        return out
    }

    static func mutate(_ png: [UInt8], _ rng: inout SeededRandom) -> [UInt8] {
        guard var chunks = chunks(png), !chunks.isEmpty, rng.chance(0.85) else { return Mutator.mutate(bytes: png, &rng) }
        for _ in 0..<(1 + rng.index(below: 2)) {
            let i = rng.index(below: chunks.count)
            switch rng.index(below: 11) {
            case 0, 1:
                // The header's size: the pixel budget's edges and sizes no decoder should try.
                if let h = chunks.firstIndex(where: { $0.type == Array("IHDR".utf8) }), chunks[h].data.count == 13 {
                    let side: [UInt32] = [0, 1, 2, 4095, 4096, 4097, 8192, 65535, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF]
                    let at = rng.chance(0.5) ? 0 : 4
                    chunks[h].data.replaceSubrange(at..<at + 4, with: bytes32(rng.pick(side)))
                }
            case 2:
                // Bit depth, color type, compression, filter, interlace: valid and invalid.
                if let h = chunks.firstIndex(where: { $0.type == Array("IHDR".utf8) }), chunks[h].data.count == 13 {
                    chunks[h].data[8 + rng.index(below: 5)] = rng.pick([0, 1, 2, 3, 4, 5, 6, 7, 8, 16, 255])
                }
            case 3: chunks[i].statedLength = rng.pick([0, 1, UInt32(chunks[i].data.count) + 1, 0x7FFF_FFFF, 0xFFFF_FFFF])
            case 4: chunks[i].badCRC = true
            case 5: chunks.remove(at: i)
            case 6: chunks.insert(chunks[i], at: rng.index(below: chunks.count + 1))
            case 7: chunks.swapAt(i, rng.index(below: chunks.count))
            case 8:
                let type = rng.pick(["ABCD", "abcd", "tEXt", "PLTE", "tRNS", "IDAT", "IEND", "IHDR", "gAMA", "iCCP"])
                let data = rng.chance(0.5) ? [] : (0..<rng.pick([1, 13, 256, 70_000])).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
                chunks.insert(Chunk(type: Array(type.utf8), data: data), at: rng.index(below: chunks.count + 1))
            case 9:
                // Damage inside a chunk with a right checksum: the decoder must see it.
                if !chunks[i].data.isEmpty { chunks[i].data = Mutator.mutate(bytes: chunks[i].data, &rng) }
            default:
                chunks[i].data = rng.chance(0.5) ? Array(chunks[i].data.prefix(rng.index(below: chunks[i].data.count + 1))) : []
            }
        }
        let out = write(chunks)
        if rng.chance(0.1) { return Array(out.prefix(rng.index(below: out.count + 1))) }
        return rng.chance(0.1) ? Mutator.mutate(bytes: out, &rng) : out
    }

    // MARK: Small seeds

    /// A valid PNG of `width` x `height` with the given color type and bit depth; the
    /// pixels are a gradient, stored uncompressed (deflate's stored blocks), which keeps the
    /// encoder a few lines long and the seeds quick to decode.
    static func make(width: Int, height: Int, colorType: UInt8, bitDepth: UInt8, palette: [UInt8] = []) -> [UInt8] {
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colorType)] ?? 1
        let rowBytes = (width * channels * Int(bitDepth) + 7) / 8
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(0)  // filter: none
            for x in 0..<rowBytes { raw.append(UInt8(truncatingIfNeeded: x * 37 + y * 91)) }
        }
        var ihdr = bytes32(UInt32(width)) + bytes32(UInt32(height))
        ihdr += [bitDepth, colorType, 0, 0, 0]
        var chunks = [Chunk(type: Array("IHDR".utf8), data: ihdr)]
        if !palette.isEmpty { chunks.append(Chunk(type: Array("PLTE".utf8), data: palette)) }
        chunks.append(Chunk(type: Array("IDAT".utf8), data: zlibStored(raw)))
        chunks.append(Chunk(type: Array("IEND".utf8), data: []))
        return write(chunks)
    }

    static var seeds: [[UInt8]] {
        [
            make(width: 1, height: 1, colorType: 6, bitDepth: 8),
            make(width: 3, height: 2, colorType: 2, bitDepth: 8),
            make(width: 4, height: 4, colorType: 0, bitDepth: 8),
            make(width: 5, height: 3, colorType: 4, bitDepth: 8),
            make(width: 2, height: 2, colorType: 6, bitDepth: 16),
            make(width: 7, height: 1, colorType: 0, bitDepth: 1),
            make(width: 2, height: 2, colorType: 3, bitDepth: 8, palette: [255, 0, 0, 0, 255, 0, 0, 0, 255]),
            make(width: 64, height: 48, colorType: 6, bitDepth: 8),
        ]
    }

    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var i = 0
        repeat {
            let n = min(65535, data.count - i)
            let last: UInt8 = i + n == data.count ? 1 : 0
            out += [last, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            out += data[i..<i + n]
            i += n
        } while i < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return out + bytes32(b << 16 | a)
    }

    static func be32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }

    static func bytes32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
}
