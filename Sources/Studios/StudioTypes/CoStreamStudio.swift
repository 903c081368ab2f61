import StudioKit

/// The co-stream kind, an audience member streaming with the host: the co-stream window
/// (picture in picture). The badge names the guest while one streams, and the room is told
/// when a guest joins or leaves.
public final class CoStreamStudio: ConfiguredStudio, StudioKind {
    public static let kind = StudioKinds.coStream
    public static let requiredWidgets = [CoStreamWindowWidget.catalogName]

    /// Who streams with the host now.
    public private(set) var guest: String?
    private var window: CoStreamWindowWidget?

    public override func studioDidLoad() {
        super.studioDidLoad()
        window = widget(named: CoStreamWindowWidget.catalogName) as? CoStreamWindowWidget
        refresh()
    }

    public override func update(_ step: FrameStep) {
        super.update(step)
        refresh()
    }

    /// The window joins guests on its own (and on `.coStreamJoined`): follow it.
    private func refresh() {
        let now = window?.isJoined == true ? window?.guest : nil
        guard now != guest else { return }
        if let now {
            postRoomNotice("\(now) joined \(room.hostName) on stream", from: "Co-stream")
        } else if let guest {
            postRoomNotice("\(guest) left the stream", from: "Co-stream")
        }
        guest = now
        setBadgeDetail(now.map { "with \($0)" } ?? "Open seat")
    }
}
