import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets
import Studios

/// A loaded basic single-host studio, with the approximate measurer, for
/// the live-interaction widgets (danmaku, gift banners and animations), driven by hand in
/// fixed 1/60 s steps.
package final class LiveFixture: StudioFixture {
    package init(seed: UInt64 = 7) {
        super.init(seed: seed)
    }

    /// Adds `widget` to the studio (loading it) and returns it.
    @discardableResult
    package func add<W: Widget>(_ widget: W) throws -> W {
        try studio.add(widget)
        return widget
    }

    package func hearts() -> HeartsWidget? { studio.root.subtree().first { $0 is HeartsWidget } as? HeartsWidget }
}
