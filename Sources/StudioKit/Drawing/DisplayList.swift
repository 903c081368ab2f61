/// The output of one frame's draw phase: every draw item, bottom to top, with the range each
/// of the five layers occupies. Backends render it; tests compare it whole.
public struct DisplayList: Hashable, Sendable {
    public private(set) var items: [DrawItem] = []
    /// Where each layer's items sit in `items`; a layer that drew nothing has an empty range.
    package private(set) var layerRanges: [LayerKind: Range<Int>] = [:]
    private var openLayer: OpenLayer?

    private struct OpenLayer: Hashable, Sendable {
        var kind: LayerKind
        var start: Int
    }

    public init() {}

    public var count: Int { items.count }

    public mutating func append(_ item: DrawItem) { items.append(item) }

    package mutating func reserveCapacity(_ n: Int) { items.reserveCapacity(n) }

    /// Empties the list but keeps its storage, so a frame does not reallocate.
    package mutating func removeAll() {
        items.removeAll(keepingCapacity: true)
        layerRanges.removeAll(keepingCapacity: true)
        openLayer = nil
    }

    /// Marks the items appended from now until `endLayer()` as belonging to `kind`.
    package mutating func beginLayer(_ kind: LayerKind) {
        precondition(openLayer == nil, "beginLayer(\(kind)) while \(openLayer!.kind) is open")
        openLayer = OpenLayer(kind: kind, start: items.count)
    }

    package mutating func endLayer() {
        guard let open = openLayer else { return }
        layerRanges[open.kind] = open.start..<items.count
        openLayer = nil
    }

    /// The items of one layer, in draw order.
    public func items(in kind: LayerKind) -> ArraySlice<DrawItem> {
        guard let range = layerRanges[kind] else { return [] }
        return items[range]
    }

    /// A copy holding only the chosen layers (for layer isolation); clips stay balanced
    /// because each layer's pushes and pops are kept together.
    package func filtered(to kinds: Set<LayerKind>) -> DisplayList {
        var out = DisplayList()
        for kind in LayerKind.allCases where kinds.contains(kind) {
            out.beginLayer(kind)
            out.items.append(contentsOf: items(in: kind))
            out.endLayer()
        }
        return out
    }
}
