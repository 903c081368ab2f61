import StudioKit

/// The viewer's gift panel. The docker's gift button (`.giftTapped`) slides it up: a grid of
/// the catalogue's gifts with their prices, the count to send (1, 10 or 66), the viewer's
/// coin balance and Send. Sending spends `price × count` coins and announces the gift as
/// `.giftArrived` from the viewer, so the combo banner and the full-screen animation play it
/// exactly as a gift from the server; without enough coins nothing is spent and a toast says
/// how many are missing. Top up adds coins, as a tip jar would (`topUp` at a time).
public final class GiftPanelWidget: BottomSheetWidget, CatalogWidget {
    public static let catalogName = "giftPanel"
    public static let defaultLevel = Levels.giftPanel

    /// The counts a viewer can pick, as live rooms offer them.
    public static let counts = [1, 10, 66]

    /// The viewer's name on the gifts they send.
    public let viewerName: String
    /// Coins the viewer has left.
    public private(set) var coins: Int
    /// Coins one tap on Top up adds.
    public let topUp: Int
    /// The gift picked in the grid, and the count.
    public private(set) var selected = 0
    public private(set) var countIndex = 0
    public var gifts: [Gift] { GiftCatalogue.all }

    static let columns = 4
    static let cell = Size(width: 164, height: 150)
    static let gridTop = 84.0
    static let footerTop = 420.0
    static let sendButton = Rect(x: 536, y: 436, width: 160, height: 68)
    static let topUpButton = Rect(x: 24, y: 436, width: 150, height: 68)

    public init(level: Double = Levels.giftPanel, viewerName: String = "You", coins: Int = 1000, topUp: Int = 100) {
        self.viewerName = viewerName
        self.coins = max(0, coins)
        self.topUp = max(1, topUp)
        super.init(name: "giftPanel", level: level, opensOn: .giftTapped)
    }

    /// Options: `viewerName` (default "You"), `coins` (0...10,000,000, default 1000),
    /// `topUp` (1...100,000, default 100).
    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let widget = GiftPanelWidget(level: level, viewerName: try options.string("viewerName", default: "You"),
                                     coins: try options.int("coins", default: 1000, in: 0...10_000_000),
                                     topUp: try options.int("topUp", default: 100, in: 1...100_000))
        try options.finish()
        return widget
    }

    override var sheetHeight: Double { 530 }

    public var count: Int { Self.counts[countIndex] }
    public var price: Int { gifts[selected].coins * count }

    /// The centre of gift `i`'s cell in the sheet's coordinates.
    public func cellCenter(_ i: Int) -> Point {
        Point(x: 32 + Self.cell.width * (Double(i % Self.columns) + 0.5),
              y: Self.gridTop + Self.cell.height * (Double(i / Self.columns) + 0.5))
    }

    /// The count chip `i` (1, 10, 66) in the sheet's coordinates.
    public func countChip(_ i: Int) -> Rect { Rect(x: 214 + Double(i) * 104, y: 446, width: 92, height: 48) }

    public func select(_ i: Int) { if gifts.indices.contains(i) { selected = i } }
    public func selectCount(_ i: Int) { if Self.counts.indices.contains(i) { countIndex = i } }

    /// Sends the selected gift `count` times' worth: spends the coins and announces it; a
    /// toast when the balance is short. Stays open, as panels do, for the next gift.
    public func send() {
        guard isPresented else { return }
        let gift = gifts[selected]
        guard coins >= price else {
            announce(.toastRequested, .text("Not enough coins: \(gift.name) ×\(count) costs \(price), you have \(coins). Top up to send it"))
            return
        }
        coins -= price
        announce(.giftArrived, .custom(AnyHashableSendable(GiftMessage(sender: viewerName, gift: gift, count: count))))
    }

    /// Adds `topUp` coins (a tip jar: how a viewer gets coins to give).
    public func addCoins() {
        coins = min(10_000_000, coins + topUp)
        announce(.toastRequested, .text("+\(topUp) coins"))
    }

    override func handleSheetTap(at point: Point) {
        if let i = gifts.indices.first(where: { cellCenter($0).distance(to: point) <= 70 }) {
            select(i)
        } else if let i = Self.counts.indices.first(where: { countChip($0).insetBy(dx: -6, dy: -6).contains(point) }) {
            selectCount(i)
        } else if Self.sendButton.insetBy(dx: -8, dy: -8).contains(point) {
            send()
        } else if Self.topUpButton.insetBy(dx: -8, dy: -8).contains(point) {
            addCoins()
        }
    }

    /// About 60 draw items while open.
    override func drawSheet(in canvas: Canvas, size: Size) {
        canvas.text("Send a gift", font: .bold(30), color: Palette.text, at: Point(x: 32, y: 28))
        canvas.text("\(coins) coins", font: .regular(26), color: Palette.gold,
                    at: Point(x: size.width - 32, y: 30), alignment: .right)
        for (i, gift) in gifts.enumerated() {
            let c = cellCenter(i)
            if i == selected {
                let box = Rect(x: c.x - Self.cell.width / 2 + 6, y: c.y - Self.cell.height / 2 + 4,
                               width: Self.cell.width - 12, height: Self.cell.height - 8)
                canvas.fillRoundedRect(box, radius: 16, Color.white.withAlpha(0.08))
                canvas.stroke(.roundedRect(box, radius: 16), Palette.brand, width: 2)
            }
            GiftGlyph(gift).draw(in: canvas, center: Point(x: c.x, y: c.y - 22), size: 64)
            canvas.text(gift.name, font: .regular(22), color: Palette.text, at: Point(x: c.x, y: c.y + 18), alignment: .center)
            canvas.text("\(gift.coins)", font: .regular(20), color: Palette.gold, at: Point(x: c.x, y: c.y + 44), alignment: .center)
        }
        let top = Self.topUpButton
        canvas.fillRoundedRect(top, radius: top.height / 2, Palette.panel)
        canvas.text("Top up", font: .bold(26), color: Palette.gold, at: Point(x: top.midX, y: top.minY + 20), alignment: .center)
        for (i, n) in Self.counts.enumerated() {
            let chip = countChip(i)
            canvas.fillRoundedRect(chip, radius: chip.height / 2, i == countIndex ? Palette.brand : Palette.panel)
            canvas.text("×\(n)", font: .regular(24), color: Palette.text, at: Point(x: chip.midX, y: chip.minY + 10), alignment: .center)
        }
        let send = Self.sendButton
        canvas.fillRoundedRect(send, radius: send.height / 2, coins >= price ? Palette.brand : Palette.panel)
        canvas.text("Send \(price)", font: .bold(26), color: Palette.text, at: Point(x: send.midX, y: send.minY + 20), alignment: .center)
    }
}
