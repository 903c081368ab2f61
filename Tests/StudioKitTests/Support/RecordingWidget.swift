@testable import StudioKit

/// A widget that logs its lifecycle and updates, draws one filled rectangle over its
/// bounds, and runs an optional hook during its update (to edit the tree mid-traversal).
final class RecordingWidget: Widget {
    let log: CallLog?
    var color: Color
    var onUpdate: ((RecordingWidget) -> Void)?
    private(set) var loadCount = 0
    private(set) var unloadCount = 0
    private(set) var updateCount = 0

    init(
        _ name: String, level: Double, frame: Rect = Rect(x: 0, y: 0, width: 10, height: 10),
        color: Color = .white, log: CallLog? = nil
    ) {
        self.log = log
        self.color = color
        super.init(name: name, level: level, frame: frame)
    }

    override func didLoad() {
        loadCount += 1
        log?.add("load \(name)")
    }

    override func didUnload() {
        unloadCount += 1
        log?.add("unload \(name)")
    }

    override func update(_ step: FrameStep) {
        updateCount += 1
        log?.add("update \(name)")
        onUpdate?(self)
    }

    override func draw(in canvas: Canvas) {
        canvas.fillRect(bounds, color)
    }
}
