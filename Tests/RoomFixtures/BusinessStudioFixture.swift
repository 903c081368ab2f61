import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets
import Studios

/// A loaded basic single-host studio (the first demo room, host "Luna"), to which a test
/// adds business widgets. Steps by hand at 1/60 s, draws with the approximate measurer; no
/// backend, no window.
package final class BusinessStudioFixture: StudioFixture {
    package init(seed: UInt64 = 3) throws {
        super.init(seed: seed)
    }

    /// Adds `widget` to the studio (it loads at once) and delivers what its load published.
    @discardableResult
    package func add<W: Widget>(_ widget: W) throws -> W {
        try studio.add(widget)
        studio.announcer.deliverQueued()
        return widget
    }

    /// Hands a tap to `widget` directly at `point` (its coordinates), then delivers what
    /// the widget announced. Returns whether the widget took it.
    @discardableResult
    package func tap(_ widget: Widget, at point: Point) -> Bool {
        let handled = widget.handleTap(at: point)
        studio.announcer.deliverQueued()
        return handled
    }

    /// A finger's tap on the screen at `point` (studio coordinates): hit testing decides
    /// which widget gets it.
    package func tapScreen(at point: Point) { tap(at: point) }

    /// `point` of `widget`'s coordinates in studio coordinates.
    package func screenPoint(_ widget: Widget, _ point: Point) -> Point { widget.transformToRoot.apply(point) }

    /// The texts drawn in `kind`'s layer.
    package func texts(in kind: LayerKind) -> [String] { draw().texts(in: kind) }

    /// Conceals every widget of the studio but `widget`, so a frame shows only what it draws.
    package func isolate(_ widget: Widget) {
        let others = studio.root.subtree().filter { $0 !== widget && !($0 is LayerContainer) && $0 !== studio.root }
        studio.conceal(levels: Set(others.map(\.level)).subtracting([widget.level]))
    }

    /// Records the events of `keys` from now on.
    package func recorder<each Payload>(_ keys: repeat EventKey<each Payload>) -> EventRecorder {
        EventRecorder(studio.announcer, repeat each keys)
    }
}

/// Options as a configuration file would give them, at `widgets[0].options` of "test.json".
package func testOptions(_ values: [String: JSONValue]) -> WidgetOptions {
    WidgetOptions(file: "test.json", keyPath: "widgets[0].options", values: values)
}
