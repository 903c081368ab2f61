import StudioKit

/// The serial prepass of a render: walks the display list once on the calling thread and
/// turns it into `RasterOp`s in device pixels, so that the bands that run concurrently
/// afterwards only read plain values.
///
/// It resolves the clip stack into each op's area, culls what cannot show, premultiplies
/// colors, flattens rotated shapes into clipped edges, and looks up (or renders and
/// loads) every text mask and image the frame needs: the caches are not thread-safe and
/// are touched only here. The masks and images are kept in `resources` until the next
/// compile, which is what keeps the ops' raw pointers valid while the bands draw.
///
/// - Complexity: O(items + polygon edges); no allocation per frame once its arrays have
///   grown to the frame's size (text and image misses aside).
///
/// The properties an item touches are `@exclusivity(unchecked)`: each access was a dynamic
/// exclusivity check, five or so per item, a tenth of compiling a frame of sprites. One
/// thread compiles; the bands of a frame drawn behind read `ops` and `edges` from another,
/// but only while this compiler is not compiling (the rasterizer compiles the next frame
/// into the other one of its pair).
final class FrameCompiler {
    // Unchecked: every item compiled touches it, on the compiling thread, and no access spans a call that reaches it again (the type's note).
    @exclusivity(unchecked) private(set) var ops: [RasterOp] = []
    // Unchecked: every item compiled touches it, on the compiling thread, and no access spans a call that reaches it again (the type's note).
    @exclusivity(unchecked) private(set) var edges: [RasterEdge] = []
    /// The ops of each surface: a run of items of one layer in list order (items outside
    /// every layer, such as overlays, make runs of their own). Each is a range of `ops`.
    // Unchecked: every item compiled touches it, on the compiling thread, and no access spans a call that reaches it again (the type's note).
    @exclusivity(unchecked) private(set) var surfaces: [CompiledSurface] = []
    /// Ops before this index are hidden by a later opaque op covering the whole screen;
    /// the ones of its own surface are already dropped, those of earlier surfaces kept (a
    /// composited frame keeps their rasters for when they show again).
    private(set) var firstVisibleOp = 0
    /// False when an opaque op covers the whole screen, so clearing would be wasted.
    private(set) var needsClear = true
    // Unchecked: every item compiled touches it, on the compiling thread, and no access spans a call that reaches it again (the type's note).
    @exclusivity(unchecked) var stats = RenderStats()
    /// Whether ops carry the hash of their item (`RasterOp.hash`): only the layer cache reads
    /// it, so frames drawn whole and sprite pictures skip hashing every item.
    var hashesOps = true
    /// When set, how many more text masks the cache may render in this compile; text past
    /// it is skipped (`DisplayListRasterizer.prepare`, which compiles only to fill caches).
    var newTextAllowance: Int?

    let textCache: TextCache
    let imageCache: ImageCache
    /// Pictures of sprites; nil where sprites are drawn item by item (too deep inside others).
    let sprites: SpriteCache?
    /// Round boxes' rows kept from frame to frame; nil where every box is worked out as it
    /// is drawn (a sprite's picture is drawn once).
    let roundBoxes: RoundBoxCoverageCache?

    /// The area clipping allows now (device pixels).
    // Unchecked: every item compiled touches it, on the compiling thread, and no access spans a call that reaches it again (the type's note).
    @exclusivity(unchecked) var clip = PixelRect.empty
    private var screen = PixelRect.empty
    // Unchecked: every item compiled touches it, on the compiling thread, and no access spans a call that reaches it again (the type's note).
    @exclusivity(unchecked) private var clipStack: [PixelRect] = []
    /// Contour scratch for polygons.
    // Unchecked: every item compiled touches it, on the compiling thread, and no access spans a call that reaches it again (the type's note).
    @exclusivity(unchecked) var points: [Point] = []
    // Unchecked: every item compiled touches it, on the compiling thread, and no access spans a call that reaches it again (the type's note).
    @exclusivity(unchecked) private var resources: [AnyObject] = []
    /// The hash of the item being compiled and how many ops it has made so far.
    // Unchecked: every item compiled touches it, on the compiling thread, and no access spans a call that reaches it again (the type's note).
    @exclusivity(unchecked) private var itemHash: UInt64 = 0
    // Unchecked: every item compiled touches it, on the compiling thread, and no access spans a call that reaches it again (the type's note).
    @exclusivity(unchecked) private var itemOps: UInt64 = 0
    // Unchecked: every item compiled touches it, on the compiling thread, and no access spans a call that reaches it again (the type's note).
    @exclusivity(unchecked) private(set) var itemIndex: Int32 = 0

    init(textCache: TextCache, imageCache: ImageCache, sprites: SpriteCache?, roundBoxes: RoundBoxCoverageCache? = nil) {
        self.textCache = textCache
        self.imageCache = imageCache
        self.sprites = sprites
        self.roundBoxes = roundBoxes
        ops.reserveCapacity(1024)
        edges.reserveCapacity(4096)
        points.reserveCapacity(512)
        clipStack.reserveCapacity(16)
        resources.reserveCapacity(256)
    }

    /// Compiles `list`. `screen` is the part of the buffer the logical frame maps to and
    /// `device` maps logical pixels onto it.
    ///
    /// - Throws: `SDLError` when a font cannot be loaded or text not rendered (an image that
    ///   cannot be loaded is drawn as a placeholder instead).
    func compile(_ list: DisplayList, screen: PixelRect, device: Transform) throws {
        ops.removeAll(keepingCapacity: true)
        edges.removeAll(keepingCapacity: true)
        resources.removeAll(keepingCapacity: true)
        clipStack.removeAll(keepingCapacity: true)
        surfaces.removeAll(keepingCapacity: true)
        stats = RenderStats()
        roundBoxes?.beginFrame()
        needsClear = true
        firstVisibleOp = 0
        self.screen = screen
        clip = screen
        let deviceIsIdentity = device.isIdentity
        let layers = list.layerRanges.sorted { $0.value.lowerBound < $1.value.lowerBound }
        var next = 0
        for (index, item) in list.items.enumerated() {
            while next < layers.count, layers[next].value.upperBound <= index { next += 1 }
            let tag = next < layers.count && layers[next].value.contains(index) ? layers[next].key.rawValue : -1
            if surfaces.last?.tag != tag { surfaces.append(CompiledSurface(tag: tag, ops: ops.count..<ops.count)) }
            // One copy of the item serves both: reading `list.items[index]` twice copied it
            // (and retained its command's references) twice.
            if hashesOps { itemHash = Self.fingerprint(item) }
            itemOps = 0
            itemIndex = Int32(truncatingIfNeeded: index)
            try compile(item, device: device, deviceIsIdentity: deviceIsIdentity)
            surfaces[surfaces.count - 1].ops = surfaces[surfaces.count - 1].ops.lowerBound..<ops.count
        }
    }

    /// Compiles one item of the list. A function of its own, taking the item by value: with
    /// the loop's body inline, Swift 6.3's optimizer crashes on this switch in release
    /// builds (SimplifyCFG, "cannot get borrow introducers").
    @inline(never)
    func compile(_ item: DrawItem, device: Transform, deviceIsIdentity: Bool) throws {
        stats.drawCommands += 1
        let t = deviceIsIdentity ? item.transform : item.transform.then(device)
        let command = item.command
        switch command {
        case .pushClip(let rect):
            // A clip under rotation clips to its bounding box, on whole pixels.
            clipStack.append(clip)
            clip = PixelRect.rounding(t.boundingBox(of: rect), within: clip)
        case .popClip:
            if let previous = clipStack.popLast() { clip = previous } else { stats.unbalancedClipPops += 1 }
        case _ where clip.isEmpty:
            stats.culled += 1
        case .fill(let shape, let color):
            fill(shape, color, t)
        case .stroke(let shape, let color, let width):
            stroke(shape, color, width: width, t)
        case .text(let string, let font, let color, let origin, let alignment):
            try text(
                string, font: font, color: color, origin: origin, alignment: alignment, t,
                deviceScaleOnly: !deviceIsIdentity && item.transform.isTranslation)
        case .image(let ref, let rect, let tint):
            image(ref, in: rect, tint: tint, t, deviceScaleOnly: !deviceIsIdentity && item.transform.isTranslation)
        case .imageSlice(let ref, let source, let insets, let rect, let tint):
            imageSlice(ref, source: source, insets: insets, in: rect, tint: tint, t)
        case .picture(let picture, let rect, let tint):
            self.picture(picture, in: rect, tint: tint, t)
        case .gradient(let shape, let gradient):
            fill(shape, gradient, t)
        case .sprite(let sprite, let origin, let tint):
            try self.sprite(sprite, origin: origin, tint: tint, transform: item.transform, t, device: device)
        }
    }

    /// Adds an op touching `area`, or counts it culled when `area` is empty. An op that
    /// paints every pixel of the screen opaquely (`coversOpaquely`) hides everything
    /// before it: the ops of its own surface are dropped, and the clear is not needed.
    func append(_ area: PixelRect, _ kind: RasterOp.Kind, coversOpaquely: Bool = false) {
        guard !area.isEmpty else {
            stats.culled += 1
            return
        }
        if coversOpaquely, area == screen {
            stats.occluded += ops.count - firstVisibleOp
            let start = surfaces.last?.ops.lowerBound ?? 0
            ops.removeSubrange(start...)
            firstVisibleOp = start
            needsClear = false
        }
        // The item's hash, its op count and the area, mixed so that each changes the result.
        var h = itemHash ^ (itemOps &* SeededRandom.increment)
        itemOps += 1
        h = Self.mix(h, UInt64(UInt32(truncatingIfNeeded: area.x0)) | UInt64(UInt32(truncatingIfNeeded: area.y0)) << 32)
        h = Self.mix(h, UInt64(UInt32(truncatingIfNeeded: area.x1)) | UInt64(UInt32(truncatingIfNeeded: area.y1)) << 32)
        ops.append(RasterOp(area: area, kind: kind, hash: h, isOpaque: coversOpaquely, item: itemIndex))
    }

    /// One round of a 64-bit multiply-xorshift mix (the finalizer of SplitMix64).
    @inline(__always)
    static func mix(_ h: UInt64, _ v: UInt64) -> UInt64 { SeededRandom.finalize(h ^ v) }

    /// Runs `body` with the clip narrowed to `rect` (under `t`, on whole pixels, as a
    /// `pushClip` does); skipped when nothing of `rect` is inside the clip.
    func clipped(to rect: Rect, _ t: Transform, _ body: () -> Void) {
        let saved = clip
        clip = PixelRect.rounding(t.boundingBox(of: rect), within: saved)
        if !clip.isEmpty { body() }
        clip = saved
    }

    /// Keeps a mask or image alive until the next compile.
    func retain(_ resource: AnyObject) { resources.append(resource) }

    /// Adds the closed outlines in `points` (split at `holeStart`, the first point of an
    /// inner outline that is traced backwards) as one polygon op.
    func appendPolygon(_ color: UInt32, holeStart: Int? = nil) {
        defer { points.removeAll(keepingCapacity: true) }
        guard points.count >= 3 else {
            stats.culled += 1
            return
        }
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for p in points {
            x0 = min(x0, p.x)
            x1 = max(x1, p.x)
            y0 = min(y0, p.y)
            y1 = max(y1, p.y)
        }
        // Absurd or non-finite outlines would lose all precision as Float edges.
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else {
            stats.culled += 1
            return
        }
        let area = PixelRect.covering(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), within: clip)
        guard !area.isEmpty else {
            stats.culled += 1
            return
        }
        let clipper = EdgeClipper(area)
        let start = edges.count
        let split = holeStart ?? points.count
        clipper.addContour(points, 0..<split, reversed: false, into: &edges)
        if split < points.count {
            clipper.addContour(points, split..<points.count, reversed: true, into: &edges)
        }
        guard edges.count > start else {
            stats.culled += 1
            return
        }
        stats.polygons += 1
        append(area, .polygon(edges: start..<edges.count, color))
    }
}

/// One surface of a compiled frame: the ops of a run of items of one layer.
struct CompiledSurface: Equatable {
    /// The layer's `LayerKind.rawValue`, or -1 for items outside every layer.
    var tag: Int
    var ops: Range<Int>
}
