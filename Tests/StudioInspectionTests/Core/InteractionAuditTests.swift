import StudioInspection
import Testing

@testable import StudioKit

/// A widget that drags in `axes` wherever it is touched.
private final class DraggingWidget: Widget {
    let axes: DragAxes
    init(name: String, axes: DragAxes, frame: Rect, level: Double = 210) {
        self.axes = axes
        super.init(name: name, level: level, frame: frame)
    }
    override func dragAxes(at point: Point) -> DragAxes? { axes }
}

@Suite("The audit's interaction rules: dead ends and small tap targets")
struct InteractionAuditTests {
    static func studio(_ mapping: GestureMapping = GestureMapping()) -> Room {
        let studio = Room(
            room: RoomInfo(
                id: 1, kind: "audience", title: "t", hostName: "h",
                cover: ImageRef("c"), onlineCount: 1),
            environment: StudioEnvironment(measurer: ApproximateTextMeasurer(), seed: 1))
        studio.gestureMapping = mapping
        return studio
    }

    @Test("a room whose swipes switch nothing is a dead end")
    func noRoomAxis() {
        let report = LayeringAudit().run(Self.studio(GestureMapping(vertical: .none, horizontal: .toggleLite)), kind: "test")
        #expect(report.findings.contains { $0.rule == .deadEnd && $0.widget == "studio" }, "\(report.text)")
        #expect(!report.passed)
    }

    @Test("a widget whose vertical drag covers the screen is a dead end, naming the widget")
    func screenWideDrag() throws {
        let studio = Self.studio()
        try studio.add(DraggingWidget(name: "pad", axes: .free, frame: Rect(x: 0, y: 0, width: 720, height: 1280)))
        let report = LayeringAudit().run(studio, kind: "test")
        let finding = report.findings.first { $0.rule == .deadEnd }
        #expect(finding?.widget == "pad", "\(report.text)")
    }

    @Test("a screen-wide drag across the room axis, or one within its controls, leaves the room reachable")
    func harmlessDrags() throws {
        let sideways = Self.studio()
        try sideways.add(DraggingWidget(name: "slider", axes: .horizontal, frame: Rect(x: 0, y: 0, width: 720, height: 1280)))
        #expect(!LayeringAudit().run(sideways, kind: "test").findings.contains { $0.rule == .deadEnd })
        let small = Self.studio()
        try small.add(DraggingWidget(name: "pad", axes: .free, frame: Rect(x: 100, y: 800, width: 300, height: 300)))
        #expect(!LayeringAudit().run(small, kind: "test").findings.contains { $0.rule == .deadEnd })
    }

    @Test("a widget that takes taps on less than 44x44 px is flagged; one of 44x44 is not")
    func smallTapTarget() throws {
        let studio = Self.studio()
        try studio.add(Widget(name: "tiny", level: 210, frame: Rect(x: 100, y: 300, width: 30, height: 60)))
        try studio.add(Widget(name: "fine", level: 210, frame: Rect(x: 300, y: 300, width: 44, height: 44)))
        let report = LayeringAudit().run(studio, kind: "test")
        #expect(report.findings.contains { $0.rule == .smallTapTarget && $0.widget == "tiny" }, "\(report.text)")
        #expect(!report.findings.contains { $0.rule == .smallTapTarget && $0.widget == "fine" })
    }

    @Test("two widgets that drag at the same points are a conflict, naming the one whose drag is shadowed")
    func conflictingDrags() throws {
        let studio = Self.studio()
        try studio.add(DraggingWidget(name: "lowerSlider", axes: .horizontal, frame: Rect(x: 100, y: 600, width: 400, height: 80)))
        try studio.add(DraggingWidget(name: "upperPad", axes: .free, frame: Rect(x: 300, y: 550, width: 300, height: 200), level: 220))
        let report = LayeringAudit().run(studio, kind: "test")
        let finding = report.findings.first { $0.rule == .dragConflict }
        #expect(finding?.widget == "lowerSlider", "\(report.text)")
        #expect(finding?.message.contains("'upperPad'") == true)
        #expect(!report.findings.contains { $0.rule == .dragConflict && $0.widget == "upperPad" })
    }
}
