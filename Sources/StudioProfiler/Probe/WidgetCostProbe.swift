import Foundation
import StudioKit

/// What one widget cost (its own update and draw, children excluded) over `frames` frames.
public struct WidgetCost: Codable, Hashable, Sendable {
    public var name: String
    public var updateSeconds: Double
    public var drawSeconds: Double
    public var frames: Int

    public init(name: String, updateSeconds: Double, drawSeconds: Double, frames: Int) {
        self.name = name
        self.updateSeconds = updateSeconds
        self.drawSeconds = drawSeconds
        self.frames = frames
    }

    public var totalSeconds: Double { updateSeconds + drawSeconds }
    public var updatePerFrame: Double { updateSeconds / Double(max(1, frames)) }
    public var drawPerFrame: Double { drawSeconds / Double(max(1, frames)) }
    public var totalPerFrame: Double { totalSeconds / Double(max(1, frames)) }
}

/// A `WidgetProbe` that sums each widget's update and draw time. Set it on a studio's
/// `environment.probe`; call `frameEnded()` once per frame so per-frame costs can be given.
/// Widgets are told apart by identity; a widget's entry keeps its name after it is gone.
public final class WidgetCostProbe: WidgetProbe {
    private var index: [ObjectIdentifier: Int] = [:]
    private var names: [String] = []
    private var update: [Double] = []
    private var draw: [Double] = []
    /// Each widget's update and draw since `takeCostliest()` last ran.
    private var recent: [Double] = []
    public private(set) var frames = 0

    public init() {}

    public func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    public func record(_ widget: Widget, _ phase: WidgetPhase, seconds: Double) {
        record(id: ObjectIdentifier(widget), name: widget.name, phase, seconds: seconds)
    }

    /// Records a cost for a widget known by identity and name (what `record(_:_:seconds:)` does).
    public func record(id: ObjectIdentifier, name: String, _ phase: WidgetPhase, seconds: Double) {
        let i: Int
        if let known = index[id] {
            i = known
        } else {
            i = names.count
            index[id] = i
            names.append(name)
            update.append(0)
            draw.append(0)
            recent.append(0)
        }
        recent[i] += seconds
        switch phase {
        case .update: update[i] += seconds
        case .draw: draw[i] += seconds
        }
    }

    public func frameEnded() { frames += 1 }

    /// The widget that cost the most since the last call (a frame, when called once a frame),
    /// and what it cost; nil when none recorded anything. Starts the next such window.
    /// - Complexity: O(widgets).
    public func takeCostliest() -> (name: String, seconds: Double)? {
        defer { for i in recent.indices { recent[i] = 0 } }
        guard let i = recent.indices.max(by: { recent[$0] < recent[$1] }), recent[i] > 0 else { return nil }
        return (names[i], recent[i])
    }

    /// Forgets everything (the HUD restarts its window).
    public func reset() {
        index.removeAll(keepingCapacity: true)
        names.removeAll(keepingCapacity: true)
        update.removeAll(keepingCapacity: true)
        draw.removeAll(keepingCapacity: true)
        recent.removeAll(keepingCapacity: true)
        frames = 0
    }

    /// Every widget's cost, costliest first (ties: by name).
    public var costs: [WidgetCost] {
        names.indices.map { WidgetCost(name: names[$0], updateSeconds: update[$0], drawSeconds: draw[$0], frames: frames) }
            .sorted { $0.totalSeconds != $1.totalSeconds ? $0.totalSeconds > $1.totalSeconds : $0.name < $1.name }
    }

    /// The `n` costliest widgets by update + draw time.
    public func top(_ n: Int) -> [WidgetCost] { Array(costs.prefix(max(0, n))) }
}
