import Dispatch
import Foundation
import StudioKit

/// Frames drawn whole, without the layer cache: when the cache is off or its surfaces do
/// not fit the budget, and, in debug builds, every `verifyEvery`th composited frame again,
/// to check the cache against it.
extension DisplayListRasterizer {
    /// Draws `compiler`'s frame whole into a scratch buffer and compares it with `frame`, as it came
    /// out of the surfaces; on a difference, warns naming the first differing pixel's layer
    /// and the items drawn there, counts it, and drops the surfaces so the next frame is right.
    func verify(_ compiler: FrameCompiler, _ list: DisplayList, _ frame: PixelBuffer, screen: PixelRect, background: Color, bands: Int) {
        if verifyScratch?.width != frame.width || verifyScratch?.height != frame.height {
            verifyScratch = PixelBuffer(width: frame.width, height: frame.height)
        }
        let fresh = verifyScratch!
        Self.drawWhole(
            compiler, into: fresh, screen: screen, background: background, scratch: Array(scratch[0..<bands]),
            opaqueFastPath: opaqueFastPath, tracer: tracer)
        let n = frame.width * frame.height
        guard memcmp(fresh.pixels, frame.pixels, n * 4) != 0,
            let i = (0..<n).first(where: { fresh.pixels[$0] != frame.pixels[$0] })
        else { return }
        cacheMismatches += 1
        compositor.reset()
        let x = i % frame.width, y = i / frame.width
        let here = compiler.ops.filter { $0.area.x0 <= x && x < $0.area.x1 && $0.area.y0 <= y && y < $0.area.y1 }
        let layers = Set(here.compactMap { op in list.layerRanges.first { $0.value.contains(Int(op.item)) }?.key.name })
        let items = here.suffix(4).map { "\(list.items[Int($0.item)].command)".prefix(120) }
        warn(
            "the cached frame differs from the frame drawn whole at pixel (\(x), \(y)), in layer "
                + "\(layers.sorted().joined(separator: ", ")); items there: \(items.joined(separator: "; ")) "
                + "(the layer surfaces are dropped and drawn again)")
    }

    /// Clears the frame and draws every visible op of `compiler` into it, a band per scratch.
    static func drawWhole(
        _ compiler: FrameCompiler, into frame: PixelBuffer, screen: PixelRect, background: Color,
        scratch: [BandScratch], opaqueFastPath: Bool, tracer: Tracer?
    ) {
        let bands = scratch.count
        // An opaque full-screen op makes the clear redundant, unless letterbox bars
        // outside the screen still need it.
        let wholeBuffer = screen == PixelRect(x0: 0, y0: 0, x1: frame.width, y1: frame.height)
        let clear: UInt32? = compiler.needsClear || !wholeBuffer ? PixelMath.premultiplied(background) : nil
        let visible = compiler.firstVisibleOp
        compiler.ops.withUnsafeBufferPointer { all in
            compiler.edges.withUnsafeBufferPointer { edges in
                let ops = UnsafeBufferPointer(rebasing: all[visible...])
                let job = BandJob(
                    pixels: frame.pixels, width: frame.width, height: frame.height, bands: bands,
                    ops: ops, edges: edges, clear: clear, scratch: scratch,
                    opaqueFastPath: opaqueFastPath, tracer: tracer)
                if bands == 1 {
                    job.run(band: 0)
                } else {
                    DispatchQueue.concurrentPerform(iterations: bands) { job.run(band: $0) }
                }
            }
        }
    }
}

/// One frame's band work, shared by the threads of `concurrentPerform`.
///
/// `@unchecked Sendable`: it carries raw pointers. The ops and edges are only read, and
/// stay valid because their compiler compiles again only after `finishDrawing` waited for
/// every band; each band writes only its own rows of the frame and its own scratch.
private struct BandJob: @unchecked Sendable {
    let pixels: UnsafeMutablePointer<UInt32>
    let width: Int
    let height: Int
    let bands: Int
    let ops: UnsafeBufferPointer<RasterOp>
    let edges: UnsafeBufferPointer<RasterEdge>
    let clear: UInt32?
    let scratch: [BandScratch]
    let opaqueFastPath: Bool
    let tracer: Tracer?

    func run(band: Int) {
        let begin = Tracer.now()
        defer { scratch[band].busyNanos = Tracer.now() - begin }
        let rows = height * band / bands..<height * (band + 1) / bands
        defer {
            tracer?.span(
                "raster band", category: "raster", since: begin, thread: "raster worker",
                args: "\"band\":\(band),\"rows\":\"\(rows.lowerBound)-\(rows.upperBound)\"")
        }
        var rasterizer = BandRasterizer(
            pixels: pixels, stride: width, rows: rows, scratch: scratch[band],
            opaqueFastPath: opaqueFastPath)
        rasterizer.draw(ops, edges, clear: clear)
        scratch[band].pixelsWritten = rasterizer.written
    }
}
