import StudioDomain
import StudioKit

/// The hourly rank list as a bottom sheet: a title, a close ×, the top `listedCount` hosts
/// in a list showing eight rows at a time (rank, avatar, host name, coins) that scrolls
/// with a vertical drag on it (a fling, clamped ends; a drag elsewhere on the sheet pulls
/// the sheet down), and a footer with this room's host's place. Opened by
/// `.rankListRequested` (the audience list asks for it) or `present()`; closed by the × or a
/// tap outside. Closed, it is hidden and lets every touch through.
///
/// The other hosts and their coins are simulated with the studio's seeded `random` at load
/// (the hourly list is the app's page, which no live socket carries); this room's host sits
/// at the rank the feed announces (`.rankChanged`). In a live server's room the host is
/// unranked until the server says a rank.
package final class RankListDialogWidget: BottomSheetWidget, CatalogWidget {
    package static let catalogName = "rankDialog"
    package static let defaultLevel = Levels.rankDialog

    package let title: String
    /// The rows listed, best first: up to `listedCount` of them, `rowCount` in view at once.
    package private(set) var rows: [RankEntry] = []
    /// This room's host's place in the hour, 1-based; nil until a live server says one.
    package private(set) var hostRank: Int? = 12
    /// The other hosts, best first (more than the rows, so the host can rank below them).
    private var others: [RankEntry] = []
    private var hostName = ""

    package static let rowCount = 8
    package static let listedCount = 20
    /// The scroll of the rows; `offset` 0 shows the first.
    package private(set) var scroll = ScrollPhysics(viewportHeight: Double(rowCount) * rowHeight)
    /// Whether the drag in progress scrolls the rows (else it is the sheet's).
    private var scrollingRows = false
    static let headerHeight = 100.0
    static let rowHeight = 76.0
    static let footerHeight = 92.0

    package init(level: Double = Levels.rankDialog, title: String = "Hourly rank") {
        self.title = title
        super.init(name: "rankDialog", level: level, opensOn: .rankListRequested)
    }

    /// Options: `title` (default "Hourly rank").
    package static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let widget = RankListDialogWidget(level: level, title: try options.string("title", default: "Hourly rank"))
        try options.finish()
        return widget
    }

    override var sheetHeight: Double {
        Self.headerHeight + Double(Self.rowCount) * Self.rowHeight + Self.footerHeight
    }

    package override func didLoad() {
        super.didLoad()
        guard let context else { return }
        hostName = context.room.hostName
        var coins = 60_000 + context.environment.random.index(below: 40_000)
        others = DemoPeople.hosts.filter { $0 != hostName }.map { name in
            defer { coins = coins * (72 + context.environment.random.index(below: 22)) / 100 }
            return RankEntry(name: name, coins: coins)
        }
        hostRank = 3 + context.environment.random.index(below: 12)
        if context.environment.isFedByLiveServer { hostRank = nil }
        rebuildRows()
        listen(to: .rankChanged) { dialog, rank in
            guard rank >= 1 else { return }
            dialog.hostRank = rank
            dialog.rebuildRows()
        }
    }

    /// The host's coins: between the neighbours of its place (below the last one listed
    /// when it ranks past them all).
    private var hostCoins: Int {
        guard !others.isEmpty, let hostRank else { return 0 }
        let above = hostRank >= 2 ? others[min(hostRank - 2, others.count - 1)].coins : others[0].coins * 11 / 10
        let below = hostRank - 1 < others.count ? others[hostRank - 1].coins : above * 4 / 5
        return (above + below) / 2
    }

    private func rebuildRows() {
        var list = others
        let host = RankEntry(name: hostName, coins: hostCoins, isHost: true)
        if let hostRank, hostRank <= Self.listedCount { list.insert(host, at: min(hostRank - 1, list.count)) }
        rows = Array(list.prefix(Self.listedCount))
        scroll.setSizes(content: Double(rows.count) * Self.rowHeight, viewport: Self.listArea.height)
    }

    /// Where the rows show, in the sheet's coordinates.
    static var listArea: Rect {
        Rect(x: 0, y: headerHeight, width: Size.studio.width, height: Double(rowCount) * rowHeight)
    }

    override func sheetWillPresent() {
        scroll.scroll(to: 0)
    }

    /// A drag that starts on the rows scrolls them; anywhere else on the sheet it pulls the
    /// sheet (`BottomSheetWidget`).
    package override func handleDrag(_ drag: DragInfo) {
        if drag.phase == .began {
            let sheet = sheetRect
            let start = Point(x: drag.start.x - sheet.minX, y: drag.start.y - sheet.minY)
            scrollingRows = scroll.canScroll && Self.listArea.contains(start)
        }
        if scrollingRows {
            scroll.drag(drag)
            if drag.phase == .ended || drag.phase == .cancelled { scrollingRows = false }
        } else {
            super.handleDrag(drag)
        }
    }

    package override func update(_ step: FrameStep) {
        super.update(step)
        scroll.step(step.dt)
    }

    override func handleSheetTap(at point: Point) {
        let close = Point(x: bounds.width - 52, y: 50)
        if point.distance(to: close) <= 40 { dismiss() }
    }

    /// About 75 draw items while open (nine per row).
    override func drawSheet(in canvas: Canvas, size: Size) {
        let w = size.width
        canvas.fillRoundedRect(Rect(x: w / 2 - 30, y: 12, width: 60, height: 6), radius: 3, Color.white.withAlpha(0.3))
        canvas.text(title, font: .bold(34), color: Palette.text, at: Point(x: w / 2, y: 32), alignment: .center)
        Icons.cross(canvas, center: Point(x: w - 52, y: 50), size: 26, Palette.secondaryText)
        let area = Self.listArea
        canvas.withClip(Rect(x: 0, y: area.minY, width: w, height: area.height)) {
            // Only the rows in view (and the one half in view at each edge).
            let first = max(0, Int(scroll.offset / Self.rowHeight))
            for i in rows.indices.dropFirst(first).prefix(Self.rowCount + 1) {
                drawRow(rows[i], rank: i + 1, in: canvas, y: area.minY + Double(i) * Self.rowHeight - scroll.offset, width: w)
            }
        }
        drawFooter(in: canvas, y: size.height - Self.footerHeight, width: w)
    }

    private func drawRow(_ row: RankEntry, rank: Int, in canvas: Canvas, y: Double, width w: Double) {
        if row.isHost {
            canvas.fillRoundedRect(
                Rect(x: 16, y: y + 4, width: w - 32, height: Self.rowHeight - 8), radius: 16,
                Palette.brand.withAlpha(0.22))
        }
        let cy = y + Self.rowHeight / 2
        let medals = [Palette.gold, Color(hex: 0xC9D1DB), Color(hex: 0xD98C4E)]
        if rank <= medals.count {
            canvas.fillCircle(center: Point(x: 60, y: cy), radius: 19, medals[rank - 1])
            canvas.text(
                "\(rank)", font: .bold(24), color: Color(hex: 0x3B2A00), at: Point(x: 60, y: cy - 15),
                alignment: .center)
        } else {
            canvas.text(
                "\(rank)", font: .bold(26), color: Palette.secondaryText, at: Point(x: 60, y: cy - 16),
                alignment: .center)
        }
        RoundAvatar.draw(canvas, name: row.name, center: Point(x: 128, y: cy), radius: 25)
        canvas.text(row.name, font: .bold(28), color: Palette.text, at: Point(x: 174, y: cy - 17))
        Self.drawCoins(row.coins, in: canvas, right: w - 36, cy: cy)
    }

    private func drawFooter(in canvas: Canvas, y: Double, width w: Double) {
        canvas.fillRect(Rect(x: 0, y: y, width: w, height: 1), Color.white.withAlpha(0.12))
        let cy = y + Self.footerHeight / 2
        canvas.text(hostRank.map { "No. \($0)" } ?? "No. –", font: .bold(28), color: Palette.gold, at: Point(x: 36, y: cy - 17))
        RoundAvatar.draw(canvas, name: hostName, center: Point(x: 178, y: cy), radius: 25)
        canvas.text(hostName, font: .bold(28), color: Palette.text, at: Point(x: 224, y: cy - 17))
        var note = hostRank == nil ? "Not ranked this hour" : "Top of the hour!"
        if let hostRank, hostRank >= 2, !others.isEmpty {
            // The coins of whoever is one place above the host.
            let above =
                rows.indices.contains(hostRank - 2)
                ? rows[hostRank - 2].coins
                : others[min(hostRank - 2, others.count - 1)].coins
            note = "\(DisplayFormat.thousands(max(1, above - hostCoins))) to No. \(hostRank - 1)"
        }
        canvas.text(
            note, font: .regular(24), color: Palette.secondaryText, at: Point(x: w - 36, y: cy - 14),
            alignment: .right)
    }

    /// A coin and the amount, right-aligned at `right`.
    static func drawCoins(_ coins: Int, in canvas: Canvas, right: Double, cy: Double) {
        let text = DisplayFormat.thousands(coins)
        let font = FontSpec.bold(26)
        let width = canvas.measure(text, font: font).width
        canvas.text(text, font: font, color: Palette.gold, at: Point(x: right, y: cy - 16), alignment: .right)
        let coin = Point(x: right - width - 20, y: cy)
        canvas.fillCircle(center: coin, radius: 12, Palette.gold)
        canvas.fillCircle(center: coin, radius: 7, Color(hex: 0xE0A21B))
    }
}
