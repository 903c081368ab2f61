import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

/// The room's badge, when its configuration shows one: the kind's title, and a short state
/// that the kind's part keeps beside it ("2W 1L"). While the room's stream has ended the
/// badge says "Ended" in its place, whatever the kind keeps, and the kind's state returns
/// when a stream goes live again: a badge never says a room is live that is not.
public final class RoomBadge: RoomPart, BadgeDetailService {
    public let link = RoomLink()

    public init() {}
    private weak var widget: StudioBadgeWidget?
    /// What the kind last set, kept while the end shows in its place.
    private var kindDetail: String?
    private var streamEnded = false

    /// The kind's detail; it shows when the room has a badge and its stream has not ended,
    /// and costs nothing when unchanged.
    public var detail: String? {
        get { kindDetail }
        set {
            kindDetail = newValue
            refresh()
        }
    }

    func show(on widget: StudioBadgeWidget) {
        self.widget = widget
        refresh()
    }

    public func roomDidLoad() {
        listen(to: .liveStateChanged) { badge, state in
            badge.streamEnded = state == .ended
            badge.refresh()
        }
    }

    private func refresh() { widget?.detail = streamEnded ? "Ended" : kindDetail }
}
