import StudioDomain
import StudioKit

/// The entrance banner of a new member: "Ana joined as Captain 舰长", sliding in from the left
/// in the level's color, holding, then sliding out; one at a time, the rest waiting in
/// arrival order (at most `queueLimit`; beyond that the oldest waiting is dropped and
/// counted). Touches pass through. It slides by its transform, so its text never leaves
/// its box, and while it shows the danmaku keep out of it (`overlayKeepOutRect`).
///
/// Memberships come from `.membershipBought`.
package final class MembershipBannerWidget: Widget {
    /// Memberships received.
    package private(set) var received = 0
    /// Banners that finished on screen.
    package private(set) var shown = 0
    /// Waiting banners dropped because the line was full.
    package private(set) var dropped = 0
    /// Banners waiting.
    package var queued: Int { waiting.count }
    /// The banner on screen, if any.
    package var current: Membership? { showing?.membership }

    private var waiting: [Membership] = []
    /// The areas other widgets keep clear, which the banner waits for.
    private var keepOut = DanmakuKeepOut()
    /// The banner on screen: whom it announces, its line (fitted once, when it starts), and
    /// how long it has shown.
    private var showing: (membership: Membership, line: String, elapsed: Double)?

    /// Seconds the place is kept clear before the banner slides in.
    static let lead = 0.25
    static let enter = 0.3
    static let hold = 2.4
    static let leave = 0.3
    static let size = Size(width: 540, height: 52)
    static let queueLimit = 50
    static let font = FontSpec.bold(22)

    package init(level: Double = Levels.membershipBanner, top: Double = 566) {
        super.init(
            name: "membershipBanner", level: level,
            frame: Rect(x: 0, y: top, width: Self.size.width, height: Self.size.height))
        passesTouchesThrough = true
        keepsOverlaysOut = true
    }

    package override func didLoad() {
        listen(to: .membershipBought) { $0.enqueue($1) }
    }

    package func enqueue(_ membership: Membership) {
        received += 1
        waiting.append(membership)
        if waiting.count > Self.queueLimit {
            waiting.removeFirst()
            dropped += 1
        }
    }

    package override func update(_ step: FrameStep) {
        if var current = showing {
            current.elapsed += step.dt
            if current.elapsed >= Self.enter + Self.hold + Self.leave {
                showing = nil
                shown += 1
            } else {
                showing = current
            }
        }
        // The next banner waits while another widget keeps its place clear (a super chat's
        // open card), and starts `lead` early: its place is kept from the danmaku before it
        // slides in, so the comments there have faded out when it arrives.
        if showing == nil, !waiting.isEmpty, placeIsFree() {
            let next = waiting.removeFirst()
            let months = next.months > 1 ? " ×\(next.months) months" : ""
            let text = "\(next.user) joined as \(next.level.title)\(months)"
            let line = context?.environment.measurer.fitting(text, font: Self.font, maxWidth: Self.size.width - 60) ?? text
            showing = (next, line, -Self.lead)
        }
        transform = .translation(slide, 0)
    }

    /// Whether no other widget keeps the banner's place clear now (asked only while one waits).
    private func placeIsFree() -> Bool {
        _ = keepOut.refresh(for: self)
        return !keepOut.rects.contains { !$0.intersection(bounds).isEmpty }
    }

    /// How far left of its place the banner is now: from -width to 0 over `enter`, and back
    /// over `leave`.
    private var slide: Double {
        guard let t = showing?.elapsed else { return 0 }
        guard t >= 0 else { return -Self.size.width }
        let progress =
            t < Self.enter
            ? t / Self.enter
            : t > Self.enter + Self.hold ? 1 - (t - Self.enter - Self.hold) / Self.leave : 1
        let eased = 1 - (1 - progress) * (1 - progress)
        return -Self.size.width * (1 - eased)
    }

    package override func draw(in canvas: Canvas) {
        guard let (membership, line, t) = showing, t >= 0 else { return }
        let box = Rect(x: 0, y: 0, width: Self.size.width - 20, height: Self.size.height)
        canvas.fillRoundedRect(box, radius: box.height / 2, membership.level.color.withAlpha(0.9))
        canvas.text(line, font: Self.font, color: .white, at: Point(x: 22, y: 12))
    }
}

extension MembershipBannerWidget: OverlayKeepOutArea {
    /// The banner's box while one shows; nothing between banners.
    package var overlayKeepOutRect: Rect {
        showing == nil ? Rect(x: 0, y: 0, width: 0, height: 0) : Rect(origin: .zero, size: Self.size)
    }
}

extension MembershipBannerWidget: CatalogWidget {
    package static var catalogName: String { "membershipBanner" }
    package static var defaultLevel: Double { Levels.membershipBanner }

    /// Options: `top` (0...1200, 566).
    package static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let top = try options.double("top", default: 566, in: 0...1200)
        try options.finish()
        return MembershipBannerWidget(level: level, top: top)
    }
}
