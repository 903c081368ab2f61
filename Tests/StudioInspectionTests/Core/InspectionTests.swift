import StudioInspection
import Testing

@testable import StudioKit

@Suite("input recordings, the exploded view, the inspector and the audit")
struct InspectionTests {
    @Test("a recording line reads back as the same event")
    func aRecordingLineReadsBackAsTheSameEvent() throws {
        let events: [RecordedInput] = [
            RecordedInput(frame: 3, event: .pointer(PointerEvent(.moved, id: 2, at: Point(x: 10.5, y: 20), time: 0.25))),
            RecordedInput(frame: 4, event: .key(KeyEvent(.l, isDown: false, isRepeat: true))),
            RecordedInput(frame: 9, event: .quit),
        ]
        let text = events.map(InputRecording.line).joined(separator: "\n")
        #expect(try InputRecording.parse(text, file: "x") == events)
    }

    @Test("frames going backwards are rejected with the line")
    func framesGoingBackwardsAreRejectedWithTheLine() {
        let text = "{\"frame\":5,\"type\":\"quit\"}\n{\"frame\":4,\"type\":\"quit\"}"
        let error = #expect(throws: (any Error).self) { try InputRecording.parse(text, file: "r.jsonl") }
        #expect(error.map { "\($0)" } == "r.jsonl:2: frame 4 comes after frame 5")
    }

    @Test("the exploded view keeps every item in its layer")
    func theExplodedViewKeepsEveryItemInItsLayer() {
        var list = DisplayList()
        for kind in LayerKind.allCases {
            list.beginLayer(kind)
            list.append(DrawItem(.fill(.rect(Rect(x: 0, y: 0, width: 10, height: 10)), .white)))
            list.endLayer()
        }
        let exploded = ExplodedView.compose(list, viewport: .studio)
        for kind in LayerKind.allCases {
            // plate, clip push, the item, clip pop, outline, two labels
            #expect(exploded.items(in: kind).count == 7, "\(kind)")
        }
        let bottom = ExplodedView.transform(for: .background, viewport: .studio).apply(Point(x: 0, y: 0))
        let top = ExplodedView.transform(for: .float, viewport: .studio).apply(Point(x: 0, y: 0))
        #expect(bottom.y > top.y, "the background plate sits below the float plate")
    }

    @Test("the inspector takes its function keys but never pointer events")
    func theInspectorTakesItsFunctionKeysButNeverPointerEvents() throws {
        let overlay = InspectorOverlay()
        #expect(overlay.isolatedLayer == nil)
        for expected in [LayerKind.background, .displayer, .movable, .lite, .float] {
            overlay.cycleIsolation()
            #expect(overlay.isolatedLayer == expected)
        }
        overlay.cycleIsolation()
        #expect(overlay.isolatedLayer == nil)
    }

    @Test("a widget outside its layers levels is flagged")
    func aWidgetOutsideItsLayersLevelsIsFlagged() throws {
        let studio = Room(
            room: RoomInfo(
                id: 1, kind: "audience", title: "t", hostName: "h",
                cover: ImageRef("c"), onlineCount: 1),
            environment: StudioEnvironment(measurer: ApproximateTextMeasurer(), seed: 1))
        let parent = Widget(name: "panel", level: 210, frame: Rect(x: 10, y: 100, width: 100, height: 100))
        try studio.add(parent)
        try parent.addChild(Widget(name: "stray", level: 450, frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        let report = LayeringAudit().run(studio, kind: "test")
        #expect(report.findings.contains { $0.rule == .levelOutsideLayer && $0.widget == "stray" }, "\(report.text)")
        #expect(!(report.passed))
    }

    @Test("a widget covered by a non penetrating widget above is unreachable")
    func aWidgetCoveredByANonPenetratingWidgetAboveIsUnreachable() throws {
        let studio = Room(
            room: RoomInfo(
                id: 1, kind: "audience", title: "t", hostName: "h",
                cover: ImageRef("c"), onlineCount: 1),
            environment: StudioEnvironment(measurer: ApproximateTextMeasurer(), seed: 1))
        try studio.add(Widget(name: "button", level: 210, frame: Rect(x: 100, y: 300, width: 50, height: 50)))
        try studio.add(Widget(name: "sheet", level: 410, frame: Rect(x: 0, y: 200, width: 720, height: 400)))
        let report = LayeringAudit().run(
            studio, kind: "test",
            exceptions: [AuditException(rule: .offScreen, widget: "nobody", reason: "stale one here")])
        #expect(report.findings.contains { $0.rule == .unreachable && $0.widget == "button" }, "\(report.text)")
        #expect(report.unusedExceptions.count == 1)
    }
}
