import StudioKit

/// The share sheet: a bottom sheet with a row of round share targets (WeChat, Moments, QQ,
/// Weibo, Copy link, More) and a Cancel bar. Opened by `.shareTapped` (the docker's share
/// button) or `present()`. Tapping a target announces `.sharedTo` with its title, asks for a
/// toast ("Shared to WeChat") and closes the sheet; Cancel or a tap outside only closes it.
/// Closed, it is hidden and lets every touch through.
public final class ShareSheetWidget: BottomSheetWidget, CatalogWidget {
    public static let catalogName = "shareSheet"
    public static let defaultLevel = Levels.shareSheet

    /// The targets, left to right.
    public let targets: [ShareTarget]

    static let iconRadius = 46.0
    static let iconY = 150.0
    static let cancelHeight = 88.0

    public init(level: Double = Levels.shareSheet, targets: [ShareTarget] = ShareTarget.allCases) {
        self.targets = targets.isEmpty ? ShareTarget.allCases : targets
        super.init(name: "shareSheet", level: level, opensOn: .shareTapped)
    }

    /// Options: `targets` (1 to 6 of wechat, moments, qq, weibo, link, more; default all).
    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
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

    /// The centre of `target`'s icon in the sheet's coordinates, the targets spread evenly.
    public func iconCenter(of target: ShareTarget) -> Point {
        let index = targets.firstIndex(of: target) ?? 0
        let cell = (bounds.width - 40) / Double(targets.count)
        return Point(x: 20 + cell * (Double(index) + 0.5), y: Self.iconY)
    }

    /// Shares to `target`: the event, the toast, and the sheet closes.
    public func share(to target: ShareTarget) {
        announce(.sharedTo, .text(target.title))
        announce(.toastRequested, .text(target.toast))
        dismiss()
    }

    override func handleSheetTap(at point: Point) {
        if let target = targets.first(where: { iconCenter(of: $0).distance(to: point) <= Self.iconRadius + 10 }) {
            share(to: target)
        } else if point.y >= sheetHeight - Self.cancelHeight {
            dismiss()
        }
    }

    /// About 40 draw items while open.
    override func drawSheet(in canvas: Canvas, size: Size) {
        let w = size.width
        canvas.text("Share to", font: .bold(30), color: Palette.text, at: Point(x: w / 2, y: 30), alignment: .center)
        for target in targets {
            let c = iconCenter(of: target)
            target.drawIcon(canvas, center: c, radius: Self.iconRadius)
            canvas.text(target.title, font: .regular(22), color: Palette.secondaryText,
                        at: Point(x: c.x, y: c.y + Self.iconRadius + 12), alignment: .center)
        }
        let cancelTop = size.height - Self.cancelHeight
        canvas.fillRect(Rect(x: 0, y: cancelTop, width: w, height: 10), Color.black.withAlpha(0.25))
        canvas.text("Cancel", font: .regular(30), color: Palette.text, at: Point(x: w / 2, y: cancelTop + 28),
                    alignment: .center)
    }
}
