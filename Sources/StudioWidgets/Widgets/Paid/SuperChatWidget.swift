import StudioDomain
import StudioKit

/// Super chats as live rooms show them: each one paid for is pinned as a chip (the sender's
/// initial and the price, in the price band's color, with a bar that shrinks over its pinned
/// time), dearest first; the newest opens as a card (name and price on the band's color,
/// the message below on its light color) for `cardSeconds`. Tapping a chip opens its card
/// again; tapping the card closes it. Elsewhere taps, drags and swipes pass through.
///
/// Super chats come from `.superChatArrived`. Time is the studio's simulated time, so a
/// chip's bar is the same in every run.
public final class SuperChatWidget: Widget {
    /// A super chat on screen: pinned until `until`. Its texts are fitted once, when it
    /// arrives, never per frame.
    struct Pinned {
        var chat: SuperChat
        /// Arrival order, which identifies it while others come and go.
        var serial: Int
        var arrived: Double
        var until: Double
        /// "¥30", and the sender's name cut to what the card's header leaves beside it.
        var price: String
        var name: String
        /// The message cut to the card's two lines.
        var lines: [String]
    }

    /// Super chats received.
    package private(set) var received = 0
    /// Super chats whose pinned time ran out.
    package private(set) var expired = 0
    /// Pinned now.
    package var pinnedCount: Int { pinned.count }
    /// The super chat whose card is open, if any.
    package var openCard: SuperChat? { openPinned?.chat }

    /// Dearest first, then in arrival order.
    private(set) var pinned: [Pinned] = []
    /// The open card: which pinned super chat (by serial), and until when.
    private var card: (serial: Int, until: Double)?
    private var serials = 0
    private var now = 0.0

    private var openPinned: Pinned? { card.flatMap { open in pinned.first { $0.serial == open.serial } } }

    static let chipSize = Size(width: 116, height: 44)
    static let chipSpacing = 8.0
    static let cardSize = Size(width: 480, height: 132)
    static let headerHeight = 48.0
    static let cardSeconds = 8.0
    static let nameFont = FontSpec.bold(22)
    static let priceFont = FontSpec.bold(22)
    static let messageFont = FontSpec.regular(22)
    static let chipFont = FontSpec.bold(20)
    /// The most chips on the row; more pinned ones show as "+N".
    static let maxChips = 4

    public init(level: Double = Levels.superChat, top: Double = 212) {
        // The frame is the chip row, all a room at rest shows; it grows to hold the card
        // below the row for the few seconds the card is open.
        super.init(
            name: "superChat", level: level,
            frame: Rect(x: 20, y: top, width: Self.cardSize.width, height: Self.chipSize.height))
        // Paid for, so never under the barrage (see `overlayKeepOutRect`).
        keepsOverlaysOut = true
    }

    public override func didLoad() {
        listen(to: .superChatArrived) { $0.pin($1) }
    }

    /// Pins `chat` and opens its card.
    package func pin(_ chat: SuperChat) {
        received += 1
        serials += 1
        let seconds = chat.seconds.isFinite ? min(max(chat.seconds, 1), 24 * 3600) : chat.tier.pinnedSeconds
        let price = chat.priceText
        var name = chat.user, lines = [chat.message]
        if let measurer = context?.environment.measurer {
            let priceWidth = measurer.measure(price, font: Self.priceFont).width
            name = measurer.fitting(chat.user, font: Self.nameFont, maxWidth: Self.cardSize.width - priceWidth - 48)
            lines = measurer.wrapping(chat.message, font: Self.messageFont, maxWidth: Self.cardSize.width - 32, maxLines: 2)
        }
        // Dearest first, then the earliest: a chip keeps its place as cheaper ones arrive.
        let at = pinned.firstIndex { $0.chat.price < chat.price } ?? pinned.endIndex
        pinned.insert(
            Pinned(
                chat: chat, serial: serials, arrived: now, until: now + seconds,
                price: price, name: name, lines: lines), at: at)
        // The card opens by itself only where no other widget keeps the place clear (a
        // quiz card, a banner); a tap on its chip opens it anyway, as the viewer asked.
        _ = keepOut.refresh(for: self)
        if !keepOut.rects.contains(where: { !$0.intersection(cardRect).isEmpty }) {
            card = (serials, now + Self.cardSeconds)
        }
        fitFrame()
    }

    /// The areas other widgets keep clear, which the card does not open over by itself.
    private var keepOut: DanmakuKeepOut = {
        var areas = DanmakuKeepOut()
        areas.minimumLevel = LayerKind.movable.levels.lowerBound
        return areas
    }()

    /// The chip row, and the open card under it: the card's text is inside the widget's box.
    private func fitFrame() {
        let height = card == nil ? Self.chipSize.height : cardRect.maxY
        if frame.height != height { frame.size.height = height }
    }

    public override func update(_ step: FrameStep) {
        now += step.dt
        let before = pinned.count
        pinned.removeAll { $0.until <= now }
        expired += before - pinned.count
        if let open = card, open.until <= now || openPinned == nil { card = nil }
        fitFrame()
    }

    // MARK: Drawing

    func chipRect(_ i: Int) -> Rect {
        Rect(
            x: Double(i) * (Self.chipSize.width + Self.chipSpacing), y: 0,
            width: Self.chipSize.width, height: Self.chipSize.height)
    }

    var cardRect: Rect {
        Rect(x: 0, y: Self.chipSize.height + Self.chipSpacing, width: Self.cardSize.width, height: Self.cardSize.height)
    }

    /// A chip and its bar per pinned super chat (at most `maxChips`, then a "+N"), and the
    /// open card: a dozen items at most.
    public override func draw(in canvas: Canvas) {
        for (i, item) in pinned.prefix(Self.maxChips).enumerated() {
            let r = chipRect(i), tier = item.chat.tier
            canvas.fillRoundedRect(r, radius: r.height / 2, tier.color)
            let avatar = Rect(x: r.minX + 4, y: r.minY + 4, width: r.height - 8, height: r.height - 8)
            canvas.fill(.circle(center: Point(x: avatar.midX, y: avatar.midY), radius: avatar.width / 2), tier.lightColor)
            canvas.text(
                String(item.chat.user.prefix(1)), font: Self.chipFont, color: tier.color,
                at: Point(x: avatar.midX, y: avatar.minY + 5), alignment: .center)
            canvas.text(
                item.price, font: Self.chipFont, color: .white,
                at: Point(x: avatar.maxX + 6, y: r.minY + 10))
            // What is left of the pinned time, as a bar along the chip's bottom.
            let left = max(0, min(1, (item.until - now) / (item.until - item.arrived)))
            canvas.fillRoundedRect(
                Rect(x: r.minX + 14, y: r.maxY - 6, width: (r.width - 28) * left, height: 3),
                radius: 1.5, tier.lightColor)
        }
        if pinned.count > Self.maxChips {
            let r = chipRect(Self.maxChips)
            canvas.text(
                "+\(pinned.count - Self.maxChips)", font: Self.chipFont, color: .white,
                at: Point(x: r.minX, y: r.minY + 10))
        }
        guard let item = openPinned else { return }
        let tier = item.chat.tier, r = cardRect
        canvas.fillRoundedRect(r, radius: 12, tier.lightColor)
        canvas.fillRoundedRect(Rect(x: r.minX, y: r.minY, width: r.width, height: Self.headerHeight), radius: 12, tier.color)
        canvas.fill(.rect(Rect(x: r.minX, y: r.minY + Self.headerHeight - 12, width: r.width, height: 12)), tier.color)
        canvas.text(item.name, font: Self.nameFont, color: .white, at: Point(x: r.minX + 16, y: r.minY + 11))
        canvas.text(item.price, font: Self.priceFont, color: .white, at: Point(x: r.maxX - 16, y: r.minY + 11), alignment: .right)
        for (k, line) in item.lines.enumerated() {
            canvas.text(
                line, font: Self.messageFont, color: Color(hex: 0x333333),
                at: Point(x: r.minX + 16, y: r.minY + Self.headerHeight + 10 + Double(k) * 32))
        }
    }

    // MARK: Touch

    /// Taps stop here only on a chip or the open card.
    public override func claimsTap(at point: Point) -> Bool { chipIndex(at: point) != nil || cardContains(point) }

    public override func handleTap(at point: Point) -> Bool {
        if cardContains(point) {
            card = nil
            fitFrame()
            return true
        }
        guard let i = chipIndex(at: point) else { return false }
        card = (pinned[i].serial, now + Self.cardSeconds)
        fitFrame()
        return true
    }

    /// Drags and swipes pass through to the room.
    public override func dragAxes(at point: Point) -> DragAxes? { nil }

    private func cardContains(_ point: Point) -> Bool { card != nil && cardRect.contains(point) }

    private func chipIndex(at point: Point) -> Int? {
        pinned.prefix(Self.maxChips).indices.first { chipRect($0).contains(point) }
    }
}

extension SuperChatWidget: CatalogWidget {
    public static var catalogName: String { "superChat" }
    public static var defaultLevel: Double { Levels.superChat }

    /// Options: `top` (0...1100, 212), the top of the chip row.
    public static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let top = try options.double("top", default: 212, in: 0...1100)
        try options.finish()
        return SuperChatWidget(level: level, top: top)
    }
}
