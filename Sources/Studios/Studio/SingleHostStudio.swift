import StudioKit

/// Seed 003's type B, "live of single host for audience": the basic studio plus the room's
/// activity badge. The one studio kind so far.
public final class SingleHostStudio: BasicBusinessStudio {
    /// The `RoomInfo.kind` this studio shows.
    public static let kind = "audience"

    public override func studioWillLoad() {
        super.studioWillLoad()
        install(ActivityIconWidget())
    }
}
