import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

/// The room's badge, when its configuration shows one: the kind's title, and a short state
/// that the kind's part keeps beside it ("2W 1L").
public final class RoomBadge: RoomPart, BadgeDetailService {
    public let link = RoomLink()

    public init() {}
    private weak var widget: StudioBadgeWidget?

    /// The badge's detail; setting it does nothing when the room shows no badge, and costs
    /// nothing when unchanged.
    public var detail: String? {
        get { widget?.detail }
        set { widget?.detail = newValue }
    }

    func show(on widget: StudioBadgeWidget) { self.widget = widget }
}
