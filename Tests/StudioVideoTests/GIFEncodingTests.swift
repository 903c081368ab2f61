import Foundation
import Testing

@testable import StudioVideo

/// A GIF from `GIFPaletteSurvey` and `VideoEncoder`: one palette chosen from every frame,
/// written once in the file's header, and frames after the first that hold only the
/// rectangle that changed.
@Suite struct GIFEncodingTests {
    /// What a GIF's blocks say about each image: its rectangle and whether it carries a
    /// colour table of its own (GIF89a: a header, the screen descriptor with an optional
    /// global table, then extensions and images up to the trailer).
    struct GIFImages {
        var globalTable = false
        var images: [(width: Int, height: Int, localTable: Bool)] = []

        init(_ data: Data) throws {
            let b = [UInt8](data)
            var i = 13
            guard b.count > i, b.starts(with: Array("GIF89a".utf8)) else { throw Failure("not a GIF89a") }
            func table(_ packed: UInt8) -> Int { packed & 0x80 != 0 ? 3 << (Int(packed & 7) + 1) : 0 }
            func skipSubBlocks() {
                while i < b.count, b[i] != 0 { i += Int(b[i]) + 1 }
                i += 1
            }
            globalTable = b[10] & 0x80 != 0
            i += table(b[10])
            while i < b.count {
                switch b[i] {
                case 0x21:
                    i += 2
                    skipSubBlocks()
                case 0x2C:
                    guard i + 10 <= b.count else { throw Failure("an image descriptor cut off at \(i)") }
                    let w = Int(b[i + 5]) | Int(b[i + 6]) << 8, h = Int(b[i + 7]) | Int(b[i + 8]) << 8
                    images.append((w, h, b[i + 9] & 0x80 != 0))
                    i += 10 + table(b[i + 9]) + 1
                    skipSubBlocks()
                case 0x3B: return
                default: throw Failure("unknown block \(b[i]) at \(i)")
                }
            }
            throw Failure("no trailer")
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ d: String) { description = d }
    }

    /// A 64x64 frame: a dark background with a 16x16 light square at (`x`, 8), and a
    /// colour strip across the bottom that never moves.
    func frame(squareAt x: Int) -> [UInt32] {
        var p = [UInt32](repeating: 0xFF20_1830, count: 64 * 64)
        for y in 48..<64 { for c in 0..<64 { p[y * 64 + c] = 0xFF00_0000 | UInt32(c * 4) << 16 | 0x40 << 8 | UInt32(255 - c * 4) } }
        for y in 8..<24 { for c in x..<x + 16 { p[y * 64 + c] = 0xFFF0_E0D0 } }
        return p
    }

    @Test("the survey's palette holds the run's colours, few when the run has few")
    func palette() throws {
        let survey = try GIFPaletteSurvey(path: "/tmp/palette.gif", width: 8, height: 8)
        for color: UInt32 in [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF] {
            let pixels = [UInt32](repeating: color, count: 64)
            try pixels.withUnsafeBufferPointer { try survey.add($0.baseAddress!) }
        }
        let palette = try survey.finish()
        #expect(palette.bgra.count == 1024)
        // Three colours, with the padding (and the transparent entry) palettegen adds.
        #expect((3...5).contains(palette.distinctColors), "\(palette.distinctColors)")
        let colors = Set(stride(from: 0, to: 1024, by: 4).map { Array(palette.bgra[$0..<$0 + 3]) })
        for bgr: [UInt8] in [[0, 0, 255], [0, 255, 0], [255, 0, 0]] { #expect(colors.contains(bgr), "\(bgr)") }
    }

    @Test("a survey with no frame is an error that names the file")
    func emptySurvey() throws {
        let survey = try GIFPaletteSurvey(path: "/tmp/none.gif", width: 8, height: 8)
        #expect(throws: VideoError.self) { try survey.finish() }
        do { _ = try survey.finish() } catch { #expect("\(error)".contains("/tmp/none.gif"), "\(error)") }
    }

    @Test("one palette in the header, and each later frame only the rectangle that changed")
    func changesOnly() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gif-\(UUID().uuidString).gif").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let frames = (0..<6).map { frame(squareAt: 4 + $0 * 4) }
        let survey = try GIFPaletteSurvey(path: path, width: 64, height: 64)
        for f in frames { try f.withUnsafeBufferPointer { try survey.add($0.baseAddress!) } }
        let encoder = try VideoEncoder(path: path, format: .gif, width: 64, height: 64, fps: 20, palette: try survey.finish())
        for f in frames { try f.withUnsafeBufferPointer { try encoder.append($0.baseAddress!) } }
        try encoder.finish()
        let gif = try GIFImages(Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(gif.globalTable)
        #expect(gif.images.count == 6)
        // FFmpeg repeats the palette beside the first image; no later image has its own.
        #expect(
            gif.images.dropFirst().allSatisfy { !$0.localTable },
            "\(gif.images.map { "\($0.width)x\($0.height)\($0.localTable ? " local" : "")" })")
        #expect(gif.images.first.map { $0.width == 64 && $0.height == 64 } == true, "\(gif.images)")
        // The square moves 4 pixels a frame inside rows 8..<24: a later image covers those
        // rows and the square's old and new columns, never the still strip below.
        for image in gif.images.dropFirst() {
            #expect(image.height <= 16 && image.width <= 20, "\(gif.images)")
        }
    }

    @Test("a GIF without a palette is refused, and leaves no file")
    func needsPalette() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gif-\(UUID().uuidString).gif").path
        #expect(throws: VideoError.self) { try VideoEncoder(path: path, format: .gif, width: 64, height: 64, fps: 20) }
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
