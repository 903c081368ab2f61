import RoomFixtures
import Foundation
import StudioKit
import Testing

@testable import StudioAppCore
@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("The danmaku button and settings sheet")
struct DanmakuSheetTests {
    /// The shipped audience room, its sheet opened by a tap on the "弹" button and slid up.
    static func openSheet() throws -> (ConfiguredStudioFixture, DanmakuSheetWidget, DanmakuWidget) {
        let f = try ConfiguredStudioFixture(kind: StudioKinds.audience)
        let button = try #require(f.widget("danmakuButton", as: DanmakuButtonWidget.self))
        let sheet = try #require(f.widget("danmakuSheet", as: DanmakuSheetWidget.self))
        let danmaku = try #require(f.widget("danmaku", as: DanmakuWidget.self))
        #expect(!sheet.isPresented)
        f.tap(at: f.center(of: button))
        f.run(seconds: 0.5)
        #expect(sheet.isPresented && sheet.progress == 1)
        return (f, sheet, danmaku)
    }

    /// Where a point of the sheet (its own coordinates) is in the studio.
    static func onSheet(_ sheet: DanmakuSheetWidget, _ point: Point) -> Point {
        sheet.transformToRoot.apply(Point(x: point.x + sheet.sheetRect.minX, y: point.y + sheet.sheetRect.minY))
    }

    static func chipCenter(_ title: String) throws -> Point {
        for (r, row) in DanmakuSheetLayout.rows.enumerated() {
            if let i = row.chips.firstIndex(where: { $0.title == title }) {
                return DanmakuSheetLayout.chipRect(row: r + 1, index: i).center
            }
        }
        throw CancellationError()
    }

    @Test("every kind a viewer watches has the 弹 button and its sheet; the host's own studio has neither")
    func everyViewerKind() throws {
        for kind in StudioKinds.all {
            let config = try ConfiguredStudioFixture.shippedConfig(kind)
            let has = config.entry(named: "danmakuButton") != nil && config.entry(named: "danmakuSheet") != nil
            #expect(has == (kind != StudioKinds.host), "\(kind)")
        }
    }

    @Test("the button, the chips and the slider are all at least 44 by 44 points")
    func targetsAreBigEnough() throws {
        let (_, _, _) = try Self.openSheet()
        #expect(DanmakuButtonWidget.frame(in: .studio).width >= 44 && DanmakuButtonWidget.frame(in: .studio).height >= 44)
        for (r, row) in DanmakuSheetLayout.rows.enumerated() {
            for i in row.chips.indices {
                let chip = DanmakuSheetLayout.chipRect(row: r + 1, index: i)
                #expect(chip.width >= 44 && chip.height >= 44, "\(row.chips[i].title): \(chip)")
                #expect(chip.maxX <= 720 - 16)
            }
        }
        #expect(DanmakuSheetLayout.sliderTouchArea.height >= 44)
        #expect(DanmakuSheetLayout.countsTop + 40 <= DanmakuSheetLayout.sheetHeight - StudioEnvironment.homeIndicatorHeight)
    }

    @Test(
        "taps on the sheet's chips change the barrage's settings at once",
        arguments: [
            ("½", "area"), ("Fast", "speed"), ("L", "size"), ("Top", "top"), ("Colored", "colored"),
            ("Same ×N", "merge"), ("Few", "density"),
        ])
    func chipsChangeSettings(chip: String, what: String) throws {
        let (f, sheet, danmaku) = try Self.openSheet()
        f.tap(at: Self.onSheet(sheet, try Self.chipCenter(chip)))
        let s = danmaku.settings
        switch what {
        case "area": #expect(s.area == .half && danmaku.usableLaneCount == danmaku.laneCount / 2)
        case "speed": #expect(s.speed == 1.5)
        case "size": #expect(s.fontScale == 1.25 && danmaku.laneHeight == 54)
        case "top": #expect(s.hiddenModes == [.top])
        case "colored": #expect(s.hidesColored)
        case "merge": #expect(s.mergesDuplicates)
        default: #expect(s.densityCap == 20)
        }
        #expect(sheet.isPresented)
        #expect(
            sheet.isOn(DanmakuSheetLayout.rows.flatMap(\.chips).first { $0.title == chip }!.control) == (what != "top" && what != "colored")
        )
    }

    @Test("a tap on a mode's chip hides that mode, a second shows it again")
    func modeChipToggles() throws {
        let (f, sheet, danmaku) = try Self.openSheet()
        let point = Self.onSheet(sheet, try Self.chipCenter("Reverse"))
        f.tap(at: point)
        #expect(danmaku.settings.hiddenModes == [.reverse])
        f.run(seconds: 0.5)  // not a double tap
        f.tap(at: point)
        #expect(danmaku.settings.hiddenModes.isEmpty)
    }

    @Test(
        "a tap on the opacity slider sets it from 10% at its left end to 100% at its right; a drag along it moves it and keeps the sheet up"
    )
    func opacitySlider() throws {
        let (f, sheet, danmaku) = try Self.openSheet()
        let track = DanmakuSheetLayout.sliderTrack
        f.tap(at: Self.onSheet(sheet, Point(x: track.minX, y: track.midY)))
        #expect(danmaku.settings.opacity == 0.1)
        #expect(danmaku.alpha == 0.1)
        f.run(seconds: 0.5)
        f.tap(at: Self.onSheet(sheet, Point(x: track.midX, y: track.midY)))
        #expect(danmaku.settings.opacity == 0.55)
        f.run(seconds: 0.5)
        f.drag(from: Self.onSheet(sheet, Point(x: track.midX, y: track.midY)), by: Point(x: track.width / 2 + 40, y: 30))
        #expect(danmaku.settings.opacity == 1)
        f.run(seconds: 0.5)
        #expect(sheet.isPresented && sheet.pullOffset == 0)
    }

    @Test("the counts line says how many comments were blocked, merged and over density")
    func countsLine() throws {
        let (f, sheet, danmaku) = try Self.openSheet()
        danmaku.changeSettings {
            $0.mergesDuplicates = true
            $0.hiddenModes = [.top]
        }
        danmaku.enqueue(DanmakuItem(text: "pinned", mode: .top))
        danmaku.enqueue(DanmakuItem(text: "666"))
        f.step()
        danmaku.enqueue(DanmakuItem(text: "666"))
        danmaku.enqueue(DanmakuItem(text: "666"))
        #expect(sheet.countsLine == "Blocked 1 · Merged 2 · Over density 0")
        #expect(f.texts().contains(sheet.countsLine))
    }

    @Test("a tap outside the sheet closes it without changing anything")
    func tapOutsideCloses() throws {
        let (f, sheet, danmaku) = try Self.openSheet()
        let before = danmaku.settings
        f.tap(at: Point(x: 360, y: 100))
        #expect(!sheet.isPresented)
        #expect(danmaku.settings == before)
    }
}

@Suite("Danmaku settings across a session")
struct DanmakuSessionTests {
    static func app(danmaku: DanmakuSettings? = nil) throws -> (StudioApp, ScriptedBackend, ManualClock) {
        var options = StudioApp.Options(assets: AppFixture.assets)
        options.lockstep = true
        options.danmaku = danmaku
        let backend = ScriptedBackend()
        let clock = ManualClock()
        return (try StudioApp(options: options, backend: backend, clock: clock), backend, clock)
    }

    static func run(_ app: StudioApp, _ clock: ManualClock, frames: Int) throws {
        try app.driver.run(frames: frames, paced: false) { clock.advance(by: app.driver.loop.step) }
    }

    static func widget<W: Widget>(_ app: StudioApp, _ type: W.Type) -> W? {
        app.driver.studio.widget(type)
    }

    @Test("what the viewer sets in one room's sheet holds in the next rooms of the session, sheet and barrage alike")
    func settingsFollowTheViewer() throws {
        let (app, backend, clock) = try Self.app()
        defer { app.driver.shutdown() }
        try Self.run(app, clock, frames: 5)
        #expect(app.driver.studio.room.kind == StudioKinds.audience)
        let sheet = try #require(Self.widget(app, DanmakuSheetWidget.self))
        sheet.apply(.area(.half))
        sheet.apply(.show(.reverse))
        let danmaku = try #require(Self.widget(app, DanmakuWidget.self))
        #expect(danmaku.settings.area == .half)
        var visited: [RoomKind] = []
        for _ in 0..<2 {
            backend.queue([.key(KeyEvent(.up))])
            try Self.run(app, clock, frames: 60)
            visited.append(app.driver.studio.room.kind)
            let next = try #require(Self.widget(app, DanmakuSheetWidget.self))
            #expect(next !== sheet)
            #expect(next.preferences === sheet.preferences)
            #expect(next.settings.area == .half && next.settings.hiddenModes == [.reverse])
        }
        #expect(visited == [StudioKinds.shopping, StudioKinds.hostsLoop])
        let barrage = try #require(Self.widget(app, DanmakuWidget.self))
        #expect(barrage !== danmaku)
        #expect(barrage.settings.area == .half && barrage.usableLaneCount == barrage.laneCount / 2)
        #expect(barrage.settings.hiddenModes == [.reverse])
    }

    @Test("the app's danmaku settings override every room's configuration")
    func appSettingsOverride() throws {
        var settings = DanmakuSettings()
        settings.opacity = 0.4
        settings.densityCap = 7
        let (app, backend, clock) = try Self.app(danmaku: settings)
        defer { app.driver.shutdown() }
        try Self.run(app, clock, frames: 5)
        #expect(Self.widget(app, DanmakuWidget.self)?.settings == settings)
        #expect(Self.widget(app, DanmakuWidget.self)?.alpha == 0.4)
        backend.queue([.key(KeyEvent(.up))])
        try Self.run(app, clock, frames: 60)
        backend.queue([.key(KeyEvent(.up))])
        try Self.run(app, clock, frames: 60)
        #expect(Self.widget(app, DanmakuWidget.self)?.settings == settings)
    }
}
