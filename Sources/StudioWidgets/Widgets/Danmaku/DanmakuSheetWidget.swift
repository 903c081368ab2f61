import StudioDomain
import StudioKit

/// The danmaku settings sheet, as players have it: a bottom sheet opened by the "弹" button
/// (`.danmakuSettingsTapped`) or `present()`, with the barrage's opacity (a slider: tap or
/// drag), display area (¼ ½ ¾ full), speed (slow, normal, fast), text size (S M L), which
/// modes and whether colored comments show, merging duplicates, density (few, normal,
/// many), and a line counting what the settings kept off the screen (blocked, merged, over
/// density).
///
/// A change goes to the viewer's `DanmakuPreferences`, so it applies at once to the room's
/// barrage (the comments on screen too, see `DanmakuWidget.changeSettings`) and stays for
/// the rest of the session, room after room. A room without a barrage still shows the
/// sheet: the settings wait for the next room that has one.
///
/// A tap outside the sheet closes it, and a drag on it (but on the slider) pulls it down,
/// as every bottom sheet does.
package final class DanmakuSheetWidget: BottomSheetWidget, CatalogWidget {
    package static let catalogName = "danmakuSheet"
    package static let defaultLevel = Levels.danmakuSheet

    /// The viewer's settings (the session's when the app provided them). Nil until loaded.
    package private(set) var preferences: DanmakuPreferences?
    /// Whether the drag in progress moves the opacity slider (else it is the sheet's).
    private var draggingSlider = false

    package init(level: Double = Levels.danmakuSheet) {
        super.init(name: "danmakuSheet", level: level, opensOn: .danmakuSettingsTapped)
    }

    /// Options: none.
    package static func make(level: Double, options: WidgetOptions) throws -> Widget {
        try options.finish()
        return DanmakuSheetWidget(level: level)
    }

    package override func didLoad() {
        super.didLoad()
        guard let context else { return }
        preferences = DanmakuPreferences.of(context.environment)
    }

    override var sheetHeight: Double { DanmakuSheetLayout.sheetHeight }

    /// The room's barrage (the portrait one), if the room has one.
    package var danmaku: DanmakuWidget? { context?.widgets?.widget(DanmakuWidget.self) }

    /// The settings the sheet shows: the barrage's in force, else the viewer's, else the defaults.
    package var settings: DanmakuSettings { danmaku?.settings ?? preferences?.settings ?? DanmakuSettings() }

    /// Changes the viewer's settings: the barrage applies them now, the session keeps them.
    package func change(_ body: (inout DanmakuSettings) -> Void) {
        if let danmaku {
            danmaku.changeSettings(body)
        } else {
            var new = settings
            body(&new)
            preferences?.settings = new
        }
    }

    /// Whether the chip for `control` shows as on.
    func isOn(_ control: DanmakuSheetLayout.Control) -> Bool { Self.isOn(control, in: settings) }

    static func isOn(_ control: DanmakuSheetLayout.Control, in s: DanmakuSettings) -> Bool {
        switch control {
        case .area(let area): s.area == area
        case .speed(let speed): s.speed == speed
        case .scale(let scale): s.fontScale == scale
        case .show(let kind): s.shows(kind)
        case .colored: !s.hidesColored
        case .merge(let on): s.mergesDuplicates == on
        case .density(let cap): s.densityCap == cap
        }
    }

    /// Does what tapping the chip for `control` does.
    func apply(_ control: DanmakuSheetLayout.Control) {
        change { s in
            switch control {
            case .area(let area): s.area = area
            case .speed(let speed): s.speed = speed
            case .scale(let scale): s.fontScale = scale
            case .show(let kind):
                if s.hiddenModes.contains(kind) { s.hiddenModes.remove(kind) } else { s.hiddenModes.insert(kind) }
            case .colored: s.hidesColored.toggle()
            case .merge(let on): s.mergesDuplicates = on
            case .density(let cap): s.densityCap = cap
            }
        }
    }

    override func handleSheetTap(at point: Point) {
        if DanmakuSheetLayout.sliderTouchArea.contains(point) {
            let opacity = DanmakuSheetLayout.opacity(atX: point.x)
            change { $0.opacity = opacity }
        } else if let control = DanmakuSheetLayout.control(at: point) {
            apply(control)
        }
    }

    /// A drag that starts on the slider moves it; any other is the sheet's (pulls it down).
    package override func handleDrag(_ drag: DragInfo) {
        let sheet = sheetRect
        if drag.phase == .began {
            let start = Point(x: drag.start.x - sheet.minX, y: drag.start.y - sheet.minY)
            draggingSlider = isPresented && DanmakuSheetLayout.sliderTouchArea.contains(start)
        }
        guard draggingSlider else { return super.handleDrag(drag) }
        let x = drag.start.x + drag.translation.x - sheet.minX
        let opacity = DanmakuSheetLayout.opacity(atX: x)
        if opacity != settings.opacity { change { $0.opacity = opacity } }
        if drag.phase == .ended || drag.phase == .cancelled { draggingSlider = false }
    }

    // MARK: Drawing

    /// About 60 draw items while open.
    override func drawSheet(in canvas: Canvas, size: Size) {
        let s = settings
        canvas.text(
            "Danmaku settings", font: .bold(30), color: Palette.text, at: Point(x: size.width / 2, y: 26),
            alignment: .center)
        drawLabel("Opacity", row: 0, in: canvas)
        let track = DanmakuSheetLayout.sliderTrack
        let filled = track.width * (s.opacity - 0.1) / 0.9
        canvas.fillRoundedRect(track, radius: 4, Color.white.withAlpha(0.2))
        canvas.fillRoundedRect(Rect(x: track.minX, y: track.minY, width: filled, height: track.height), radius: 4, Palette.brand)
        canvas.fillCircle(center: Point(x: track.minX + filled, y: track.midY), radius: 14, .white)
        canvas.text(
            "\(Int(clamping: (s.opacity * 100).rounded()))%", font: .bold(24), color: Palette.text,
            at: Point(x: DanmakuSheetLayout.controlsRight, y: track.midY - 15), alignment: .right)
        for (r, row) in DanmakuSheetLayout.rows.enumerated() {
            drawLabel(row.label, row: r + 1, in: canvas)
            for (index, chip) in row.chips.enumerated() {
                let rect = DanmakuSheetLayout.chipRect(row: r + 1, index: index)
                let on = Self.isOn(chip.control, in: s)
                canvas.fillRoundedRect(rect, radius: rect.height / 2, on ? Palette.brand : Color.white.withAlpha(0.12))
                canvas.text(
                    chip.title, font: .bold(24), color: on ? .white : Palette.secondaryText,
                    at: Point(x: rect.midX, y: rect.minY + 11), alignment: .center)
            }
        }
        canvas.text(
            countsLine, font: .regular(24), color: Palette.secondaryText,
            at: Point(x: size.width / 2, y: DanmakuSheetLayout.countsTop), alignment: .center)
    }

    /// "Blocked 3 · Merged 12 · Over density 0", from the room's barrage.
    package var countsLine: String {
        guard let stats = danmaku?.stats else { return "This room shows no danmaku" }
        return "Blocked \(stats.blocked.total) · Merged \(stats.merged) · Over density \(stats.overDensity)"
    }

    private func drawLabel(_ label: String, row: Int, in canvas: Canvas) {
        guard !label.isEmpty else { return }
        canvas.text(
            label, font: .regular(26), color: Palette.secondaryText,
            at: Point(x: DanmakuSheetLayout.labelX, y: DanmakuSheetLayout.rowTop(row) + 17))
    }
}

extension EventKey where Payload == NoPayload {
    /// The danmaku button ("弹") was tapped: the settings sheet opens.
    package static let danmakuSettingsTapped = EventKey("danmakuSettingsTapped")
}
