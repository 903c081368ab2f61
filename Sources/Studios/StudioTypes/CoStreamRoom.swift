import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

/// The co-stream kind, an audience member streaming with the host: the co-stream window
/// (picture in picture). The badge names the guest while one streams, and the room is told
/// when a guest joins or leaves.
package final class CoStreamRoom: RoomPart, StudioKind {
    package let link = RoomLink()

    package init() {}

    package static let kind = StudioKinds.coStream
    package static let requiredWidgets = [CoStreamWindowWidget.catalogName]

    /// Who streams with the host now.
    package private(set) var guest: String?
    private var window: CoStreamWindowWidget?

    package func roomDidLoad() {
        window = room.widget(named: CoStreamWindowWidget.catalogName, as: CoStreamWindowWidget.self)
        refresh()
    }

    package func didUpdate(_ step: FrameStep) {
        refresh()
    }

    /// The window joins guests on its own (and on `.coStreamJoined`): follow it.
    private func refresh() {
        let now = window?.isJoined == true ? window?.guest : nil
        guard now != guest else { return }
        if let now {
            room.notices?.postNotice("\(now) joined \(room.room.hostName) on stream", from: "Co-stream")
        } else if let guest {
            room.notices?.postNotice("\(guest) left the stream", from: "Co-stream")
        }
        guest = now
        room.badgeDetail?.detail = now.map { "with \($0)" } ?? "Open seat"
    }
}
