import Foundation
import Testing

@testable import StudioKit

@Suite struct PNGHeaderTests {
    func error(reading path: String) -> ImageFileError? {
        #expect(throws: ImageFileError.self) { try PNGHeader.read(path: path) }
    }

    @Test("a bundled cover's header gives its size")
    func realCover() throws {
        #expect(try PNGHeader.read(path: BadPNGFiles.realCover.path) == PNGHeader(width: 720, height: 1280))
    }

    @Test("a missing file is refused naming the file, the reason and the fix")
    func missing() throws {
        let files = try BadPNGFiles()
        let e = try #require(error(reading: files.path("nope")))
        #expect(e.reason == .missing)
        #expect(e.description == "image \(files.path("nope")) does not exist; put a PNG of at most 4096x4096 there")
    }

    @Test("an empty file is refused as empty")
    func empty() throws {
        let files = try BadPNGFiles()
        let path = try files.write("empty", [])
        let e = try #require(error(reading: path))
        #expect(e.description == "image \(path) is empty (0 bytes); re-export it as a PNG of at most 4096x4096")
    }

    @Test("the first 20 bytes of a real PNG are refused as truncated, with their count")
    func truncated() throws {
        let files = try BadPNGFiles()
        let real = try [UInt8](Data(contentsOf: BadPNGFiles.realCover))
        let path = try files.write("cut", Array(real.prefix(20)))
        let e = try #require(error(reading: path))
        #expect(e.reason == .truncated(bytes: 20))
        #expect(e.description.contains("\(path) is truncated: 20 bytes, fewer than a PNG header's 33"))
    }

    @Test("a PNG cut right after its IHDR chunk passes the header check: only decoding finds it short")
    func cutAfterHeader() throws {
        let files = try BadPNGFiles()
        let real = try [UInt8](Data(contentsOf: BadPNGFiles.realCover))
        let path = try files.write("cut", Array(real.prefix(PNGHeader.byteCount)))
        #expect(try PNGHeader.read(path: path) == PNGHeader(width: 720, height: 1280))
    }

    @Test("a text file is refused as not a PNG, saying it looks like text")
    func text() throws {
        let files = try BadPNGFiles()
        let path = try files.write("notes", Array("these are my notes, not a picture\n".utf8))
        let e = try #require(error(reading: path))
        #expect(e.description == "image \(path) is not a PNG (it looks like text); re-export it as a PNG of at most 4096x4096")
    }

    @Test("a JPEG saved with a .png name is refused as a JPEG")
    func jpeg() throws {
        let files = try BadPNGFiles()
        let path = try files.write("photo", [0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10] + Array("JFIF".utf8) + [UInt8](repeating: 0, count: 40))
        #expect(try #require(error(reading: path)).reason == .notPNG(looksLike: "a JPEG"))
    }

    @Test("a 68-byte PNG claiming 65535x65535 is refused over the pixel budget from its header alone")
    func giant() throws {
        let files = try BadPNGFiles()
        #expect(BadPNGFiles.giant.count == 68)
        let path = try files.write("giant", BadPNGFiles.giant)
        let e = try #require(error(reading: path))
        #expect(e.reason == .overBudget(width: 65535, height: 65535))
        #expect(
            e.description == "image \(path) declares 65535x65535 pixels, over the limit of 4096 on a side; "
                + "re-export it as a PNG of at most 4096x4096")
    }

    @Test("a 0x0 header is refused as having no pixels")
    func zero() throws {
        let files = try BadPNGFiles()
        let path = try files.write("zero", BadPNGFiles.header(width: 0, height: 0, padding: 20))
        let e = try #require(error(reading: path))
        #expect(e.description.contains("\(path) declares 0x0 pixels: an image needs at least 1x1"))
    }

    @Test("a header at the budget's edge passes and one pixel over fails")
    func budgetEdge() throws {
        let files = try BadPNGFiles()
        let edge = try files.write("edge", BadPNGFiles.header(width: 4096, height: 4096))
        #expect(try PNGHeader.read(path: edge) == PNGHeader(width: 4096, height: 4096))
        let over = try files.write("over", BadPNGFiles.header(width: 16, height: 4097))
        #expect(try #require(error(reading: over)).reason == .overBudget(width: 16, height: 4097))
    }

    @Test("a header whose checksum does not match is refused as damaged")
    func badChecksum() throws {
        let files = try BadPNGFiles()
        let path = try files.write("crc", BadPNGFiles.header(width: 10, height: 10, crc: 0xDEAD_BEEF))
        #expect(
            try #require(error(reading: path)).description.contains("has a damaged PNG header: the IHDR chunk's checksum does not match"))
    }

    @Test("a bad cover next to make-covers.sh says to regenerate the covers with it")
    func coverFix() throws {
        let files = try BadPNGFiles()
        try Data("#!/bin/sh\n".utf8).write(to: files.images.appendingPathComponent("make-covers.sh"))
        let path = try files.write("cover-3", [])
        let script = files.images.appendingPathComponent("make-covers.sh").path
        #expect(try #require(error(reading: path)).description == "image \(path) is empty (0 bytes); regenerate the covers with \(script)")
    }

    @Test("the header's checksum is zlib's CRC-32")
    func crcCheckValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(BadPNGFiles.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
    }

    @Test("a room's image check names each unusable image a display list draws, once, in draw order")
    func roomCheck() throws {
        let files = try BadPNGFiles()
        try Data(contentsOf: BadPNGFiles.realCover).write(to: files.images.appendingPathComponent("good.png"))
        try files.write("empty", [])
        var list = DisplayList()
        for name in ["empty", "good", "missing", "empty"] {
            list.append(DrawItem(.image(ImageRef(name), rect: Rect(x: 0, y: 0, width: 1, height: 1), tint: .white)))
        }
        let refs = ImageCheck.refs(in: list)
        #expect(refs.map(\.name) == ["empty", "good", "missing"])
        let problems = ImageCheck.problems([ImageRef("missing")] + refs, assets: files.assets.path)
        #expect(problems.map(\.path) == [files.path("missing"), files.path("empty")])
        #expect(problems.map(\.reason) == [.missing, .empty])
    }
}
