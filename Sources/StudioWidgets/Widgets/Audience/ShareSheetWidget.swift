import StudioDomain
import StudioKit

/// The share sheet: a bottom sheet with a row of round share targets (WeChat, Moments, QQ,
/// Weibo, Copy link, More) and a Cancel bar. Opened by `.shareTapped` (the bottom bar's share
/// button) or `present()`. Tapping a target does not share yet: the sheet turns to a confirm
/// view showing what goes where (the target, the room's title and host) with Back and
/// Confirm. Confirm announces `.sharedTo` with the target's title, asks for a toast ("Shared
/// to WeChat") and closes the sheet; Back returns to the targets; Cancel or a tap outside
/// closes it without sharing. Closed, it is hidden and lets every touch through.
package final class ShareSheetWidget: BottomSheetWidget, CatalogWidget {
    package static let catalogName = "shareSheet"
    package static let defaultLevel = Levels.shareSheet

    /// The targets, left to right.
    package let targets: [ShareTarget]
    /// The target picked and waiting for Confirm; nil while the targets show.
    package private(set) var chosen: ShareTarget?
    /// What is shared: the room's title and its host (the one on stage in a hosts loop).
    package private(set) var roomTitle = ""
    package private(set) var hostName = ""

    static let iconRadius = 46.0
    static let iconY = 150.0
    static let cancelHeight = 88.0
    /// The confirm view: the card of what is shared and its two buttons.
    static let card = Rect(x: 32, y: 80, width: 656, height: 116)
    package static let backButton = Rect(x: 32, y: 222, width: 316, height: 76)
    package static let confirmButton = Rect(x: 372, y: 222, width: 316, height: 76)

    package init(level: Double = Levels.shareSheet, targets: [ShareTarget] = ShareTarget.allCases) {
        self.targets = targets.isEmpty ? ShareTarget.allCases : targets
        super.init(name: "shareSheet", level: level, opensOn: .shareTapped)
    }

    /// Options: `targets` (1 to 6 of wechat, moments, qq, weibo, link, more; default all).
    package static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let names = try options.strings("targets", default: ShareTarget.allCases.map(\.rawValue))
        guard (1...ShareTarget.allCases.count).contains(names.count) else {
            throw options.error("targets", "must list 1 to \(ShareTarget.allCases.count) targets (got \(names.count))")
        }
        let valid = ShareTarget.allCases.map(\.rawValue).joined(separator: ", ")
        let targets = try names.enumerated().map { i, name in
            guard let target = ShareTarget(rawValue: name) else {
                throw options.error("targets[\(i)]", "unknown share target '\(name)'; valid: \(valid)")
            }
            return target
        }
        try options.finish()
        return ShareSheetWidget(level: level, targets: targets)
    }

    override var sheetHeight: Double { 330 }

    /// The confirm view's room title and host line, fitted when they change, not every frame.
    private var fittedTitle = FittedLine()
    private var fittedHost = FittedLine()

    package override func didLoad() {
        super.didLoad()
        guard let context else { return }
        roomTitle = context.room.title
        hostName = context.room.hostName
    }

    /// Shares `name`'s room from now on (a hosts loop handed the room over).
    package func showHost(_ name: String) { hostName = name }

    /// Opens on the targets, whatever was picked the last time.
    override func sheetWillPresent() { chosen = nil }

    /// The centre of `target`'s icon in the sheet's coordinates, the targets spread evenly.
    package func iconCenter(of target: ShareTarget) -> Point {
        let index = targets.firstIndex(of: target) ?? 0
        let cell = (bounds.width - 40) / Double(targets.count)
        return Point(x: 20 + cell * (Double(index) + 0.5), y: Self.iconY)
    }

    /// Picks `target`: the sheet asks to confirm before sharing.
    package func choose(_ target: ShareTarget) {
        guard isPresented, targets.contains(target) else { return }
        chosen = target
    }

    /// Back to the targets, sharing nothing.
    package func back() { chosen = nil }

    /// Shares to the chosen target: the event, the toast, and the sheet closes.
    package func confirm() {
        guard isPresented, let target = chosen else { return }
        publish(.sharedTo, target.title)
        publish(.toastRequested, target.toast)
        dismiss()
    }

    override func handleSheetTap(at point: Point) {
        if chosen != nil {
            if Self.backButton.insetBy(dx: -8, dy: -8).contains(point) {
                back()
            } else if Self.confirmButton.insetBy(dx: -8, dy: -8).contains(point) {
                confirm()
            }
        } else if let target = targets.first(where: { iconCenter(of: $0).distance(to: point) <= Self.iconRadius + 10 }) {
            choose(target)
        } else if point.y >= sheetHeight - Self.cancelHeight {
            dismiss()
        }
    }

    /// About 40 draw items while open.
    override func drawSheet(in canvas: Canvas, size: Size) {
        if let chosen {
            drawConfirm(canvas, size: size, target: chosen)
            return
        }
        let w = size.width
        canvas.text("Share to", font: .bold(30), color: Palette.text, at: Point(x: w / 2, y: 30), alignment: .center)
        for target in targets {
            let c = iconCenter(of: target)
            target.drawIcon(canvas, center: c, radius: Self.iconRadius)
            canvas.text(
                target.title, font: .regular(22), color: Palette.secondaryText,
                at: Point(x: c.x, y: c.y + Self.iconRadius + 12), alignment: .center)
        }
        let cancelTop = size.height - Self.cancelHeight
        canvas.fillRect(Rect(x: 0, y: cancelTop, width: w, height: 10), Color.black.withAlpha(0.25))
        canvas.text(
            "Cancel", font: .regular(30), color: Palette.text, at: Point(x: w / 2, y: cancelTop + 28),
            alignment: .center)
    }

    /// "Share to WeChat?", the card of what is shared (the target's icon, the room's title,
    /// its host) and Back / Confirm. About 15 draw items.
    private func drawConfirm(_ canvas: Canvas, size: Size, target: ShareTarget) {
        canvas.text(
            "Share to \(target.title)?", font: .bold(30), color: Palette.text, at: Point(x: size.width / 2, y: 30),
            alignment: .center)
        let card = Self.card
        canvas.fillRoundedRect(card, radius: 20, Color.white.withAlpha(0.08))
        target.drawIcon(canvas, center: Point(x: card.minX + 64, y: card.midY), radius: 40)
        let textX = card.minX + 128, textWidth = card.maxX - 24 - textX
        let title = fittedTitle.fit(roomTitle, font: .bold(28), maxWidth: textWidth, measurer: canvas.measurer).line
        canvas.text(title, font: .bold(28), color: Palette.text, at: Point(x: textX, y: card.minY + 22))
        let host = fittedHost.fit(
            "\(hostName)'s live room", font: .regular(24), maxWidth: textWidth,
            measurer: canvas.measurer
        ).line
        canvas.text(host, font: .regular(24), color: Palette.secondaryText, at: Point(x: textX, y: card.minY + 66))
        for (button, label, color) in [(Self.backButton, "Back", Palette.panel), (Self.confirmButton, "Confirm", Palette.brand)] {
            canvas.fillRoundedRect(button, radius: button.height / 2, color)
            canvas.text(
                label, font: .bold(28), color: Palette.text, at: Point(x: button.midX, y: button.minY + 20),
                alignment: .center)
        }
    }
}
