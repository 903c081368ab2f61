import Foundation
import StudioKit
import Studios
import Testing

@testable import StudioCLI

@Suite("the bench's widget costs")
struct BenchWidgetCostTests {
    static func settings(top: Int) -> BenchSettings {
        var settings = BenchSettings(scene: .room, assets: URL(fileURLWithPath: DumpSessionTests.assets))
        settings.kind = StudioKinds.pk
        settings.frames = 30
        settings.warmUp = 10
        settings.top = top
        return settings
    }

    @Test("widgets that draw again have raster time, counted in their total")
    func rasterPerWidget() throws {
        let report = try Bench.run(Self.settings(top: 40))
        #expect(report.topWidgets.count > 5)
        // One measured frame in seven times the widgets (the 1st, 8th, ... 29th of 30), and
        // is left out of the percentiles, which the other 25 make.
        #expect(report.topWidgets.allSatisfy { $0.frames == 5 }, "\(report.topWidgets.map(\.frames))")
        #expect(report.profiledFrames == 5 && report.frameTime.count == 25 && report.frames == 30)
        #expect(report.table().contains("5 frames (one in 7) timed each widget"), "\(report.table())")
        // The PK room's opponent video and the gifts move every frame: their items are drawn again.
        let drawing = report.topWidgets.filter { $0.rasterSeconds > 0 }
        #expect(drawing.count >= 2, "\(report.topWidgets.map { ($0.name, $0.rasterSeconds) })")
        // A widget's raster time is part of its total, and the list is ordered by the total.
        #expect(report.topWidgets.map(\.totalSeconds) == report.topWidgets.map(\.totalSeconds).sorted(by: >))
        #expect(drawing.allSatisfy { abs($0.totalSeconds - $0.updateSeconds - $0.drawSeconds - $0.rasterSeconds) < 1e-12 })
    }

    @Test("--top 0 measures no widget")
    func noProbe() throws {
        let report = try Bench.run(Self.settings(top: 0))
        #expect(report.frames == 30 && report.frameTime.count == 30 && report.profiledFrames == nil)
        #expect(report.topWidgets.isEmpty)
    }

    @Test("the report accounts for the renderer's memory, each part apart")
    func heldMemory() throws {
        let report = try Bench.run(Self.settings(top: 0))
        let held = try #require(report.heldMemory)
        let bytes = Dictionary(uniqueKeysWithValues: held.parts.map { ($0.name, $0.bytes) })
        // The PK room caches its five layers' surfaces (3.5 MiB each at 720x1280) and its text.
        #expect((bytes["surfaces"] ?? 0) >= 720 * 1280 * 4)
        #expect((bytes["text"] ?? 0) > 0)
        #expect(held.total <= report.memory.peakResidentBytes)
    }
}
