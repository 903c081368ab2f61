/// The phases of one frame, in the order they run (docs/ARCHITECTURE.md, "One frame, in order").
public enum FramePhase: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case inbox, input, dispatch, update, draw, render, present, pace

    public var description: String {
        switch self {
        case .inbox: "inbox"
        case .input: "input"
        case .dispatch: "dispatch"
        case .update: "update"
        case .draw: "draw"
        case .render: "render"
        case .present: "present"
        case .pace: "pace"
        }
    }
}

/// The measured seconds of each phase of one frame (fixed storage: no allocation per frame).
public struct FrameTiming: Hashable, Sendable {
    public var index: Int
    package var phases: (Double, Double, Double, Double, Double, Double, Double, Double) = (0, 0, 0, 0, 0, 0, 0, 0)
    /// Seconds the draw phase spent in each layer, bottom to top (background...float).
    package var layerDraw: (Double, Double, Double, Double, Double) = (0, 0, 0, 0, 0)
    /// Simulation steps this frame ran.
    public var steps: Int = 0
    /// Events the announcer delivered this frame.
    package var eventsDelivered: Int = 0
    /// Draw items the frame produced.
    package var drawItems: Int = 0

    public init(index: Int) { self.index = index }

    public subscript(phase: FramePhase) -> Double {
        get {
            switch phase {
            case .inbox: phases.0
            case .input: phases.1
            case .dispatch: phases.2
            case .update: phases.3
            case .draw: phases.4
            case .render: phases.5
            case .present: phases.6
            case .pace: phases.7
            }
        }
        set {
            switch phase {
            case .inbox: phases.0 = newValue
            case .input: phases.1 = newValue
            case .dispatch: phases.2 = newValue
            case .update: phases.3 = newValue
            case .draw: phases.4 = newValue
            case .render: phases.5 = newValue
            case .present: phases.6 = newValue
            case .pace: phases.7 = newValue
            }
        }
    }

    /// Seconds the draw phase spent in `layer`.
    package func drawTime(of layer: LayerKind) -> Double {
        switch layer {
        case .background: layerDraw.0
        case .displayer: layerDraw.1
        case .movable: layerDraw.2
        case .lite: layerDraw.3
        case .float: layerDraw.4
        }
    }

    mutating func setDrawTime(_ seconds: Double, of layer: LayerKind) {
        switch layer {
        case .background: layerDraw.0 = seconds
        case .displayer: layerDraw.1 = seconds
        case .movable: layerDraw.2 = seconds
        case .lite: layerDraw.3 = seconds
        case .float: layerDraw.4 = seconds
        }
    }

    /// The frame's working time: every phase but pacing.
    public var busy: Double { FramePhase.allCases.reduce(0) { $0 + ($1 == .pace ? 0 : self[$1]) } }
    /// The whole frame, pacing included.
    package var total: Double { busy + self[.pace] }

    public static func == (a: FrameTiming, b: FrameTiming) -> Bool {
        a.index == b.index && a.steps == b.steps && a.drawItems == b.drawItems
            && FramePhase.allCases.allSatisfy { a[$0] == b[$0] }
    }

    public func hash(into h: inout Hasher) {
        h.combine(index)
        for p in FramePhase.allCases { h.combine(self[p]) }
    }
}
