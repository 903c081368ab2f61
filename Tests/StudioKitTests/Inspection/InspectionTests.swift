import StudioInspection
import XCTest

@testable import StudioKit

final class InspectionTests: XCTestCase {
    func testARecordingLineReadsBackAsTheSameEvent() throws {
        let events: [RecordedInput] = [
            RecordedInput(frame: 3, event: .pointer(PointerEvent(.moved, id: 2, at: Point(x: 10.5, y: 20), time: 0.25))),
            RecordedInput(frame: 4, event: .key(KeyEvent(.l, isDown: false, isRepeat: true))),
            RecordedInput(frame: 9, event: .quit),
        ]
        let text = events.map(InputRecording.line).joined(separator: "\n")
        XCTAssertEqual(try InputRecording.parse(text, file: "x"), events)
    }

    func testFramesGoingBackwardsAreRejectedWithTheLine() {
        let text = "{\"frame\":5,\"type\":\"quit\"}\n{\"frame\":4,\"type\":\"quit\"}"
        XCTAssertThrowsError(try InputRecording.parse(text, file: "r.jsonl")) {
            XCTAssertEqual("\($0)", "r.jsonl:2: frame 4 comes after frame 5")
        }
    }

    func testTheExplodedViewKeepsEveryItemInItsLayer() {
        var list = DisplayList()
        for kind in LayerKind.allCases {
            list.beginLayer(kind)
            list.append(DrawItem(.fill(.rect(Rect(x: 0, y: 0, width: 10, height: 10)), .white)))
            list.endLayer()
        }
        let exploded = ExplodedView.compose(list, viewport: .studio)
        for kind in LayerKind.allCases {
            // plate, clip push, the item, clip pop, outline, two labels
            XCTAssertEqual(exploded.items(in: kind).count, 7, "\(kind)")
        }
        let bottom = ExplodedView.transform(for: .background, viewport: .studio).apply(Point(x: 0, y: 0))
        let top = ExplodedView.transform(for: .float, viewport: .studio).apply(Point(x: 0, y: 0))
        XCTAssertGreaterThan(bottom.y, top.y, "the background plate sits below the float plate")
    }

    func testTheInspectorTakesItsFunctionKeysButNeverPointerEvents() throws {
        let overlay = InspectorOverlay()
        XCTAssertEqual(overlay.isolatedLayer, nil)
        for expected in [LayerKind.background, .displayer, .movable, .lite, .float] {
            overlay.cycleIsolation()
            XCTAssertEqual(overlay.isolatedLayer, expected)
        }
        overlay.cycleIsolation()
        XCTAssertNil(overlay.isolatedLayer)
    }

    func testAWidgetOutsideItsLayersLevelsIsFlagged() throws {
        let studio = Room(
            room: RoomInfo(
                id: 1, kind: "audience", title: "t", hostName: "h",
                cover: ImageRef("c"), onlineCount: 1),
            environment: StudioEnvironment(measurer: ApproximateTextMeasurer(), seed: 1))
        let parent = Widget(name: "panel", level: 210, frame: Rect(x: 10, y: 100, width: 100, height: 100))
        try studio.add(parent)
        try parent.addChild(Widget(name: "stray", level: 450, frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        let report = LayeringAudit().run(studio, kind: "test")
        XCTAssertTrue(report.findings.contains { $0.rule == .levelOutsideLayer && $0.widget == "stray" }, report.text)
        XCTAssertFalse(report.passed)
    }

    func testAWidgetCoveredByANonPenetratingWidgetAboveIsUnreachable() throws {
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
        XCTAssertTrue(report.findings.contains { $0.rule == .unreachable && $0.widget == "button" }, report.text)
        XCTAssertEqual(report.unusedExceptions.count, 1)
    }
}
