import Dispatch
import Foundation
import StudioKit

/// Draws a compiled frame so that it costs what changed in it, not what is on screen.
///
/// The frame's items fall into surfaces: runs of one layer's items (the background, the
/// displayer, the movable, lite and float layers, then overlays). Each surface keeps a raster
/// from frame to frame holding the frame *up to and including* that surface, tile by tile.
/// A tile is known to be unchanged in a surface when the hash of the surface's ops touching
/// it, in order, is the same as last frame (`RasterOp.hash` hashes the draw item itself, so
/// nothing has to report that it changed). When surface k changed in a tile, that tile of
/// k and of every surface above it is drawn again, each starting from a copy of the one
/// below; surfaces below k, and all unchanged tiles, are not touched.
///
/// Caching what lies below, rather than each layer on its own and blending layers at the
/// end, keeps every pixel the result of the same blends in the same order as drawing the
/// whole list at once: the frame is the same bit for bit as a direct render (tests hold it
/// to that), and a still frame costs no blending at all. The price is that a change low in
/// the stack (a new video frame) redraws what is above it in the tiles it touches.
///
/// The topmost surface is the frame itself: what it holds is the whole stack, which is what
/// the frame shows, so it has no raster of its own, and a tile it holds is not copied into
/// the frame again. This needs the frame to be the same buffer from render to render (one
/// that is not makes the render whole) and written by nothing else between them (the repaint
/// view's tint is drawn again from the surface below, `showRepaints`).
///
/// A changed tile is drawn, from its lowest changed level up, straight into the topmost
/// surface, the frame (it "collapses"): keeping each surface in between right would cost a
/// copy per surface, and under a playing video every tile changes every stream frame. The
/// surfaces in between are then stale in that tile, from that level, and nothing reads
/// them until the tile is drawn again: that render draws it from the lowest stale level.
/// A tile whose own change is above the level it is stale from, and that the last render
/// did not draw, is drawn the usual way instead, surface by surface, which makes it right
/// again. One drawn every render (a gift over a video) keeps going straight to the frame:
/// its low levels change again soon, and mending it would only cost the copies.
///
/// Not thread-safe: the rasterizer plans on its own thread, and `draw` runs on that thread or
/// on the one the rasterizer draws behind on, while the planning thread leaves it alone.
final class LayerCompositor {
    /// One cached surface: its raster and the state of its tiles.
    final class Surface {
        var tag: Int
        /// Its pixels, made when it is first drawn below the top (the top one draws into
        /// the frame).
        var raster: PixelBuffer?
        let tiles: TileStates
        /// False until drawn since it was made or given to another layer: every tile is
        /// then drawn.
        var valid = false

        init(tag: Int, grid: TileGrid) {
            self.tag = tag
            tiles = TileStates(count: grid.count)
        }

        /// The raster, made at `grid`'s size if it has none yet.
        func pixels(_ grid: TileGrid) -> UnsafeMutablePointer<UInt32> {
            if let raster { return raster.pixels }
            let made = PixelBuffer(width: grid.width, height: grid.height)
            raster = made
            return made.pixels
        }
    }

    /// Most surfaces a frame may have; a list with more runs of layers than that (layers
    /// drawn out of order, one widget per layer) is drawn directly.
    static let maxSurfaces = 16

    /// Bytes the surfaces may hold; a frame needing more is drawn directly.
    var budget: Int

    /// The budget unless one is set: an eighth of the machine's memory (its share for the
    /// surfaces of one window), at least 64 MiB where the memory cannot be read.
    static let defaultBudget: Int = {
        let memory = Int(clamping: ProcessInfo.processInfo.physicalMemory)
        return memory > 0 ? memory / 8 : 64 << 20
    }()
    private(set) var grid = TileGrid(width: 0, height: 0)
    private(set) var surfaces: [Surface] = []
    /// Per tile of the frame: the lowest visible surface that changed there this frame
    /// (its index among the visible ones), or `Int32.max` when none did.
    private var start: UnsafeMutablePointer<Int32>?
    /// Per tile: whether the last render drew it (not in a whole render); the surface a
    /// collapsing tile is drawn into this render (-1: none); and the lowest level whose
    /// surface is stale there since it collapsed (`Int32.max`: none).
    private var drawnLast: UnsafeMutablePointer<Bool>?
    private var target: UnsafeMutablePointer<Int32>?
    private var staleFrom: UnsafeMutablePointer<Int32>?
    /// Per tile, for `hashTiles` (LayerCompositor+Hashing.swift): the rows of the tile that
    /// opaque ops cover, one bit each.
    var coveredRows: UnsafeMutablePointer<UInt32>?
    /// What the last render went into: the frame, its background, and the first surface
    /// shown (the ones below an opaque full-screen op are not).
    private var lastFrame: ObjectIdentifier?
    private var lastBackground: UInt32 = 0
    private var lastVisibleFrom = -1
    /// The rectangle of the frame the last render changed (empty: nothing changed).
    private(set) var damage = PixelRect.empty
    /// The tiles the last render changed, one flag per tile (for the repaint view).
    private(set) var changedTiles: [Bool] = []
    /// Tiles of the frame to copy again from the surfaces next frame (tinted by `showRepaints`).
    private var tinted: [Bool] = []

    init(budget: Int) {
        self.budget = budget
    }

    deinit {
        start?.deallocate()
        drawnLast?.deallocate()
        target?.deallocate()
        staleFrom?.deallocate()
        coveredRows?.deallocate()
    }

    /// Bytes the surfaces hold now.
    var bytes: Int { surfaces.reduce(0) { $0 + ($1.raster == nil ? 0 : grid.width * grid.height * 4) } }

    /// Bytes `surfaceCount` surfaces of `width` x `height` hold: all but the top one, which
    /// is the frame.
    static func bytes(surfaceCount: Int, width: Int, height: Int) -> Int {
        max(0, surfaceCount - 1) * width * height * 4
    }

    /// Whether `surfaceCount` surfaces of `width` x `height` fit the budget.
    func fits(surfaceCount: Int, width: Int, height: Int) -> Bool {
        surfaceCount <= Self.maxSurfaces && Self.bytes(surfaceCount: surfaceCount, width: width, height: height) <= budget
    }

    /// Drops every surface (their memory goes): the next frame draws everything.
    func reset() {
        surfaces.removeAll()
        lastFrame = nil
    }

    /// What `plan` leaves for `draw`: the visible surfaces, from the bottom up, and the
    /// frame they end in.
    struct Plan {
        fileprivate let layers: [CompositeJob.Layer]
        fileprivate let frame: PixelBuffer
        fileprivate let background: UInt32
        /// How many tiles of the frame the drawing changes.
        let changed: Int
        /// Per row of tiles, what drawing it costs, roughly: the tiles drawn there, each
        /// counted with the ops of every surface it is drawn in.
        fileprivate let rowCosts: [Int]
    }

    /// Works out what changed in `compiler`'s frame, and so which tiles of which surfaces
    /// `draw` draws into the surfaces and `frame`; every other state of the compositor is
    /// already that of the frame drawn. The caller checked `fits`, and draws the plan before
    /// it plans again or resets.
    ///
    /// - Complexity: O(ops x tiles each touches) to hash, then O(tiles).
    func plan(_ compiler: FrameCompiler, into frame: PixelBuffer, background: UInt32) -> Plan {
        let compiled = compiler.surfaces
        var whole = prepare(width: frame.width, height: frame.height, surfaces: compiled)
        let visibleFrom = compiled.firstIndex { $0.ops.upperBound > compiler.firstVisibleOp } ?? compiled.count
        if visibleFrom != lastVisibleFrom || lastFrame != ObjectIdentifier(frame) || lastBackground != background {
            whole = true
        }
        let start = start!
        start.update(repeating: whole ? 0 : Int32.max, count: grid.count)
        let visibleCount = Int32(surfaces.count - min(visibleFrom, surfaces.count))
        var layers: [CompositeJob.Layer] = []
        layers.reserveCapacity(compiled.count)
        for index in visibleFrom..<surfaces.count {
            let surface = surfaces[index]
            hashTiles(surface, compiler.ops, compiled[index].ops, level: Int32(layers.count), start: start)
            layers.append(
                CompositeJob.Layer(
                    pixels: index == surfaces.count - 1 ? frame.pixels : surface.pixels(grid), tiles: surface.tiles,
                    ops: compiled[index].ops,
                    name: surface.tag >= 0 ? LayerKind(rawValue: surface.tag)?.name ?? "layer" : "overlay"))
        }
        // A tinted tile of the frame is the top surface's, tinted: it is drawn again from the
        // level below, and does not count as drawn or changed.
        var retinted: [Int] = []
        for t in tinted.indices where tinted[t] && t < grid.count && start[t] == Int32.max && visibleCount > 0 {
            start[t] = visibleCount - 1
            retinted.append(t)
        }
        tinted.removeAll(keepingCapacity: true)
        let target = target!, staleFrom = staleFrom!
        chooseCollapses(layers, start: start, whole: whole)
        // A tile drawn now, stale since it collapsed, is drawn from its lowest stale level; one
        // not drawn stays as it is in the frame, whatever the surfaces below hold.
        for t in 0..<grid.count where start[t] != Int32.max && staleFrom[t] < start[t] { start[t] = staleFrom[t] }
        let drawnLast = drawnLast!
        for t in 0..<grid.count { drawnLast[t] = !whole && start[t] < visibleCount }
        for t in retinted { drawnLast[t] = false }
        // The rest describes the frame as drawn; the bands read none of it (they read the
        // plan's `start` and `target`, and the tiles' next counts, covers and holders).
        for surface in surfaces[visibleFrom...] {
            surface.tiles.hashes.update(from: surface.tiles.nextHashes, count: grid.count)
            surface.tiles.opCounts.update(from: surface.tiles.nextCounts, count: grid.count)
            surface.valid = true
        }
        // A tile drawn now is right in every surface, unless it collapsed.
        for t in 0..<grid.count where start[t] < visibleCount {
            staleFrom[t] = target[t] >= 0 ? start[t] : Int32.max
        }
        // Surfaces hidden below an opaque full-screen op keep nothing worth reusing.
        for surface in surfaces[..<visibleFrom] { surface.valid = false }
        lastFrame = ObjectIdentifier(frame)
        lastBackground = background
        lastVisibleFrom = visibleFrom
        let changed = noteDamage(start, drawnBelow: visibleCount, retinted: retinted)
        var rowCosts = Array(repeating: 0, count: grid.rows)
        for t in 0..<grid.count where start[t] != Int32.max {
            var cost = 1
            for level in min(Int(start[t]), layers.count)..<layers.count { cost += Int(layers[level].tiles.nextCounts[t]) }
            rowCosts[t / grid.columns] += cost
        }
        return Plan(layers: layers, frame: frame, background: background, changed: changed, rowCosts: rowCosts)
    }

    /// Draws `plan`'s tiles, in bands on as many threads; each band's scratch counts what it
    /// did. It may run on another thread than `plan`, while that one goes on with anything
    /// but the compositor, `compiler` and the frame.
    func draw(
        _ plan: Plan, _ compiler: FrameCompiler, scratch: [BandScratch], bands: Int, opaqueFastPath: Bool,
        tracer: Tracer?
    ) {
        compiler.ops.withUnsafeBufferPointer { ops in
            compiler.edges.withUnsafeBufferPointer { edges in
                let bands = min(bands, grid.rows)
                let job = CompositeJob(
                    grid: grid, ops: ops, edges: edges, layers: plan.layers, frame: plan.frame.pixels,
                    start: start!, target: target!, background: plan.background, scratch: scratch,
                    bands: bands, rowStarts: CompositeJob.rowStarts(plan.rowCosts, bands: bands),
                    opaqueFastPath: opaqueFastPath, tracer: tracer)
                if job.bands <= 1 {
                    job.run(band: 0)
                } else {
                    DispatchQueue.concurrentPerform(iterations: job.bands) { job.run(band: $0) }
                }
            }
        }
    }

    /// Blends a color over the tiles of `frame` that renders drew again lately, by how often
    /// (`repaintHeat`): blue for a tile drawn again now and then, through green and yellow,
    /// to red for one drawn every frame, fading out once it is left alone.
    /// Every tile keeps its color from frame to frame, whether this one drew it or not, so
    /// a tile that repaints every few frames does not flash on and off, and one that repaints
    /// every frame does not flash a new color each frame as a rainbow would over half the
    /// room. The next render draws the tinted tiles again from the surface below.
    func showRepaints(in frame: PixelBuffer) {
        if repaintHeat.count != changedTiles.count { repaintHeat = Array(repeating: 0, count: changedTiles.count) }
        tinted = Array(repeating: false, count: changedTiles.count)
        for t in changedTiles.indices {
            repaintHeat[t] = repaintHeat[t] * Self.heatKept + (changedTiles[t] ? 1 - Self.heatKept : 0)
            guard repaintHeat[t] >= Self.heatShown else { continue }
            tinted[t] = true
            let color = Self.heatColors[min(Self.heatColors.count - 1, Int(repaintHeat[t] * Float(Self.heatColors.count)))]
            let rect = grid.rect(row: t / grid.columns, columns: t % grid.columns..<t % grid.columns + 1)
            for y in rect.y0..<rect.y1 { PixelMath.blendSpan(frame.pixels + y * grid.width + rect.x0, rect.width, color) }
        }
    }

    /// Each tile's share of recent frames that drew it again, 0 to 1: an average that keeps
    /// `heatKept` of itself each frame (about the last 15 frames).
    private(set) var repaintHeat: [Float] = []
    static let heatKept: Float = 14 / 15
    /// The least heat that is tinted: a tile drawn once shows for about a third of a second.
    static let heatShown: Float = 1 / 60
    /// The repaint view's colors from rarely drawn to drawn every frame, premultiplied, a
    /// third opaque.
    static let heatColors: [UInt32] = [0x007AFF, 0x34C759, 0xFFCC00, 0xFF9500, 0xFF3B30].map {
        PixelMath.premultiplied(Color(r: UInt8($0 >> 16), g: UInt8(($0 >> 8) & 0xFF), b: UInt8($0 & 0xFF), a: 85))
    }

    /// Sets `damage` (tiles of the frame written) and `changedTiles` (tiles drawn again,
    /// those with a `start` below `drawnBelow`, but for those only `retinted`) from `start`;
    /// returns how many tiles changed.
    private func noteDamage(_ start: UnsafeMutablePointer<Int32>, drawnBelow: Int32, retinted: [Int]) -> Int {
        if changedTiles.count != grid.count { changedTiles = Array(repeating: false, count: grid.count) }
        var changed = 0
        var r0 = Int.max, r1 = Int.min, c0 = Int.max, c1 = Int.min
        for t in 0..<grid.count {
            changedTiles[t] = start[t] < drawnBelow
            guard start[t] != Int32.max else { continue }
            changed += 1
            let r = t / grid.columns, c = t % grid.columns
            r0 = min(r0, r)
            r1 = max(r1, r + 1)
            c0 = min(c0, c)
            c1 = max(c1, c + 1)
        }
        for t in retinted { changedTiles[t] = false }
        damage =
            changed == 0
            ? .empty
            : PixelRect(
                x0: c0 * TileGrid.tileWidth, y0: r0 * TileGrid.tileHeight,
                x1: min(c1 * TileGrid.tileWidth, grid.width), y1: min(r1 * TileGrid.tileHeight, grid.height))
        return changed
    }

    /// Fits the surfaces to the frame's size and to `compiled`'s layers; true when the frame
    /// has to be drawn whole (a new size, or surfaces added, dropped or given to another
    /// layer).
    private func prepare(width: Int, height: Int, surfaces compiled: [CompiledSurface]) -> Bool {
        var changed = false
        if grid.width != width || grid.height != height {
            grid = TileGrid(width: width, height: height)
            surfaces.removeAll()
            start?.deallocate()
            drawnLast?.deallocate()
            target?.deallocate()
            staleFrom?.deallocate()
            coveredRows?.deallocate()
            start = .allocate(capacity: grid.count)
            drawnLast = .allocate(capacity: grid.count)
            drawnLast!.initialize(repeating: false, count: grid.count)
            target = .allocate(capacity: grid.count)
            staleFrom = .allocate(capacity: grid.count)
            staleFrom!.initialize(repeating: Int32.max, count: grid.count)
            coveredRows = .allocate(capacity: grid.count)
            changed = true
        }
        if surfaces.count > compiled.count {
            surfaces.removeLast(surfaces.count - compiled.count)
            changed = true
        }
        for (index, s) in compiled.enumerated() {
            if index == surfaces.count {
                surfaces.append(Surface(tag: s.tag, grid: grid))
                changed = true
            } else if surfaces[index].tag != s.tag {
                surfaces[index].tag = s.tag
                surfaces[index].valid = false
                changed = true
            }
        }
        // The top one is the frame: a raster it had below the top goes.
        surfaces.last?.raster = nil
        return changed
    }

    /// Sets `target` for each tile: the topmost surface (the frame) when the tile's ops
    /// changed now from a level below the top, and either at or below the level it is stale
    /// from or in a tile the last render drew (-1 else). Where the top surface has no ops of
    /// its own the frame is still the target: a tile is then written once, not drawn into a
    /// lower surface and copied up.
    private func chooseCollapses(_ layers: [CompositeJob.Layer], start: UnsafeMutablePointer<Int32>, whole: Bool) {
        let target = target!, staleFrom = staleFrom!, drawnLast = drawnLast!
        target.update(repeating: -1, count: grid.count)
        guard !whole, layers.count > 1 else { return }
        let top = Int32(layers.count - 1)
        for t in 0..<grid.count where min(start[t], staleFrom[t]) < top && start[t] != Int32.max {
            if start[t] <= staleFrom[t] || drawnLast[t] { target[t] = top }
        }
    }
}
