import StudioDomain
import StudioKit

/// The host's capsule at the top left: a round avatar with the host's initial, the host's
/// name, the online count ("12.3k online") and a follow button. Tapping the follow button
/// toggles following (`.followToggled` and a toast); tapping elsewhere on the capsule
/// announces `.hostInfoTapped`. The count follows `.onlineCountChanged`.
package final class HostInfoWidget: Widget {
    package private(set) var isFollowing = false
    package private(set) var onlineCount = 0
    private var hostName = ""
    private var displayName = ""
    /// The follow button, in the widget's coordinates.
    package private(set) var followButton = Rect(x: 250, y: 16, width: 124, height: 56)

    static let height = 88.0
    static let nameFont = FontSpec.bold(28)
    static let countFont = FontSpec.regular(26)
    static let buttonFont = FontSpec.bold(26)
    static let textX = 92.0

    package init(level: Double = Levels.hostInfo) {
        super.init(name: "hostInfo", level: level, frame: Rect(x: 20, y: 56, width: 390, height: Self.height))
    }

    package override func didLoad() {
        guard let context else { return }
        hostName = context.room.hostName
        onlineCount = context.room.onlineCount
        layout(measurer: context.environment.measurer)
        listen(to: .onlineCountChanged) { $0.showOnline($1) }
    }

    private func showOnline(_ count: Int) {
        onlineCount = count
        if let measurer = context?.environment.measurer { layout(measurer: measurer) }
    }

    /// Shows `name` as the room's host from now on (a hosts loop hands the room over): the
    /// name, the avatar and its color change; following starts over, since the follow
    /// button follows the host on the card.
    package func showHost(_ name: String) {
        guard name != hostName else { return }
        hostName = name
        isFollowing = false
        if let measurer = context?.environment.measurer { layout(measurer: measurer) }
    }

    /// The host the card shows.
    package var shownHost: String { hostName }

    /// Sizes the capsule to the name (cut to 220 px) and places the follow button after it.
    private func layout(measurer: TextMeasurer) {
        displayName = measurer.fitting(hostName, font: Self.nameFont, maxWidth: 220)
        let nameWidth = measurer.measure(displayName, font: Self.nameFont).width
        let countWidth = measurer.measure(countText, font: Self.countFont).width
        let textWidth = max(nameWidth, countWidth, 120)
        let buttonWidth = max(measurer.measure("Following", font: Self.buttonFont).width + 28, 124)
        followButton = Rect(x: Self.textX + textWidth + 14, y: 16, width: buttonWidth, height: 56)
        frame.size.width = followButton.maxX + 16
    }

    private var countText: String { "\(formatOnlineCount(onlineCount)) online" }

    package override func handleTap(at point: Point) -> Bool {
        if followButton.insetBy(dx: -8, dy: -8).contains(point) {
            isFollowing.toggle()
            publish(.followToggled, isFollowing)
            publish(.toastRequested, isFollowing ? "Following \(hostName)" : "Unfollowed \(hostName)")
        } else {
            publish(.hostInfoTapped)
        }
        return true
    }

    /// About ten draw items per frame.
    package override func draw(in canvas: Canvas) {
        let h = Self.height
        canvas.fillRoundedRect(bounds, radius: h / 2, Palette.panel)
        let avatarCenter = Point(x: h / 2, y: h / 2)
        let avatarColor = Palette.avatars[Int(stableHash(hostName) % UInt64(Palette.avatars.count))]
        canvas.fillCircle(center: avatarCenter, radius: 36, .white)
        canvas.fillCircle(center: avatarCenter, radius: 33, avatarColor)
        let initial = hostName.first.map { String($0).uppercased() } ?? "?"
        canvas.text(
            initial, font: .bold(34), color: .white, at: Point(x: avatarCenter.x, y: avatarCenter.y - 21),
            alignment: .center)
        canvas.text(displayName, font: Self.nameFont, color: Palette.text, at: Point(x: Self.textX, y: 10))
        canvas.text(countText, font: Self.countFont, color: Palette.secondaryText, at: Point(x: Self.textX, y: 47))
        let button = followButton
        if isFollowing {
            canvas.fillRoundedRect(button, radius: button.height / 2, Color.white.withAlpha(0.2))
            canvas.text(
                "Following", font: Self.buttonFont, color: Palette.secondaryText,
                at: Point(x: button.midX, y: button.minY + 12), alignment: .center)
        } else {
            canvas.fillRoundedRect(button, radius: button.height / 2, Palette.brand)
            canvas.text(
                "Follow", font: Self.buttonFont, color: .white,
                at: Point(x: button.midX, y: button.minY + 12), alignment: .center)
        }
    }
}

extension HostInfoWidget: CatalogWidget {
    package static let catalogName = "hostInfo"
    package static var defaultLevel: Double { Levels.hostInfo }

    /// No options: the capsule shows the room's host and online count.
    package static func make(level: Double, options: WidgetOptions) throws -> Widget {
        try options.finish()
        return HostInfoWidget(level: level)
    }
}
