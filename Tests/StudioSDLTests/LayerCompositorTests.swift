import Foundation
import StudioAppCore
import StudioKit
import Studios
import Testing

@testable import StudioSDL

extension SDLTests {
    /// The layer cache draws only the tiles that changed; the frame must still be exactly
    /// the frame drawn whole, whatever the room did since the last one.
    @Suite struct LayerCompositorTests {
        /// A target that caches its layers and one that draws every frame whole, same size.
        struct Pair {
            let cached: OffscreenTarget
            let whole: OffscreenTarget

            init(width: Int = 720, height: Int = 1280, background: Color = .black) throws {
                let fonts = try FontLibrary()
                cached = try OffscreenTarget(
                    width: width, height: height, fonts: fonts,
                    assetsDirectory: BandDeterminismTests.assets, background: background)
                whole = try OffscreenTarget(
                    width: width, height: height, fonts: fonts,
                    assetsDirectory: BandDeterminismTests.assets, background: background)
                whole.rasterizer.composites = false
            }

            /// Renders `list` into both and says whether their pixels are the same bytes.
            func renderAgrees(_ list: DisplayList) throws -> Bool {
                try cached.render(list)
                try whole.render(list)
                return memcmp(cached.frame.pixels, whole.frame.pixels, cached.width * cached.height * 4) == 0
            }
        }

        /// Taps, comments, gifts, lite mode in and out (the movable layer slides) and a swipe
        /// to the next room (both rooms move): every kind of change a frame can have.
        static let scenario = """
            {"t": 0.1, "comment": {"user": "Yuki", "text": "hello 你好 👋🏽"}}
            {"t": 0.3, "tap": {"x": 360, "y": 700}}
            {"t": 0.4, "gift": {"sender": "Mia", "gift": "rocket", "count": 1}}
            {"t": 0.6, "swipe": {"axis": "horizontal", "direction": 1}}
            {"t": 1.1, "swipe": {"axis": "horizontal", "direction": -1}}
            {"t": 1.5, "comment": {"user": "Leo", "text": "what song is this?"}}
            {"t": 1.7, "swipe": {"axis": "vertical", "direction": -1}}
            """

        static func driver(kind: RoomKind, scenario: String = scenario) throws -> (StudioDriver, ManualClock) {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("compositor-\(UUID().uuidString).jsonl")
            try scenario.write(to: url, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: url) }
            let backend = try OffscreenBackend(assetsDirectory: BandDeterminismTests.assets)
            let clock = ManualClock()
            var options = StudioApp.Options(assets: URL(fileURLWithPath: BandDeterminismTests.assets))
            options.seed = 11
            options.lockstep = true
            options.start = .room(options.catalog.rooms.first { $0.kind == kind }?.id ?? 1, kind: kind)
            options.scenario = try Scenario.load(path: url.path)
            return (try StudioApp(options: options, backend: backend, clock: clock).driver, clock)
        }

        @Test(
            "every frame of a running room, drawn through the layer cache, is byte-identical to drawing it whole",
            arguments: [("audience", 720, 1280), ("pk", 360, 640)])
        func runningRoomAgrees(kind: RoomKind, width: Int, height: Int) throws {
            let (driver, clock) = try Self.driver(kind: kind)
            defer { driver.shutdown() }
            let pair = try Pair(width: width, height: height)
            let tiles = TileGrid(width: width, height: height).count
            var partial = 0
            for frame in 0..<132 {
                try driver.run(frames: 1, paced: false) { clock.advance(by: driver.loop.step) }
                let agrees = try pair.renderAgrees(driver.displayList)
                #expect(agrees, "frame \(frame) of the \(kind) room differs")
                if !agrees { return }
                if pair.cached.stats.tilesChanged < tiles { partial += 1 }
            }
            // Most frames change only part of the screen (the video changes every other one).
            #expect(partial > 40, "only \(partial) of 132 frames were drawn in part")
        }

        @Test(
            "frames drawn behind, each compiled while the last one is still drawing, are the frames drawn whole"
        )
        func drawnBehindAgrees() throws {
            // A comment every 50 ms: the danmaku layer keeps making pictures.
            let comments = (1...40).map { i in
                #"{"t": \#(Double(i) * 0.05), "comment": {"user": "U\#(i)", "text": "弹幕 \#(i) passes by"}}"#
            }
            let (driver, clock) = try Self.driver(kind: "audience", scenario: comments.joined(separator: "\n"))
            defer { driver.shutdown() }
            let pair = try Pair(width: 360, height: 640)
            let behind = pair.cached.rasterizer, frame = pair.cached.frame
            // A budget of a few pictures: each prepass drops pictures the frame still drawing
            // shows, which that frame's compiler must keep alive until it is done.
            behind.spriteBudget = 24 << 10
            // The same budget drawing whole: a sprite that does not fit is drawn item by item.
            pair.whole.rasterizer.spriteBudget = behind.spriteBudget
            var drawing: DisplayList?
            var compared = 0, madeWhileDrawing = 0
            func compare(_ list: DisplayList, _ index: Int) throws -> Bool {
                #expect(behind.finishDrawing() === frame)
                madeWhileDrawing += behind.lastStats.spriteCacheMisses
                try pair.whole.render(list)
                let same = memcmp(frame.pixels, pair.whole.frame.pixels, frame.width * frame.height * 4) == 0
                #expect(same, "frame \(index), drawn behind, differs from the frame drawn whole")
                compared += 1
                return same
            }
            for index in 0..<120 {
                try driver.run(frames: 1, paced: false) { clock.advance(by: driver.loop.step) }
                let list = driver.displayList
                try behind.compile(list, for: frame)
                if let last = drawing, try !compare(last, index - 1) { return }
                behind.draw(into: frame, background: .black, behind: true)
                drawing = list
                // Every fourth frame is finished at once: finishing waits for the bands.
                if index % 4 == 3 {
                    guard try compare(list, index) else { return }
                    drawing = nil
                }
            }
            #expect(behind.finishDrawing() == nil, "a frame is finished once")
            #expect(compared == 120)
            #expect(madeWhileDrawing > 50, "the prepass made \(madeWhileDrawing) pictures while a frame was drawing")
        }

        @Test("bands are cut where they cost alike: every row once, in order, none costlier than its share and a row")
        func bandsSplitByCost() {
            #expect(CompositeJob.rowStarts([1, 1, 1, 1, 1, 1, 1, 1], bands: 4) == [0, 2, 4, 6, 8])
            #expect(CompositeJob.rowStarts([0, 0, 0, 8, 8, 0, 0, 0], bands: 2) == [0, 4, 8])
            #expect(CompositeJob.rowStarts([0, 0, 0], bands: 2) == [0, 1, 3], "nothing changed: equal rows")
            var rng = SeededRandom(seed: 5)
            for _ in 0..<200 {
                let rows = Int(rng.next() % 40) + 1, bands = Int(rng.next() % 16) + 1
                let costs = (0..<rows).map { _ in rng.next() % 3 == 0 ? Int(rng.next() % 500) : 0 }
                let starts = CompositeJob.rowStarts(costs, bands: bands)
                #expect(starts.count == bands + 1 && starts.first == 0 && starts.last == rows)
                #expect(zip(starts, starts.dropFirst()).allSatisfy { $0 <= $1 })
                let total = costs.reduce(0, +), most = costs.max() ?? 0
                for b in 0..<bands where total > 0 {
                    let cost = costs[starts[b]..<starts[b + 1]].reduce(0, +)
                    #expect(cost <= total / bands + 2 * most, "band \(b) of \(bands) costs \(cost) of \(total)")
                }
            }
        }

        @Test("a frame that did not change draws nothing and changes no tile")
        func stillFrameDrawsNothing() throws {
            let (driver, clock) = try Self.driver(kind: "audience", scenario: "")
            defer { driver.shutdown() }
            try driver.run(frames: 30, paced: false) { clock.advance(by: driver.loop.step) }
            let pair = try Pair()
            #expect(try pair.renderAgrees(driver.displayList))
            #expect(pair.cached.stats.tilesChanged == TileGrid(width: 720, height: 1280).count)
            #expect(try pair.renderAgrees(driver.displayList))
            #expect(pair.cached.stats.tilesDrawn == 0)
            #expect(pair.cached.stats.tilesChanged == 0)
            #expect(pair.cached.rasterizer.lastDamage.width == 0)
        }

        @Test("every drawing path, cut into tiles at several frame sizes, matches the whole draw; one change redraws its tiles only")
        func everyPathAgrees() throws {
            for (width, height) in [(720, 1280), (360, 640), (1000, 900), (97, 53)] {
                let pair = try Pair(width: width, height: height)
                var items = BandDeterminismTests.everyPath()
                #expect(try pair.renderAgrees(displayList(items)), "\(width)x\(height) differs")
                // Move one small item: only the tiles it left and entered are drawn again.
                items.append(DrawItem(.fill(.circle(center: Point(x: 40, y: 40), radius: 10), .red)))
                #expect(try pair.renderAgrees(displayList(items)), "\(width)x\(height) differs after a change")
                let all = TileGrid(width: width, height: height).count
                #expect(pair.cached.stats.tilesChanged < all || all <= 4, "\(width)x\(height): a small change redrew everything")
            }
        }

        /// Five layers, the lowest changing color every frame when `videoFrame` is given (as
        /// under a playing video); the upper ones hold a box each, the movable one's at `boxX`.
        static func stack(videoFrame: Int?, boxX: Double) -> DisplayList {
            var list = DisplayList()
            list.beginLayer(.background)
            let shade = UInt8(truncatingIfNeeded: 40 + (videoFrame ?? 0) * 7)
            list.append(DrawItem(.fill(.rect(Rect(x: 0, y: 0, width: 720, height: 1280)), Color(r: shade, g: 30, b: 60))))
            list.endLayer()
            list.beginLayer(.displayer)
            list.append(
                DrawItem(.fill(.roundedRect(Rect(x: 40, y: 60, width: 500, height: 300), radius: 30), Color(r: 0, g: 200, b: 0, a: 120))))
            list.endLayer()
            list.beginLayer(.movable)
            list.append(DrawItem(.fill(.rect(Rect(x: boxX, y: 100, width: 200, height: 150)), Color(r: 255, g: 255, b: 0, a: 160))))
            list.endLayer()
            list.beginLayer(.float)
            list.append(DrawItem(.text("float", font: .bold(40), color: .white, origin: Point(x: 120, y: 180), alignment: .left)))
            list.endLayer()
            return list
        }

        @Test(
            "tiles that change low in the stack every frame are drawn straight into the top surface, and stay right when the change stops")
        func collapsedTiles() throws {
            let pair = try Pair()
            // The video plays: the tiles change at the bottom every frame and collapse.
            for frame in 0..<4 { #expect(try pair.renderAgrees(Self.stack(videoFrame: frame, boxX: 100)), "frame \(frame)") }
            // The video stops and only the movable box moves: its level's surfaces in the tiles
            // that collapsed were stale, and are drawn again from a level that is right.
            for (i, x) in [130.0, 160, 190].enumerated() {
                #expect(try pair.renderAgrees(Self.stack(videoFrame: 3, boxX: x)), "box move \(i)")
            }
            let moved = pair.cached.rasterizer.lastStats.tilesChanged
            #expect(moved > 0)
            // Still: the tiles that collapsed last frame are drawn once more the usual way,
            // which leaves every surface right; then nothing is drawn.
            #expect(try pair.renderAgrees(Self.stack(videoFrame: 3, boxX: 190)))
            #expect(pair.cached.rasterizer.lastStats.tilesChanged <= moved)
            #expect(try pair.renderAgrees(Self.stack(videoFrame: 3, boxX: 190)))
            #expect(pair.cached.rasterizer.lastStats.tilesDrawn == 0)
            // The video again, then the box alone once more.
            for frame in 4..<7 { #expect(try pair.renderAgrees(Self.stack(videoFrame: frame, boxX: 190))) }
            #expect(try pair.renderAgrees(Self.stack(videoFrame: 6, boxX: 40)))
        }

        @Test("items outside any layer (overlays) and layers drawn in runs keep their order")
        func runsKeepOrder() throws {
            var list = DisplayList()
            list.beginLayer(.background)
            list.append(DrawItem(.fill(.rect(Rect(x: 0, y: 0, width: 720, height: 1280)), Color(hex: 0x102030))))
            list.endLayer()
            list.beginLayer(.movable)
            list.append(
                DrawItem(
                    .fill(
                        .roundedRect(Rect(x: 100, y: 100, width: 400, height: 200), radius: 40),
                        Color(r: 255, g: 0, b: 0, a: 128))))
            list.endLayer()
            // An overlay on top, drawn after the layers (the inspector, the HUD).
            list.append(DrawItem(.fill(.circle(center: Point(x: 300, y: 200), radius: 90), Color(r: 0, g: 0, b: 255, a: 100))))
            let pair = try Pair()
            #expect(try pair.renderAgrees(list))
            list.append(DrawItem(.text("overlay", font: .regular(30), color: .white, origin: Point(x: 300, y: 180), alignment: .center)))
            #expect(try pair.renderAgrees(list))
        }

        @Test("a transparent frame (one layer alone) agrees too")
        func transparentBackgroundAgrees() throws {
            let pair = try Pair(background: .clear)
            let list = displayList(BandDeterminismTests.everyPath().dropFirst().map { $0 })
            #expect(try pair.renderAgrees(list))
        }

        @Test("surfaces over the budget fall back to drawing whole frames, said once; a larger budget caches again")
        func budgetTooSmallFallsBack() throws {
            let pair = try Pair()
            var warnings: [String] = []
            pair.cached.rasterizer.warn = { warnings.append($0) }
            pair.cached.rasterizer.surfaceBudget = 1 << 20
            let list = try Self.demoList()
            for _ in 0..<3 { #expect(try pair.renderAgrees(list)) }
            #expect(pair.cached.stats.tilesDrawn == 0)
            #expect(pair.cached.rasterizer.surfaceBytes == 0)
            #expect(warnings.count == 1)
            #expect(warnings.first?.contains("surface budget of 1 MiB") == true, "\(warnings)")
            // It says how much the surfaces would need: 3.5 MiB each at 720x1280.
            let need = warnings.first.flatMap { $0.split(separator: " ").drop { $0 != "need" }.dropFirst().first }
            #expect(need.flatMap { Int($0) }.map { $0 >= 7 } == true, "\(warnings)")
            pair.cached.rasterizer.surfaceBudget = 128 << 20
            #expect(try pair.renderAgrees(list))
            #expect(pair.cached.stats.tilesDrawn > 0)
            #expect(try pair.renderAgrees(list))
            #expect(pair.cached.stats.tilesChanged == 0)
            #expect(pair.cached.rasterizer.surfaceBytes > 0)
        }

        // The check needs five surfaces of the frame within an eighth of the machine's memory
        // (1.3 GB of it); a smaller machine skips it, saying so.
        @Test(
            "a 2160x3840 frame whose surfaces need more than 128 MiB caches them: the default budget is the machine's",
            .enabled(if: LayerCompositor.defaultBudget >= 5 * 2160 * 3840 * 4, "this machine's memory is too small for the check"))
        func largeFrameCaches() throws {
            #expect(LayerCompositor.defaultBudget == Int(ProcessInfo.processInfo.physicalMemory) / 8)
            // Six runs of layers make five surfaces besides the frame: 158 MiB.
            let surfaceBytes = 2160 * 3840 * 4
            let pair = try Pair(width: 2160, height: 3840)
            var warnings: [String] = []
            pair.cached.rasterizer.warn = { warnings.append($0) }
            var list = DisplayList()
            for (i, layer) in [LayerKind.background, .displayer, .movable, .lite, .movable, .float].enumerated() {
                list.beginLayer(layer)
                list.append(
                    DrawItem(
                        .fill(.rect(Rect(x: 40 + 60 * Double(i), y: 80, width: 200, height: 120)), Color(r: 200, g: 90, b: 30, a: 140))))
                list.endLayer()
            }
            #expect(try pair.renderAgrees(list))
            #expect(try pair.renderAgrees(list))
            #expect(pair.cached.stats.tilesDrawn == 0, "the second frame is the cache's")
            #expect(pair.cached.rasterizer.surfaceBytes == 5 * surfaceBytes)
            #expect(warnings.isEmpty, "\(warnings)")
        }

        @Test("turning the cache off and on, or drawing into another frame, gives the same pixels")
        func switchingFramesAgrees() throws {
            let pair = try Pair()
            let list = try Self.demoList()
            #expect(try pair.renderAgrees(list))
            // Another frame of the same size: it has none of the first one's pixels.
            let other = PixelBuffer(width: 720, height: 1280)
            try pair.cached.rasterizer.render(list, into: other, background: .black)
            #expect(memcmp(other.pixels, pair.whole.frame.pixels, 720 * 1280 * 4) == 0)
            pair.cached.rasterizer.composites = false
            #expect(try pair.renderAgrees(list))
            pair.cached.rasterizer.composites = true
            #expect(try pair.renderAgrees(list))
        }

        @Test("the repaint view tints exactly the tiles drawn again, and a room left still loses its tint")
        func repaintView() throws {
            let pair = try Pair()
            var items = [DrawItem(.fill(.rect(Rect(x: 0, y: 0, width: 720, height: 1280)), Color(hex: 0x203040)))]
            _ = try pair.renderAgrees(displayList(items))
            pair.cached.rasterizer.showsRepaints = true
            // A small change in the tile at (1, 1): only it is tinted.
            items.append(DrawItem(.fill(.rect(Rect(x: 70, y: 40, width: 20, height: 10)), .white)))
            #expect(try !pair.renderAgrees(displayList(items)))
            #expect(pair.cached.stats.tilesChanged == 1)
            #expect(pair.cached.pixel(x: 100, y: 50) != pair.whole.pixel(x: 100, y: 50), "the changed tile is tinted")
            #expect(pair.cached.pixel(x: 200, y: 50) == pair.whole.pixel(x: 200, y: 50), "an unchanged tile is not")
            // Nothing changes: the tinted tile (the frame is the top surface) is drawn again
            // from below each frame while its tint fades, and no other tile is.
            #expect(try !pair.renderAgrees(displayList(items)))
            #expect(pair.cached.stats.tilesDrawn == 1)
            #expect(pair.cached.rasterizer.lastDamage == (64, 32, 64, 32))
            for _ in 0..<30 { _ = try pair.renderAgrees(displayList(items)) }
            // Faded: the room untinted, and then nothing drawn at all.
            #expect(try pair.renderAgrees(displayList(items)))
            #expect(try pair.renderAgrees(displayList(items)))
            #expect(pair.cached.stats.tilesDrawn == 0)
        }

        @Test("the repaint view colors a tile by how often it is drawn: every frame, red in every frame; once, blue for a while")
        func repaintHeat() throws {
            let pair = try Pair()
            let background = DrawItem(.fill(.rect(Rect(x: 0, y: 0, width: 720, height: 1280)), Color(hex: 0x203040)))
            func list(_ k: Int) -> DisplayList {
                // The tile at (1, 1) changes every frame; the one at (5, 1) on the first only.
                var items = [background, DrawItem(.fill(.rect(Rect(x: 70, y: 40, width: 20, height: 10)), Color(hex: UInt32(k))))]
                if k > 0 { items.append(DrawItem(.fill(.rect(Rect(x: 330, y: 40, width: 20, height: 10)), .white))) }
                return displayList(items)
            }
            _ = try pair.renderAgrees(list(0))
            pair.cached.rasterizer.showsRepaints = true
            func raw(_ target: OffscreenTarget, _ x: Int, _ y: Int) -> UInt32 { target.frame.pixels[y * 720 + x] }
            func tinted(_ pixel: UInt32, _ color: UInt32) -> UInt32 {
                var p = pixel
                PixelMath.blendSpan(&p, 1, color)
                return p
            }
            var busy: [UInt32] = []
            var once: [UInt32] = []
            var plainBusy: [UInt32] = []
            var plainOnce: [UInt32] = []
            for k in 1...60 {
                _ = try pair.renderAgrees(list(k))
                busy.append(raw(pair.cached, 100, 50))
                once.append(raw(pair.cached, 360, 50))
                plainBusy.append(raw(pair.whole, 100, 50))
                plainOnce.append(raw(pair.whole, 360, 50))
            }
            // Drawn every frame: red from the time its average passes four fifths (about 0.4 s), and in
            // every frame after, no flashing.
            let red = LayerCompositor.heatColors.last!
            #expect(zip(busy, plainBusy).suffix(30).allSatisfy { $0 == tinted($1, red) }, "\(Set(busy.suffix(30)))")
            // Drawn once: blue, for a third of a second though the tile is not drawn again,
            // then the room's own pixels.
            let blue = LayerCompositor.heatColors[0]
            #expect(zip(once, plainOnce).prefix(15).allSatisfy { $0 == tinted($1, blue) })
            #expect(Array(once.suffix(30)) == Array(plainOnce.suffix(30)))
        }

        @Test(
            "a tile redrawn for a change under the layers above it is written once, kept until it changes, and mended when only a layer above changes"
        )
        func collapsedTilesWaitUntilNeeded() throws {
            // Half the studio's size: a logical pixel is half a device pixel.
            let pair = try Pair(width: 360, height: 640)
            // A picture that changes (the displayer), a static panel over it (movable) and a
            // badge that moves now and then (float): the tiles under the panel hold three levels.
            func list(picture: Int, badgeX: Double) -> DisplayList {
                var list = DisplayList()
                list.beginLayer(.displayer)
                list.append(DrawItem(.fill(.rect(Rect(x: 0, y: 0, width: 720, height: 1280)), Color(hex: UInt32(0x102030 + picture)))))
                list.append(
                    DrawItem(.fill(.circle(center: Point(x: 80 + Double(picture), y: 120), radius: 60), Color.white.withAlpha(0.4))))
                list.endLayer()
                list.beginLayer(.movable)
                list.append(
                    DrawItem(.fill(.roundedRect(Rect(x: 20, y: 20, width: 400, height: 180), radius: 24), Color.black.withAlpha(0.5))))
                list.endLayer()
                list.beginLayer(.float)
                list.append(DrawItem(.fill(.rect(Rect(x: badgeX, y: 4, width: 60, height: 40)), Color(hex: 0xFF3355))))
                list.endLayer()
                return list
            }
            let tiles = TileGrid(width: 360, height: 640).count
            #expect(try pair.renderAgrees(list(picture: 0, badgeX: 140)))
            // The picture changes in every tile twice: each frame agrees and redraws every tile.
            for picture in 1...2 {
                #expect(try pair.renderAgrees(list(picture: picture, badgeX: 140)))
                #expect(pair.cached.stats.tilesChanged == tiles)
            }
            // Nothing changes: nothing is drawn, though the surfaces below the frame were
            // left behind in every tile.
            #expect(try pair.renderAgrees(list(picture: 2, badgeX: 140)))
            #expect(pair.cached.stats.tilesDrawn == 0)
            // Only the badge moves: its tiles are drawn again from the picture up, so they are
            // right in every surface; the next frame draws nothing.
            #expect(try pair.renderAgrees(list(picture: 2, badgeX: 280)))
            #expect(pair.cached.stats.tilesChanged == 2, "the badge's old and new tiles")
            #expect(try pair.renderAgrees(list(picture: 2, badgeX: 280)))
            #expect(pair.cached.stats.tilesDrawn == 0)
            // The badge moves again within those tiles: they were mended, so only the float
            // layer is drawn there now, one surface per tile.
            #expect(try pair.renderAgrees(list(picture: 2, badgeX: 284)))
            #expect(pair.cached.stats.tilesDrawn == 1)
            #expect(try pair.renderAgrees(list(picture: 3, badgeX: 284)))
        }

        @Test("opaque bands that share a tile between them hide what is under them there: it is not drawn")
        func opaqueBandsHideWhatIsUnder() throws {
            // A translucent layer below, then a circle and a wall of opaque bands 20 rows high
            // that overlap by a row, as the video's wall is drawn: no band covers a 32-row
            // tile alone.
            func list(circle: Bool, shade: UInt32) -> DisplayList {
                var list = DisplayList()
                list.beginLayer(.background)
                list.append(DrawItem(.fill(.rect(Rect(x: 0, y: 0, width: 720, height: 1280)), Color.white.withAlpha(0.3))))
                list.endLayer()
                list.beginLayer(.displayer)
                if circle {
                    list.append(DrawItem(.fill(.circle(center: Point(x: 100, y: 100), radius: 50), Color.red.withAlpha(0.5))))
                }
                for band in 0..<64 {
                    let rect = Rect(x: 0, y: Double(band * 20), width: 720, height: 21)
                    list.append(DrawItem(.fill(.rect(rect), Color(hex: 0x203040 + shade + UInt32(band)))))
                }
                list.endLayer()
                return list
            }
            let withCircle = try Pair(), without = try Pair()
            for shade: UInt32 in [0, 1, 2] {
                #expect(try withCircle.renderAgrees(list(circle: true, shade: shade)))
                #expect(try without.renderAgrees(list(circle: false, shade: shade)))
                // The circle is under the bands: the same pixels, and not one more written.
                #expect(memcmp(withCircle.cached.frame.pixels, without.cached.frame.pixels, 720 * 1280 * 4) == 0)
                #expect(withCircle.cached.stats.pixelsWritten == without.cached.stats.pixelsWritten)
                #expect(withCircle.whole.stats.pixelsWritten > without.whole.stats.pixelsWritten, "a whole draw draws the circle")
            }
        }

        @Test("a cached tile that no longer matches its items is caught by the check, named, and drawn again")
        func staleTileIsCaught() throws {
            let pair = try Pair()
            var warnings: [String] = []
            let rasterizer = pair.cached.rasterizer
            rasterizer.warn = { warnings.append($0) }
            rasterizer.verifyEvery = 1
            var list = DisplayList()
            list.beginLayer(.movable)
            list.append(DrawItem(.fill(.rect(Rect(x: 0, y: 0, width: 720, height: 1280)), .black)))
            list.append(DrawItem(.text("stale", font: .bold(30), color: .white, origin: Point(x: 100, y: 100), alignment: .left)))
            list.endLayer()
            #expect(try pair.renderAgrees(list))
            #expect(rasterizer.cacheMismatches == 0)
            // Spoil the cached pixels behind the text, as a tile kept after its items changed
            // would be: the top surface's, which are the frame's.
            #expect(rasterizer.compositor.surfaces.last?.raster == nil, "the top surface draws into the frame")
            for y in 100..<140 { for x in 100..<180 { pair.cached.frame.pixels[y * 720 + x] = 0xFF00_FF00 } }
            #expect(try !pair.renderAgrees(list), "the spoiled tile stays in the frame")
            #expect(rasterizer.cacheMismatches == 1)
            #expect(warnings.count == 1)
            #expect(warnings.first?.contains("in layer movable") == true, "\(warnings)")
            #expect(warnings.first?.contains("stale") == true, "\(warnings)")
            #expect(try pair.renderAgrees(list), "the next frame is drawn again from the items")
        }

        static func demoList() throws -> DisplayList {
            let (driver, clock) = try driver(kind: "audience", scenario: "")
            defer { driver.shutdown() }
            try driver.run(frames: 20, paced: false) { clock.advance(by: driver.loop.step) }
            return driver.displayList
        }
    }
}
