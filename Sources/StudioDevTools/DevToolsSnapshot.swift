import Foundation
import StudioInspection
import StudioKit

/// What the DevTools page is shown of the running room, a few times a second: its widget
/// tree as `studio dump` records it, the selected widget, and the frames run since the last
/// snapshot. docs/DEVTOOLS.md describes it field by field.
package struct DevToolsSnapshot: Codable, Sendable, Equatable {
    /// Counts snapshots from 1; the page shows only newer ones.
    package var serial: Int
    /// Frames the room has run.
    package var frame: Int
    /// The room's kind.
    package var kind: String
    package var tree: WidgetRecord
    /// The selected widget's place in `tree`: child indices from the root.
    package var selected: [Int]?
    /// The selected widget's own frame, in its parent's coordinates: what `set frame` sets
    /// (`tree` gives frames on the screen).
    package var selectedFrame: ScreenRect?
    /// The events the selected widget listens to (`tree` leaves each widget's out).
    package var selectedSubscriptions: [String]?
    /// The selected widget's own options, as JSON text by key (`DevToolsWidgetOptions`).
    package var selectedOptions: [String: String]?
    /// The widget under the pointer in the window, as `selected` names one; absent headless
    /// or when the pointer is elsewhere.
    package var hovered: [Int]?
    /// The frames run since the last snapshot, oldest first (at most `DevToolsOverlay.maxFrames`).
    package var frames: [Frame]
    /// What the last commands answered, oldest first: "hid commentList", or why one was
    /// refused. The last few are in every snapshot, numbered, so that a page that missed a
    /// snapshot (it gets only the newest) still sees each reply once.
    package var replies: [Reply]
    /// The edits held (`DevToolsHeldEdits`), oldest first, each with its undo on the page.
    package var edits: [Edit] = []
    /// The five layers, bottom to top: their items in the frame and whether they are shown.
    package var layers: [Layer] = []
    /// The layer shown alone, if one is.
    package var isolated: String?
    /// Whether the exploded view is on.
    package var exploded = false
    /// The window's widget bounds and repaint view, shown or not; nil without a window.
    package var bounds: Bool?
    package var repaints: Bool?
    /// The log's entries since those the page was last sent (pushed pages only), and how
    /// many newer ones were passed over.
    package var events: [DevToolsLogEntry.Record]?
    package var eventsSkipped: Int?
    /// Whether widget costs are being measured (`profile`), and the costliest widgets'
    /// update and draw per frame since it began.
    package var profiling = false
    package var topWidgets: [WidgetTime]?
    /// The process's resident memory, read once a second.
    package var memory: Memory?

    /// An edit held: the widget's name, the property and the value, as JSON (a frame as
    /// `x,y wxh`, as the replies write it).
    package struct Edit: Codable, Sendable, Equatable {
        package var name: String
        package var property: String
        package var value: String

        init(name: String, property: String, value: DevToolsValue) {
            self.name = name
            self.property = property
            if case .frame(let frame) = value {
                self.value = frame.description
            } else {
                self.value = (try? JSONEncoder().encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
            }
        }
    }

    /// A widget's update and draw time, in milliseconds.
    package struct WidgetTime: Codable, Sendable, Equatable {
        package var name: String
        package var ms: Double

        package init(name: String, seconds: Double) {
            self.name = name
            ms = (seconds * 1e6).rounded() / 1000
        }
    }

    public struct Memory: Codable, Sendable, Equatable {
        package var residentMB: Double
        package var peakMB: Double
        /// The renderer's caches, each with what it holds and its budget, when the app says.
        package var caches: [Cache]?
    }

    /// One of the renderer's caches: what it holds and the budget it evicts to stay under.
    package struct Cache: Codable, Sendable, Equatable {
        package var name: String
        package var mb: Double
        package var budgetMB: Double

        package init(name: String, bytes: Int, budget: Int) {
            self.name = name
            mb = Double(bytes) / 1e6
            budgetMB = Double(budget) / 1e6
        }
    }

    package struct Layer: Codable, Sendable, Equatable {
        package var name: String
        package var items: Int
        package var shown: Bool
        /// What building its part of the display list took, per frame over the frames since
        /// the last snapshot, in milliseconds (its pixels are the render phase's, for the
        /// whole frame).
        package var drawMs: Double

        package init(name: String, items: Int, shown: Bool, drawMs: Double) {
            self.name = name
            self.items = items
            self.shown = shown
            self.drawMs = (drawMs * 1000).rounded() / 1000
        }
    }

    package struct Reply: Codable, Sendable, Equatable {
        /// Counts replies from 1.
        package var number: Int
        package var text: String
    }

    /// One frame's busy time and its phases, in milliseconds.
    public struct Frame: Codable, Sendable, Equatable {
        package var index: Int
        package var busy: Double
        /// By phase name (`FramePhase`), the busy ones only.
        package var phases: [String: Double]
        /// Its costliest widgets, while profiling.
        package var widgets: [WidgetTime]?

        package init(_ timing: FrameTiming) {
            index = timing.index
            var phases: [String: Double] = [:]
            var busy = 0.0
            for phase in FramePhase.allCases where phase != .pace {
                let ms = timing[phase] * 1000
                busy += ms
                if ms > 0 { phases[phase.description] = (ms * 1000).rounded() / 1000 }
            }
            self.busy = (busy * 1000).rounded() / 1000
            self.phases = phases
        }
    }
}

/// What the page asks of the room. Every command that names a widget gives its place in the
/// last snapshot's tree and its name, so that a tree that changed in between refuses the
/// command rather than acting on another widget.
package struct DevToolsCommand: Codable, Sendable, Equatable {
    /// "select", "deselect" or "set".
    package var command: String
    package var path: [Int]?
    package var name: String?
    /// For "set": the property (`DevToolsEdits.properties`) and its new value; for "layer"
    /// and "exploded", whether it is shown.
    package var property: String?
    package var value: DevToolsValue?
    /// For "layer" and "isolate": the layer's name (none for "isolate": every layer).
    package var layer: String?

    package init(
        command: String, path: [Int]? = nil, name: String? = nil, property: String? = nil, value: DevToolsValue? = nil,
        layer: String? = nil
    ) {
        self.command = command
        self.path = path
        self.name = name
        self.property = property
        self.value = value
        self.layer = layer
    }
}
