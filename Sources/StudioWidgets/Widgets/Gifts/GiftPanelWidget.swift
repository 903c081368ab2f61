import StudioDomain
import StudioKit

/// The viewer's gift panel. The bottom bar's gift button (`.giftTapped`) slides it up: a grid of
/// the catalog's gifts with their prices, the count to send (1, 10 or 66), the viewer's
/// coin balance and Send. Sending spends `price × count` coins and announces the gift as
/// `.giftArrived` from the viewer, so the combo banner and the full-screen animation play it
/// exactly as a gift from the server; without enough coins nothing is spent and a toast says
/// how many are missing. Top up adds coins, as a tip jar would (`topUp` at a time).
///
/// The Tip tab tips the host (the one on stage in a hosts loop) an amount of coins (10, 50,
/// 100 or 520) from the same balance: Tip spends them, announces `.tipSent`, puts the
/// viewer's own line in the comments ("You tipped Luna 50 coins") and a toast; short of
/// coins, only a toast.
package final class GiftPanelWidget: BottomSheetWidget, CatalogWidget {
    package static let catalogName = "giftPanel"
    package static let defaultLevel = Levels.giftPanel

    /// The counts a viewer can pick, as live rooms offer them.
    package static let counts = [1, 10, 66]
    /// The amounts of coins a viewer can tip.
    package static let tipAmounts = [10, 50, 100, 520]

    /// What the panel shows: the gift grid or the tip amounts.
    package enum Tab: CaseIterable, Sendable { case gifts, tip }

    /// The viewer's name on the gifts they send: the session's (`ViewerAccount`), else the
    /// configured one.
    package var viewerName: String { account?.name ?? configuredName }
    private let configuredName: String
    /// Coins the viewer has left: the session's, which this panel's `coins` option starts
    /// when it is the session's first.
    package private(set) var coins: Int {
        get { account?.coins ?? configuredCoins }
        set {
            if let account { account.coins = newValue } else { configuredCoins = newValue }
        }
    }
    private var configuredCoins: Int
    private var account: ViewerAccount?
    /// Coins one tap on Top up adds.
    package let topUp: Int
    /// The gift picked in the grid, and the count.
    package private(set) var selected = 0
    package private(set) var countIndex = 0
    package private(set) var tab = Tab.gifts
    /// The tip amount picked (50 at first).
    package private(set) var tipIndex = 1
    /// Who a tip goes to: the room's host, or whoever a hosts loop put on stage.
    package private(set) var hostName = ""
    package var gifts: [Gift] { GiftCatalog.all }

    static let columns = 4
    static let cell = Size(width: 164, height: 150)
    static let gridTop = 84.0
    static let footerTop = 420.0
    static let sendButton = Rect(x: 536, y: 436, width: 160, height: 68)
    static let topUpButton = Rect(x: 24, y: 436, width: 150, height: 68)
    static let tipTop = 250.0

    package init(level: Double = Levels.giftPanel, viewerName: String = "You", coins: Int = 1000, topUp: Int = 100) {
        configuredName = viewerName
        configuredCoins = max(0, coins)
        self.topUp = max(1, topUp)
        super.init(name: "giftPanel", level: level, opensOn: .giftTapped)
    }

    /// Options: `viewerName` (default "You"), `coins` (0...10,000,000, default 1000),
    /// `topUp` (1...100,000, default 100).
    package static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let widget = GiftPanelWidget(
            level: level, viewerName: try options.string("viewerName", default: "You"),
            coins: try options.int("coins", default: 1000, in: 0...10_000_000),
            topUp: try options.int("topUp", default: 100, in: 1...100_000))
        try options.finish()
        return widget
    }

    override var sheetHeight: Double { 530 }

    /// The Tip tab's heading, fitted when the host changes, not every frame.
    private var fittedTip = FittedLine()

    package override func didLoad() {
        super.didLoad()
        hostName = context?.room.hostName ?? ""
        if let environment = context?.environment {
            let account = ViewerAccount.of(environment)
            _ = account.name(configured: configuredName)
            if account.coins == nil { account.coins = configuredCoins }
            self.account = account
        }
    }

    /// Tips go to `name` from now on (a hosts loop handed the room over).
    package func showHost(_ name: String) { hostName = name }

    /// The header tab `tab` ("Gifts", "Tip") in the sheet's coordinates.
    package static func tabRect(_ tab: Tab) -> Rect {
        tab == .gifts ? Rect(x: 20, y: 8, width: 120, height: 64) : Rect(x: 150, y: 8, width: 96, height: 64)
    }

    /// The tip amount chip `i` in the sheet's coordinates.
    package func tipChip(_ i: Int) -> Rect { Rect(x: 32 + Double(i) * 166, y: Self.tipTop, width: 154, height: 112) }

    package var tipAmount: Int { Self.tipAmounts[tipIndex] }

    package func show(_ tab: Tab) { self.tab = tab }
    package func selectTip(_ i: Int) { if Self.tipAmounts.indices.contains(i) { tipIndex = i } }

    package var count: Int { Self.counts[countIndex] }
    package var price: Int { gifts[selected].coins * count }

    /// The centre of gift `i`'s cell in the sheet's coordinates.
    package func cellCenter(_ i: Int) -> Point {
        Point(
            x: 32 + Self.cell.width * (Double(i % Self.columns) + 0.5),
            y: Self.gridTop + Self.cell.height * (Double(i / Self.columns) + 0.5))
    }

    /// The count chip `i` (1, 10, 66) in the sheet's coordinates.
    package func countChip(_ i: Int) -> Rect { Rect(x: 214 + Double(i) * 104, y: 446, width: 92, height: 48) }

    package func select(_ i: Int) { if gifts.indices.contains(i) { selected = i } }
    package func selectCount(_ i: Int) { if Self.counts.indices.contains(i) { countIndex = i } }

    /// Sends the selected gift `count` times' worth: spends the coins and announces it; a
    /// toast when the balance is short. Stays open, as panels do, for the next gift.
    package func send() {
        guard isPresented else { return }
        let gift = gifts[selected]
        guard coins >= price else {
            publish(.toastRequested, "Not enough coins: \(gift.name) ×\(count) costs \(price), you have \(coins). Top up to send it")
            return
        }
        coins -= price
        publish(.giftArrived, GiftMessage(sender: viewerName, gift: gift, count: count))
    }

    /// Tips the host `tipAmount` coins: spends them, announces it, and the viewer's own line
    /// goes to the comments; a toast either way.
    package func tip() {
        guard isPresented else { return }
        let amount = tipAmount
        guard coins >= amount else {
            publish(.toastRequested, "Not enough coins: a \(amount)-coin tip, you have \(coins). Top up to tip")
            return
        }
        coins -= amount
        publish(.tipSent, amount)
        let line = Comment(
            user: viewerName, text: "tipped \(hostName) \(amount) coins", userColor: Palette.brand,
            kind: .gift, isOwn: true)
        publish(.commentArrived, line)
        publish(.toastRequested, "Tipped \(hostName) \(amount) coins")
    }

    /// Adds `topUp` coins (a tip jar: how a viewer gets coins to give).
    package func addCoins() {
        coins = min(10_000_000, coins + topUp)
        publish(.toastRequested, "+\(topUp) coins")
    }

    override func handleSheetTap(at point: Point) {
        if let tab = Tab.allCases.first(where: { Self.tabRect($0).contains(point) }) {
            show(tab)
        } else if Self.topUpButton.insetBy(dx: -8, dy: -8).contains(point) {
            addCoins()
        } else if tab == .tip {
            if let i = Self.tipAmounts.indices.first(where: { tipChip($0).insetBy(dx: -6, dy: -6).contains(point) }) {
                selectTip(i)
            } else if Self.sendButton.insetBy(dx: -8, dy: -8).contains(point) {
                tip()
            }
        } else if let i = gifts.indices.first(where: { cellCenter($0).distance(to: point) <= 70 }) {
            select(i)
        } else if let i = Self.counts.indices.first(where: { countChip($0).insetBy(dx: -6, dy: -6).contains(point) }) {
            selectCount(i)
        } else if Self.sendButton.insetBy(dx: -8, dy: -8).contains(point) {
            send()
        }
    }

    /// About 60 draw items while open.
    override func drawSheet(in canvas: Canvas, size: Size) {
        for each in Tab.allCases {
            let rect = Self.tabRect(each)
            canvas.text(
                each == .gifts ? "Gifts" : "Tip", font: .bold(30),
                color: each == tab ? Palette.text : Palette.secondaryText,
                at: Point(x: rect.midX, y: rect.minY + 18), alignment: .center)
            if each == tab {
                canvas.fillRoundedRect(
                    Rect(x: rect.midX - 20, y: rect.maxY - 6, width: 40, height: 5), radius: 2.5,
                    Palette.brand)
            }
        }
        canvas.text(
            "\(coins) coins", font: .regular(26), color: Palette.gold,
            at: Point(x: size.width - 32, y: 30), alignment: .right)
        let top = Self.topUpButton
        canvas.fillRoundedRect(top, radius: top.height / 2, Palette.panel)
        canvas.text("Top up", font: .bold(26), color: Palette.gold, at: Point(x: top.midX, y: top.minY + 20), alignment: .center)
        if tab == .tip { drawTip(canvas, size: size) } else { drawGifts(canvas) }
    }

    /// The grid, the count chips and Send.
    private func drawGifts(_ canvas: Canvas) {
        for (i, gift) in gifts.enumerated() {
            let c = cellCenter(i)
            if i == selected {
                let box = Rect(
                    x: c.x - Self.cell.width / 2 + 6, y: c.y - Self.cell.height / 2 + 4,
                    width: Self.cell.width - 12, height: Self.cell.height - 8)
                canvas.fillRoundedRect(box, radius: 16, Color.white.withAlpha(0.08))
                canvas.stroke(.roundedRect(box, radius: 16), Palette.brand, width: 2)
            }
            GiftGlyph(gift).draw(in: canvas, center: Point(x: c.x, y: c.y - 22), size: 64)
            canvas.text(gift.name, font: .regular(22), color: Palette.text, at: Point(x: c.x, y: c.y + 18), alignment: .center)
            canvas.text("\(gift.coins)", font: .regular(20), color: Palette.gold, at: Point(x: c.x, y: c.y + 44), alignment: .center)
        }
        for (i, n) in Self.counts.enumerated() {
            let chip = countChip(i)
            canvas.fillRoundedRect(chip, radius: chip.height / 2, i == countIndex ? Palette.brand : Palette.panel)
            canvas.text("×\(n)", font: .regular(24), color: Palette.text, at: Point(x: chip.midX, y: chip.minY + 10), alignment: .center)
        }
        let send = Self.sendButton
        canvas.fillRoundedRect(send, radius: send.height / 2, coins >= price ? Palette.brand : Palette.panel)
        canvas.text("Send \(price)", font: .bold(26), color: Palette.text, at: Point(x: send.midX, y: send.minY + 20), alignment: .center)
    }

    /// Who the tip goes to, the amounts and Tip. About 25 draw items.
    private func drawTip(_ canvas: Canvas, size: Size) {
        RoundAvatar.draw(canvas, name: hostName, center: Point(x: 84, y: 160), radius: 44, ring: Palette.gold, ringWidth: 3)
        let name = fittedTip.fit("Tip \(hostName)", font: .bold(32), maxWidth: size.width - 180, measurer: canvas.measurer).line
        canvas.text(name, font: .bold(32), color: Palette.text, at: Point(x: 148, y: 118))
        canvas.text(
            "Coins go straight to the host", font: .regular(24), color: Palette.secondaryText,
            at: Point(x: 148, y: 164))
        for (i, amount) in Self.tipAmounts.enumerated() {
            let chip = tipChip(i)
            canvas.fillRoundedRect(chip, radius: 20, i == tipIndex ? Palette.brand.withAlpha(0.35) : Color.white.withAlpha(0.08))
            if i == tipIndex { canvas.stroke(.roundedRect(chip, radius: 20), Palette.brand, width: 2) }
            canvas.fillCircle(center: Point(x: chip.midX, y: chip.minY + 30), radius: 16, Palette.gold)
            canvas.text(
                "\(amount)", font: .bold(32), color: Palette.text, at: Point(x: chip.midX, y: chip.minY + 52),
                alignment: .center)
        }
        let send = Self.sendButton
        canvas.fillRoundedRect(send, radius: send.height / 2, coins >= tipAmount ? Palette.brand : Palette.panel)
        canvas.text(
            "Tip \(tipAmount)", font: .bold(26), color: Palette.text, at: Point(x: send.midX, y: send.minY + 20),
            alignment: .center)
    }
}
