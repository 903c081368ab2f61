import StudioDomain
import StudioFeed
import StudioKit
import StudioWidgets

/// The co-stream kind, an audience member streaming with the host: the co-stream window
/// (picture in picture). The badge names the guest while one streams, and the room is told
/// when a guest joins or leaves.
package final class CoStreamRoom: RoomComponent, StudioKind {
    package static let kind = StudioKinds.coStream
    package static let requiredWidgets = [CoStreamWindowWidget.catalogName]

    /// Who streams with the host now.
    package private(set) var guest: String?
    private var window: CoStreamWindowWidget?

    package override func roomDidLoad() {
        window = studio.widget(named: CoStreamWindowWidget.catalogName) as? CoStreamWindowWidget
        refresh()
    }

    package override func didUpdate(_ step: FrameStep) {
        refresh()
    }

    /// The window joins guests on its own (and on `.coStreamJoined`): follow it.
    private func refresh() {
        let now = window?.isJoined == true ? window?.guest : nil
        guard now != guest else { return }
        if let now {
            studio.messages.postNotice("\(now) joined \(studio.room.hostName) on stream", from: "Co-stream")
        } else if let guest {
            studio.messages.postNotice("\(guest) left the stream", from: "Co-stream")
        }
        guest = now
        studio.badge.detail = now.map { "with \($0)" } ?? "Open seat"
    }
}
