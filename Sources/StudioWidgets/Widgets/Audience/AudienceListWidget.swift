import StudioDomain
import StudioKit

/// The top audience at the top right, under the lite and close buttons: overlapping round
/// avatars of the best-ranked members present (VIPs first, then by fan level, then by
/// arrival; a VIP wears a gold ring) and a pill with the online count.
///
/// It follows `.audienceEntered` / `.audienceLeft` (typed keys carrying an `AudienceMember`; each
/// also moves the count by one) and `.onlineCountChanged` (sets the count). Tapping it asks
/// for the rank list (`.rankListRequested`). Until a feed speaks it shows a few simulated
/// members chosen with the studio's seeded `random`; in a live server's room it shows only
/// who the server says came in, and the count the server says (arrivals do not move it).
package final class AudienceListWidget: Widget, CatalogWidget {
    package static let catalogName = "audienceList"
    package static let defaultLevel = Levels.audienceList

    /// The members present, best first; at most `capacity`.
    package private(set) var members: [AudienceMember] = []
    package private(set) var onlineCount = 0
    /// How many avatars show.
    package let shownCount: Int
    /// How many members are remembered (the rest of the room only counts).
    package static let capacity = 50
    var placement = FramePlacement()
    private var countText = "0"
    private var pillWidth = 64.0

    static let height = 56.0
    static let radius = 23.0
    static let pitch = 34.0
    static let gap = 10.0
    static let countFont = FontSpec.bold(24)

    package init(level: Double = Levels.audienceList, shownCount: Int = 3) {
        self.shownCount = max(1, shownCount)
        super.init(name: "audienceList", level: level, frame: Rect(x: 500, y: 140, width: 200, height: Self.height))
    }

    /// Options: `shown` (avatars, 1...5, default 3), `x`, `y`.
    package static func make(level: Double, options: WidgetOptions) throws -> Widget {
        let widget = AudienceListWidget(level: level, shownCount: try options.int("shown", default: 3, in: 1...5))
        widget.placement = try options.placement()
        try options.finish()
        return widget
    }

    package override func didLoad() {
        guard let context else { return }
        onlineCount = context.room.onlineCount
        let fedByServer = context.environment.isFedByLiveServer
        var names = fedByServer ? [] : DemoPeople.audience
        for _ in 0..<shownCount where !names.isEmpty {
            let name = names.remove(at: context.environment.random.index(below: names.count))
            let level = 8 + context.environment.random.index(below: 40)
            insert(AudienceMember(name: name, level: level, isVIP: context.environment.random.unit() < 0.3))
        }
        layout()
        // A simulated room counts its arrivals; a live server counts its own room.
        let step = fedByServer ? 0 : 1
        listen(to: .audienceEntered) { list, member in
            list.insert(member)
            list.onlineCount += step
            list.layout()
        }
        listen(to: .audienceLeft) { list, member in
            list.members.removeAll { $0.name == member.name }
            list.onlineCount = max(0, list.onlineCount - step)
            list.layout()
        }
        listen(to: .onlineCountChanged) { list, count in
            list.onlineCount = max(0, count)
            list.layout()
        }
    }

    /// The members whose avatars show, best first.
    package var shownMembers: ArraySlice<AudienceMember> { members.prefix(shownCount) }

    /// Puts `member` in its place (after everyone who ranks as high: earlier arrivals first).
    private func insert(_ member: AudienceMember) {
        members.removeAll { $0.name == member.name }
        let index = members.firstIndex { Self.ranks(member, above: $0) } ?? members.endIndex
        members.insert(member, at: index)
        if members.count > Self.capacity { members.removeLast(members.count - Self.capacity) }
    }

    static func ranks(_ a: AudienceMember, above b: AudienceMember) -> Bool {
        a.isVIP != b.isVIP ? a.isVIP : a.level > b.level
    }

    /// Sizes the widget to its avatars and count; it grows leftwards from the right margin
    /// unless a configuration placed it.
    private func layout() {
        countText = formatOnlineCount(onlineCount)
        let measurer = context?.environment.measurer
        pillWidth = max(64, (measurer?.measure(countText, font: Self.countFont).width ?? 40) + 28)
        frame.size.width = avatarsWidth + Self.gap + pillWidth
        let viewport = context?.environment.viewport ?? .studio
        // Just below the host capsule (which ends at y 144), clear of it.
        frame.origin = placement.origin(default: Point(x: viewport.width - 20 - frame.width, y: 150))
    }

    private var avatarsWidth: Double {
        let n = shownMembers.count
        return n == 0 ? 0 : 2 * (Self.radius + 3) + Double(n - 1) * Self.pitch
    }

    package override func handleTap(at point: Point) -> Bool {
        publish(.rankListRequested)
        return true
    }

    /// Three draw items per avatar and two for the count.
    package override func draw(in canvas: Canvas) {
        let shown = Array(shownMembers)
        let cy = Self.height / 2
        // Right to left, so the best member's avatar lies on top of its neighbour's.
        for (i, member) in shown.enumerated().reversed() {
            let center = Point(x: Self.radius + 3 + Double(i) * Self.pitch, y: cy)
            RoundAvatar.draw(
                canvas, name: member.name, center: center, radius: Self.radius,
                ring: member.isVIP ? Palette.gold : Color.white.withAlpha(0.85),
                ringWidth: member.isVIP ? 3 : 2)
        }
        let pill = Rect(x: avatarsWidth + Self.gap, y: 6, width: pillWidth, height: Self.height - 12)
        canvas.fillRoundedRect(pill, radius: pill.height / 2, Palette.panel)
        canvas.text(
            countText, font: Self.countFont, color: Palette.text,
            at: Point(x: pill.midX, y: pill.minY + 7), alignment: .center)
    }
}
