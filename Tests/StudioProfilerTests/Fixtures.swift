import Foundation
import StudioKit

@testable import StudioProfiler

final class BoxWidget: Widget {
    override func draw(in canvas: Canvas) { canvas.fillRect(bounds, .white) }
}

final class OneRoomProvider: StudioProvider {
    let measurer = ApproximateTextMeasurer()
    func room(at position: Int) -> RoomInfo { .placeholder }
    func makeStudio(at position: Int) throws -> Room {
        let studio = Room(room: room(at: position), environment: StudioEnvironment(measurer: measurer, seed: 1))
        try studio.add(BoxWidget(name: "box", level: 100, frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        return studio
    }
}

/// A frame whose phases take `ms` milliseconds each (pace 0), starting at `start` seconds.
func sample(index: Int, start: Double, phaseMs: Double = 1) -> FrameSample {
    var t = FrameTiming(index: index)
    for p in FramePhase.allCases where p != .pace { t[p] = phaseMs / 1000 }
    t.steps = 1
    t.drawItems = 10
    var c = FrameCounters()
    c.widgets = 5
    c.drawCommands = 10
    return FrameSample(start: start, timing: t, counters: c)
}
