import StudioDomain
import StudioKit

/// The entrance banner of a new member: "Ana joined as Captain 舰长", sliding in from the left
/// in the level's color, holding, then sliding out; one at a time, the rest waiting in
/// arrival order (at most `queueLimit`; beyond that the oldest waiting is dropped and
/// counted). Touches pass through.
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
    /// The banner on screen: whom it announces, its line (fitted once, when it starts), and
    /// how long it has shown.
    private var showing: (membership: Membership, line: String, elapsed: Double)?

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
        if showing == nil, !waiting.isEmpty {
            let next = waiting.removeFirst()
            let months = next.months > 1 ? " ×\(next.months) months" : ""
            let text = "\(next.user) joined as \(next.level.title)\(months)"
            let line = context?.environment.measurer.fitting(text, font: Self.font, maxWidth: Self.size.width - 60) ?? text
            showing = (next, line, 0)
        }
    }

    package override func draw(in canvas: Canvas) {
        guard let (membership, line, t) = showing else { return }
        // Slides in over `enter`, out over `leave`: x from -width to 0 and back.
        let progress =
            t < Self.enter
            ? t / Self.enter
            : t > Self.enter + Self.hold ? 1 - (t - Self.enter - Self.hold) / Self.leave : 1
        let eased = 1 - (1 - progress) * (1 - progress)
        let x = -Self.size.width * (1 - eased)
        let box = Rect(x: x, y: 0, width: Self.size.width - 20, height: Self.size.height)
        canvas.fillRoundedRect(box, radius: box.height / 2, membership.level.color.withAlpha(0.9))
        canvas.text(line, font: Self.font, color: .white, at: Point(x: x + 22, y: 12))
    }
}
