import Foundation
import StudioKit

/// What one widget cost over `frames` frames, children excluded: its own update and draw
/// (building its display-list items), and the raster threads' time drawing those items'
/// pixels (`rasterSeconds`, summed over threads; 0 where nothing measured it).
public struct WidgetCost: Codable, Hashable, Sendable {
    public var name: String
    package var updateSeconds: Double
    public var drawSeconds: Double
    public var rasterSeconds: Double
    public var frames: Int

    public init(name: String, updateSeconds: Double, drawSeconds: Double, rasterSeconds: Double = 0, frames: Int) {
        self.name = name
        self.updateSeconds = updateSeconds
        self.drawSeconds = drawSeconds
        self.rasterSeconds = rasterSeconds
        self.frames = frames
    }

    /// Reports written before raster costs were counted have none.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        updateSeconds = try c.decode(Double.self, forKey: .updateSeconds)
        drawSeconds = try c.decode(Double.self, forKey: .drawSeconds)
        rasterSeconds = try c.decodeIfPresent(Double.self, forKey: .rasterSeconds) ?? 0
        frames = try c.decode(Int.self, forKey: .frames)
    }

    package var totalSeconds: Double { updateSeconds + drawSeconds + rasterSeconds }
    package var updatePerFrame: Double { updateSeconds / Double(max(1, frames)) }
    package var drawPerFrame: Double { drawSeconds / Double(max(1, frames)) }
    package var rasterPerFrame: Double { rasterSeconds / Double(max(1, frames)) }
    package var totalPerFrame: Double { totalSeconds / Double(max(1, frames)) }
}

/// A `WidgetProbe` that sums each widget's update and draw time. Set it on a studio's
/// `environment.probe`; call `frameEnded()` once per frame so per-frame costs can be given.
/// Widgets are told apart by identity; a widget's entry keeps its name after it is gone.
///
/// Raster time comes from the renderer, per display-list item: hand the frame's item costs
/// to `recordRaster(itemNanos:)` after the frame is rendered and before `frameEnded()`, and
/// each widget gets the cost of the items its own draw appended.
package final class WidgetCostProbe: WidgetProbe {
    private var index: [ObjectIdentifier: Int] = [:]
    private var names: [String] = []
    private var update: [Double] = []
    private var draw: [Double] = []
    private var raster: [Double] = []
    /// This frame's widgets (by index) and the display-list items each drew itself.
    private var frameItems: [(widget: Int, items: Range<Int>)] = []
    /// Each widget's update, draw and raster time since `takeCostliest()` last ran.
    private var recent: [Double] = []
    package private(set) var frames = 0

    package init() {}

    package func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    package func record(_ widget: Widget, _ phase: WidgetPhase, seconds: Double) {
        record(id: ObjectIdentifier(widget), name: widget.name, phase, seconds: seconds)
    }

    /// Records a cost for a widget known by identity and name (what `record(_:_:seconds:)` does).
    package func record(id: ObjectIdentifier, name: String, _ phase: WidgetPhase, seconds: Double) {
        let i = entry(id: id, name: name)
        recent[i] += seconds
        switch phase {
        case .update: update[i] += seconds
        case .draw: draw[i] += seconds
        }
    }

    package func record(_ widget: Widget, items: Range<Int>) {
        frameItems.append((entry(id: ObjectIdentifier(widget), name: widget.name), items))
    }

    /// Adds the raster threads' nanoseconds per display-list item of the frame just rendered
    /// (`itemNanos[i]` for item i) to the widgets that drew those items this frame.
    /// - Complexity: O(items drawn by measured widgets).
    package func recordRaster(itemNanos: [UInt64]) {
        defer { frameItems.removeAll(keepingCapacity: true) }
        for (i, items) in frameItems {
            let range = items.clamped(to: 0..<itemNanos.count)
            guard !range.isEmpty else { continue }
            var nanos: UInt64 = 0
            for item in range { nanos &+= itemNanos[item] }
            let seconds = Double(nanos) / 1e9
            raster[i] += seconds
            recent[i] += seconds
        }
    }

    package func frameEnded() {
        frames += 1
        frameItems.removeAll(keepingCapacity: true)
    }

    /// The index of the widget with identity `id`, added (named `name`) when new.
    private func entry(id: ObjectIdentifier, name: String) -> Int {
        if let known = index[id] { return known }
        let i = names.count
        index[id] = i
        names.append(name)
        update.append(0)
        draw.append(0)
        raster.append(0)
        recent.append(0)
        return i
    }

    /// The widget that cost the most since the last call (a frame, when called once a frame),
    /// and what it cost; nil when none recorded anything. Starts the next such window.
    /// - Complexity: O(widgets).
    package func takeCostliest() -> (name: String, seconds: Double)? {
        takeCostliest(1).first
    }

    /// The `n` widgets that cost the most since the last call, costliest first, and what
    /// each cost (those that recorded nothing are left out). Starts the next window.
    /// - Complexity: O(widgets · n).
    package func takeCostliest(_ n: Int) -> [(name: String, seconds: Double)] {
        defer { for i in recent.indices { recent[i] = 0 } }
        var top: [Int] = []
        for i in recent.indices where recent[i] > 0 {
            let at = top.firstIndex { recent[$0] < recent[i] } ?? top.endIndex
            if at < n { top.insert(i, at: at) }
            if top.count > n { top.removeLast() }
        }
        return top.map { (names[$0], recent[$0]) }
    }

    /// Forgets everything (the HUD restarts its window).
    package func reset() {
        index.removeAll(keepingCapacity: true)
        names.removeAll(keepingCapacity: true)
        update.removeAll(keepingCapacity: true)
        draw.removeAll(keepingCapacity: true)
        raster.removeAll(keepingCapacity: true)
        recent.removeAll(keepingCapacity: true)
        frameItems.removeAll(keepingCapacity: true)
        frames = 0
    }

    /// Every widget's cost, costliest first (ties: by name).
    package var costs: [WidgetCost] {
        names.indices.map {
            WidgetCost(
                name: names[$0], updateSeconds: update[$0], drawSeconds: draw[$0], rasterSeconds: raster[$0],
                frames: frames)
        }
        .sorted { $0.totalSeconds != $1.totalSeconds ? $0.totalSeconds > $1.totalSeconds : $0.name < $1.name }
    }

    /// The `n` costliest widgets by update + draw + raster time.
    package func top(_ n: Int) -> [WidgetCost] { Array(costs.prefix(max(0, n))) }
}
