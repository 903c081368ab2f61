import LuckyWheel
import StudioKit
import StudioTesting
import Studios
import Testing

/// The lucky-wheel room as a person sees it: goldens of the room, its movable layer and the
/// wheel alone, and the layering audit. The images and standard kinds come from
/// LiveStudio's Assets, found as its tools find them; the wheel's configuration is this
/// package's.
@Suite("The lucky wheel's goldens and audit")
struct LuckyWheelGoldenTests {
    /// The room after 90 frames (1.5 s), run deterministically with the real fonts.
    func scene() throws -> StudioScene {
        try StudioScene(kind: LuckyWheelRoom.kind, catalog: .standard + LuckyWheel.catalog)
    }

    @Test("the room, its movable layer and the wheel alone look as recorded")
    func goldens() throws {
        let scene = try scene()
        #expect(scene.part(LuckyWheelRoom.self) != nil)
        try assertGolden(scene, named: "luckyWheel-normal")
        try assertGolden(scene, named: "luckyWheel-movable", layer: .movable)
        try assertGolden(widget: LuckyWheelWidget.catalogName, of: scene, named: "wheel")
    }

    @Test("the room passes the layering audit, with the exceptions its configuration gives")
    func audit() throws {
        let report = try assertAudit(try scene())
        #expect(report.findings.isEmpty)
        #expect(report.excused.contains { $0.rule == .overlap && $0.widget == "danmaku" })
    }
}
