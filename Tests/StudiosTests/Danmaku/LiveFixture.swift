import StudioKit
@testable import Studios

/// A loaded basic single-host studio, with the approximate measurer, for
/// the live-interaction widgets (danmaku, gift banners and animations), driven by hand in
/// fixed 1/60 s steps.
final class LiveFixture: HandDrivenStudio<SingleHostStudio> {
    init(seed: UInt64 = 7) {
        let measurer = ApproximateTextMeasurer()
        super.init(SingleHostStudio(room: RoomDirectory.demoRooms[0], environment: StudioEnvironment(measurer: measurer, seed: seed)),
                   measurer: measurer)
    }

    /// Adds `widget` to the studio (loading it) and returns it.
    @discardableResult
    func add<W: Widget>(_ widget: W) throws -> W {
        try studio.add(widget)
        return widget
    }

    func hearts() -> HeartsWidget? { studio.root.subtree().first { $0 is HeartsWidget } as? HeartsWidget }
}
