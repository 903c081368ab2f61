import Foundation
import StudioKit
import Testing

@testable import StudioAppCore
@testable import StudioDomain
@testable import StudioFeed
@testable import StudioSDL
@testable import StudioWidgets
@testable import Studios

extension SDLTests {
    /// A picture drawn with positioned (mode 7) danmaku, as their authors build one: blocks of
    /// "█" on lines broken with Bilibili's `/n`, placed by pixel on the 682x438 player they were
    /// written for, or by fraction of it. The frame LiveStudio renders is checked against a
    /// reference worked out by hand from the coordinates: the stage fitted whole into the band
    /// (scale min(720/682, band height/438), centred), text at 25 points times that scale, one
    /// text size from a line to the next. Each cell of each block is the block's color, and
    /// the places just past a block are not.
    @Suite struct PositionedArtTests {
        /// Two 2x2 blocks by pixel, a 1x3 column by fraction; red, green, blue.
        static let art = """
            <?xml version="1.0" encoding="UTF-8"?><i><chatserver>chat.bilibili.com</chatserver><chatid>1</chatid>
            <d p="0.5,7,25,16711680,1300000000,0,deadbeef,1">[100,50,"1-1",4,"██/n██",0,0]</d>
            <d p="0.5,7,25,65280,1300000000,0,deadbeef,2">[300,200,"1-1",4,"██/n██",0,0]</d>
            <d p="0.5,7,25,255,1300000000,0,deadbeef,3">[0.8,0.1,"1-1",4,"█/n█/n█",0,0]</d>
            </i>
            """

        struct Block {
            var stage: (x: Double, y: Double)
            var columns: Int
            var lines: Int
            var isInk: (UInt8, UInt8, UInt8) -> Bool
        }

        @Test("a mode-7 picture of blocks on /n lines lands where its coordinates put it")
        func artMatchesTheHandMadeReference() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("art-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("art.xml")
            try Self.art.write(to: file, atomically: true, encoding: .utf8)

            let assets = BandDeterminismTests.assets
            let backend = try OffscreenBackend(assetsDirectory: assets)
            let clock = ManualClock()
            var options = StudioApp.Options(assets: URL(fileURLWithPath: assets))
            options.lockstep = true
            options.feedFile = try FeedFile.load(file)
            let driver = try StudioApp(options: options, backend: backend, clock: clock).driver
            defer { driver.shutdown() }
            try driver.run(frames: 75, paced: false) { clock.advance(by: driver.loop.step) }
            let band = try #require(driver.studio.root.subtree().first { $0 is DanmakuWidget } as? DanmakuWidget)
            #expect(band.onScreenItems.filter { $0.mode == .positioned }.count == 3)
            var origin = band.frame.origin
            var node = band.parent
            while let n = node {
                origin.x += n.frame.minX
                origin.y += n.frame.minY
                node = n.parent
            }

            let target = try OffscreenTarget(fonts: try FontLibrary(), assetsDirectory: assets)
            try target.render(driver.displayList)
            let rgba = target.rgbaBytes()
            func pixel(_ x: Double, _ y: Double) -> (UInt8, UInt8, UInt8) {
                let i = (Int(y) * 720 + Int(x)) * 4
                return (rgba[i], rgba[i + 1], rgba[i + 2])
            }

            // The reference, by hand: the stage fitted into the band, centred.
            let scale = min(band.frame.width / 682, band.frame.height / 438)
            let left = origin.x + (band.frame.width - 682 * scale) / 2
            let top = origin.y + (band.frame.height - 438 * scale) / 2
            let font = FontSpec.bold((25 * scale).rounded())
            let cell = backend.textMeasurer.measure("█", font: font).width
            let blocks = [
                Block(stage: (100, 50), columns: 2, lines: 2) { r, g, b in r > 200 && g < 90 && b < 90 },
                Block(stage: (300, 200), columns: 2, lines: 2) { r, g, b in g > 200 && r < 90 && b < 90 },
                Block(stage: (0.8 * 682, 0.1 * 438), columns: 1, lines: 3) { r, g, b in b > 200 && r < 90 && g < 90 },
            ]
            for (n, block) in blocks.enumerated() {
                let x0 = left + block.stage.x * scale, y0 = top + block.stage.y * scale
                for line in 0..<block.lines {
                    for column in 0..<block.columns {
                        let x = x0 + (Double(column) + 0.5) * cell, y = y0 + Double(line) * font.size + font.size * 0.5
                        let p = pixel(x, y)
                        #expect(block.isInk(p.0, p.1, p.2), "block \(n) cell \(column),\(line) at \(x),\(y): \(p)")
                    }
                }
                // Past the block: a cell to its right, and a line below its last.
                let right = pixel(x0 + (Double(block.columns) + 0.6) * cell, y0 + font.size * 0.5)
                let below = pixel(x0 + cell * 0.5, y0 + Double(block.lines) * font.size + font.size * 0.9)
                #expect(!block.isInk(right.0, right.1, right.2), "block \(n) reaches past its columns: \(right)")
                #expect(!block.isInk(below.0, below.1, below.2), "block \(n) reaches past its lines: \(below)")
            }
        }
    }
}
