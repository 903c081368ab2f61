import StudioDomain
import StudioKit

/// Gift combo banners on the left, above the comment list: "Leo sent Rose ×12" with the
/// sender's avatar and the gift's picture.
///
/// - Combo: a send by the same sender of the same gift within `comboWindow` seconds of the
///   banner's last send merges into that banner (on screen and not leaving, or still
///   waiting): the count grows and pulses, the banner stays `stay` seconds after it. After
///   the window, or once the banner is leaving, a new banner starts.
/// - Slots: at most `slots` banners on screen (leaving ones included); the others wait in
///   arrival order. A banner slides in from the left, holds, then slides out.
/// - Counters: every send received is `shown` (it made a banner that appeared), `merged`,
///   `dropped` (the waiting line was full) or still waiting (`queued`).
///
/// Sends come from `.giftArrived` (a `GiftMessage`) and `enqueue(_:)`. Touches pass
/// through.
package final class GiftComboWidget: Widget, OverlayKeepOutArea {
    package let configuration: GiftComboConfiguration

    /// Sends received (events and `enqueue`).
    package private(set) var received = 0
    /// Sends merged into an existing banner.
    package private(set) var merged = 0
    /// Banners that went on screen.
    package private(set) var shown = 0
    /// Waiting banners dropped because the waiting line was full.
    package private(set) var dropped = 0
    /// Banners waiting for a slot.
    package var queued: Int { waiting.count }

    private var visible: [GiftBanner] = []
    private var waiting: [GiftBanner] = []
    /// Seconds of simulated time since the widget loaded.
    private var now = 0.0

    static let enterDuration = 0.3
    static let leaveDuration = 0.3
    static let nameFont = FontSpec.bold(24)
    static let subtitleFont = FontSpec.regular(20)
    static let countFont = FontSpec.bold(44)
    static let textX = 66.0
    static let glyphSize = 60.0
    /// Room above the top row and below the bottom one for the count's pulse (up to 1.6
    /// times its size about the row's middle), so the frame holds all the widget draws.
    static let pulseRoom = 12.0

    package init(level: Double = Levels.giftCombo, configuration: GiftComboConfiguration = GiftComboConfiguration()) {
        self.configuration = configuration
        super.init(
            name: "giftCombo", level: level,
            frame: Rect(
                x: 0, y: configuration.top - Self.pulseRoom, width: 600,
                height: configuration.height + 2 * Self.pulseRoom))
        passesTouchesThrough = true
        // The gift track: banners come and go on it, and the danmaku stays off it whole,
        // so no comment runs under a banner's "×6" (`overlayKeepOutRect`).
        keepsOverlaysOut = true
    }

    /// The rows banners take, without the room left for the count's pulse.
    package var overlayKeepOutRect: Rect { bounds.insetBy(dx: 0, dy: Self.pulseRoom) }

    package override func didLoad() {
        listen(to: .giftArrived) { widget, message in
            if widget.configuration.tiers.contains(message.gift.tier) { widget.enqueue(message) }
        }
        promote()
    }

    /// Takes a send: merges it into the sender's banner for that gift when within the combo
    /// window, or starts a new banner (on screen at once if a slot is free).
    package func enqueue(_ message: GiftMessage) {
        received += 1
        let window = configuration.comboWindow
        if let i = visible.lastIndex(where: { $0.matches(message) && $0.phase != .leaving && now - $0.lastHit <= window }) {
            hit(&visible[i], message)
        } else if let i = waiting.lastIndex(where: { $0.matches(message) && now - $0.lastHit <= window }) {
            hit(&waiting[i], message)
        } else {
            waiting.append(GiftBanner(message, at: now))
            if waiting.count > configuration.queueLimit {
                waiting.removeFirst()
                dropped += 1
            }
            promote()
        }
    }

    private func hit(_ banner: inout GiftBanner, _ message: GiftMessage) {
        banner.count += message.count
        banner.lastHit = now
        banner.bumpAge = 0
        merged += 1
    }

    /// The banners on screen, by slot (tests and the inspector; allocates).
    package var visibleBanners: [GiftComboBanner] {
        visible.sorted { $0.slot < $1.slot }.map {
            GiftComboBanner(
                sender: $0.sender, giftID: $0.gift.id, count: $0.count, slot: $0.slot,
                isLeaving: $0.phase == .leaving)
        }
    }

    /// The banners waiting, oldest first (tests and the inspector; allocates).
    package var waitingBanners: [GiftComboBanner] {
        waiting.map { GiftComboBanner(sender: $0.sender, giftID: $0.gift.id, count: $0.count, slot: nil, isLeaving: false) }
    }

    // MARK: Frame

    /// - Complexity: O(slots) per step.
    package override func update(_ step: FrameStep) {
        now += step.dt
        let stay = configuration.stay
        for i in visible.indices {
            visible[i].phaseAge += step.dt
            visible[i].bumpAge += step.dt
            switch visible[i].phase {
            case .entering where visible[i].phaseAge >= Self.enterDuration:
                visible[i].phase = .holding
                visible[i].phaseAge = 0
            case .holding where now >= max(visible[i].lastHit, visible[i].shownAt) + stay:
                visible[i].phase = .leaving
                visible[i].phaseAge = 0
            default: break
            }
        }
        visible.removeAll { $0.phase == .leaving && $0.phaseAge >= Self.leaveDuration }
        promote()
    }

    /// Moves waiting banners into free slots (lowest first), laying each out once.
    private func promote() {
        guard let measurer = context?.environment.measurer else { return }
        while visible.count < configuration.slots, !waiting.isEmpty {
            var banner = waiting.removeFirst()
            var slot = 0
            while visible.contains(where: { $0.slot == slot }) { slot += 1 }
            banner.slot = slot
            banner.phase = .entering
            banner.phaseAge = 0
            banner.shownAt = now
            banner.bumpAge = 0
            layout(&banner, measurer)
            visible.append(banner)
            shown += 1
        }
    }

    private func layout(_ banner: inout GiftBanner, _ measurer: TextMeasurer) {
        banner.name = measurer.fitting(banner.sender, font: Self.nameFont, maxWidth: 180)
        banner.subtitle = measurer.fitting("sent \(banner.gift.name)", font: Self.subtitleFont, maxWidth: 180)
        let textWidth = max(
            measurer.measure(banner.name, font: Self.nameFont).width,
            measurer.measure(banner.subtitle, font: Self.subtitleFont).width, 90)
        banner.pillWidth = Self.textX + textWidth + 20 + Self.glyphSize
    }

    /// The top of `slot`'s row; slot 0 is the lowest.
    private func rowY(_ slot: Int) -> Double {
        frame.height - Self.pulseRoom - GiftComboConfiguration.bannerHeight
            - Double(slot) * (GiftComboConfiguration.bannerHeight + GiftComboConfiguration.spacing)
    }

    /// About 15 draw items per banner (a few more for medium and full-screen gifts).
    package override func draw(in canvas: Canvas) {
        for banner in visible { draw(banner, in: canvas) }
    }

    private func draw(_ b: GiftBanner, in canvas: Canvas) {
        let h = GiftComboConfiguration.bannerHeight
        let hidden = -(b.pillWidth + 140)
        var x = 12.0, alpha = 1.0
        switch b.phase {
        case .entering:
            x = hidden + (12 - hidden) * easeOut(b.phaseAge / Self.enterDuration)
        case .leaving:
            let p = min(1, b.phaseAge / Self.leaveDuration)
            x = 12 + (hidden - 12) * p * p
            alpha = 1 - p
        case .holding, .waiting: break
        }
        let tint = b.glyph.color
        canvas.withState(transform: .translation(x, rowY(b.slot)), alpha: alpha) {
            canvas.fillRoundedRect(Rect(x: 0, y: 0, width: b.pillWidth, height: h), radius: h / 2, Palette.panel)
            canvas.fillRoundedRect(
                Rect(x: 0, y: 0, width: b.pillWidth * 0.72, height: h), radius: h / 2,
                tint.withAlpha(b.gift.tier == .small ? 0.45 : 0.7))
            if b.gift.tier != .small { shimmer(b, in: canvas) }
            let avatar = Point(x: h / 2, y: h / 2)
            canvas.fillCircle(center: avatar, radius: 27, .white)
            canvas.fillCircle(
                center: avatar, radius: 25,
                Palette.avatars[Int(stableHash(b.sender) % UInt64(Palette.avatars.count))])
            let initial = b.sender.first.map { String($0).uppercased() } ?? "?"
            canvas.text(
                initial, font: .bold(26), color: .white, at: Point(x: avatar.x, y: avatar.y - 16),
                alignment: .center)
            canvas.text(b.name, font: Self.nameFont, color: Palette.text, at: Point(x: Self.textX, y: 6))
            canvas.text(b.subtitle, font: Self.subtitleFont, color: Palette.secondaryText, at: Point(x: Self.textX, y: 36))
            b.glyph.draw(in: canvas, center: Point(x: b.pillWidth - Self.glyphSize / 2 - 4, y: h / 2), size: Self.glyphSize)
            // The count, scaled about its left middle when it pulses.
            let anchor = Point(x: b.pillWidth + 12, y: h / 2)
            let k = b.pulseScale
            let pulse = Transform.translation(-anchor.x, -anchor.y).then(.scale(k, k)).then(.translation(anchor.x, anchor.y))
            canvas.withState(transform: pulse) {
                let text = "×\(b.count)"
                canvas.text(
                    text, font: Self.countFont, color: Color(r: 120, g: 60, b: 0, a: 200),
                    at: Point(x: anchor.x + 2, y: anchor.y - 25))
                canvas.text(text, font: Self.countFont, color: Palette.gold, at: Point(x: anchor.x, y: anchor.y - 27))
            }
        }
    }

    /// A soft band of light sweeping across the banner every 1.2 s (medium and full-screen gifts).
    private func shimmer(_ b: GiftBanner, in canvas: Canvas) {
        let h = GiftComboConfiguration.bannerHeight
        let p = (now - b.shownAt).truncatingRemainder(dividingBy: 1.2) / 1.2
        let x = h / 2 + (b.pillWidth - h) * p
        canvas.fillRoundedRect(
            Rect(x: x - 14, y: 4, width: 28, height: h - 8), radius: 14,
            Color.white.withAlpha(0.22 * (1 - abs(2 * p - 1))))
    }

    private func easeOut(_ t: Double) -> Double {
        let p = min(max(t, 0), 1)
        return 1 - (1 - p) * (1 - p) * (1 - p)
    }
}

extension GiftComboWidget: CatalogWidget {
    package static var catalogName: String { "giftCombo" }
    package static var defaultLevel: Double { Levels.giftCombo }

    /// Options: `slots` (1...4, 2), `stay` (0.5...10 s, 3), `comboWindow` (0.5...10 s, 3),
    /// `queueLimit` (1...1000, 50), `top` (0...1200, 630), `tiers` (any of "small",
    /// "medium", "fullScreen"; all by default).
    package static func make(level: Double, options: WidgetOptions) throws -> Widget {
        var c = GiftComboConfiguration()
        c.slots = try options.int("slots", default: c.slots, in: 1...4)
        c.stay = try options.double("stay", default: c.stay, in: 0.5...10)
        c.comboWindow = try options.double("comboWindow", default: c.comboWindow, in: 0.5...10)
        c.queueLimit = try options.int("queueLimit", default: c.queueLimit, in: 1...1000)
        c.top = try options.double("top", default: c.top, in: 0...1200)
        c.tiers = try GiftTiers.parse(options, default: c.tiers)
        try options.finish()
        return GiftComboWidget(level: level, configuration: c)
    }
}

/// The `tiers` option shared by the gift widgets.
enum GiftTiers {
    static func parse(_ options: WidgetOptions, default d: Set<Gift.Tier>) throws -> Set<Gift.Tier> {
        let names = try options.strings("tiers", default: Gift.Tier.allCases.filter(d.contains).map(\.rawValue))
        var tiers = Set<Gift.Tier>()
        for name in names {
            guard let tier = Gift.Tier(rawValue: name) else {
                let valid = Gift.Tier.allCases.map(\.rawValue).joined(separator: ", ")
                throw options.error("tiers", "unknown tier '\(name)'; valid: \(valid)")
            }
            tiers.insert(tier)
        }
        return tiers
    }
}
