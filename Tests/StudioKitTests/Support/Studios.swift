@testable import StudioKit

/// A fresh environment with the deterministic text measurer.
func makeEnvironment(seed: UInt64 = 1) -> StudioEnvironment {
    StudioEnvironment(measurer: ApproximateTextMeasurer(), seed: seed)
}

/// A bare room: nothing but its five empty layers.
func makeEmptyStudio(seed: UInt64 = 1) -> Room {
    Room(room: .placeholder, environment: makeEnvironment(seed: seed))
}

/// One fixed step of the default 1/60 s loop.
func fixedStep(_ index: Int) -> FrameStep {
    FrameStep(dt: 1.0 / 60.0, time: Double(index) / 60.0, index: index)
}

/// The display list a studio draws right now.
func drawList(of studio: Room) -> DisplayList {
    let canvas = Canvas(measurer: studio.environment.measurer)
    studio.draw(in: canvas)
    return canvas.list
}

/// The fill colors of a display list's items, in order (nil for other commands).
func fillColors(_ items: some Sequence<DrawItem>) -> [Color?] {
    items.map { item in
        if case .fill(_, let color) = item.command { return color }
        return nil
    }
}
